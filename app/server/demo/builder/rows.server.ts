import type { Insertable } from "kysely";
import type { Database } from "../../db/schema.server";

/** A row as the seed inserts it. */
export type Row<T extends keyof Database> = Insertable<Database[T]>;

export interface SeedFile {
  storageKey: string;
  bytes: Uint8Array;
}

export interface TransferSeedRows {
  associations: Row<"associations">[];
  objects: Row<"property_objects">[];
  engagements: Row<"board_engagements">[];
  transfers: Row<"transfers">[];
  parties: Row<"transfer_parties">[];
  documents: Row<"documents">[];
  checks: Row<"automatic_checks">[];
  supplementRequests: Row<"supplement_requests">[];
  supplementAnswers: Row<"supplement_answers">[];
  answerGuarantors: Row<"supplement_answer_guarantors">[];
  changeRequests: Row<"change_requests">[];
  creditChecks: Row<"credit_check_orders">[];
  messages: Row<"messages">[];
  notes: Row<"notes">[];
  decisions: Row<"membership_decisions">[];
  signSessions: Row<"sign_sessions">[];
  audit: Row<"audit_log">[];
  files: SeedFile[];
}
