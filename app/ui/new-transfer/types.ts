import type { SubmissionResult } from "@conform-to/react";

/** An object found; the live search's hits carry only the id and name (spec 03 §3), the form post's all of it. */
export type FoundObject = {
  objectId: string;
  name: string;
  description?: string;
  association?: string;
  owners?: string[];
};

export type Duplicate = { transferId: string; status: string; objectNumber: string; created: string };

/** The possible duplicates of one object. */
export type Duplicates = { objectId: string; list: Duplicate[] };

/** What the /newTransfer action answers: its form's reply, the search's objects, the duplicates to ask about. */
export type NewTransferData = {
  result?: SubmissionResult<string[]>;
  search?: { status: "completed" | "limitedCompleted"; objects: FoundObject[]; requestId: string };
  duplicates?: { objectId: string; list: Duplicate[] };
};
