import crypto from "node:crypto";
import type { TransferRow } from "../../db/schema.server";
import { formatIdentifierForDisplay } from "~/lib/identifier";

/**
 * What the signer signs (decision 028): the text the BankID app shows (userVisibleData, simpleMarkdownV1: the
 * decision, the transfer, the association, each acquirer with their personal number, the date, the reason) and a
 * hash of the decision as canonical JSON (userNonVisibleData), which an audit can compute again from the record.
 */

export type DecisionKind = "Approve" | "Reject";

/** The text the signer reads in the BankID app (simpleMarkdownV1). */
export function decisionText(input: {
  decision: DecisionKind;
  objectNumber: string;
  associationName: string;
  transferId: string;
  acquirers: Array<{ name: string; identifier: string }>;
  decisionDate: string;
  reason?: string;
}): string {
  const lines = [
    input.decision === "Approve" ? "# Godkännande av medlemskap" : "# Avslag på ansökan om medlemskap",
    "",
    input.decision === "Approve"
      ? `För ${input.associationName} godkänner jag medlemskapet för förvärvarna nedan.`
      : `För ${input.associationName} avslår jag ansökan om medlemskap för förvärvarna nedan.`,
    "",
    `Överlåtelse: ${input.objectNumber} (${input.transferId})`,
    `Förening: ${input.associationName}`,
    "Förvärvare:",
    ...input.acquirers.map((a) => `+ ${a.name}, ${a.identifier}`),
    `Beslutsdatum: ${input.decisionDate}`,
  ];
  if (input.reason) lines.push(`Orsak: ${input.reason}`);
  return lines.join("\n");
}

/** The decision as canonical JSON, hashed: what userNonVisibleData carries and the audit can recompute. */
export function decisionHash(decision: {
  transferId: string;
  decision: DecisionKind;
  acquirerIds: string[];
  decisionDate: string;
  reason: string | null;
  signId: string;
}): string {
  const canonical = JSON.stringify([
    decision.transferId,
    decision.decision,
    [...decision.acquirerIds].sort(),
    decision.decisionDate,
    decision.reason,
    decision.signId,
  ]);
  return `sha256:${crypto.createHash("sha256").update(canonical, "utf8").digest("hex")}`;
}

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

/** An acquirer as the text names them. */
export interface NamedAcquirer {
  first_name: string;
  last_name: string;
  identifier_type: string;
  identifier_value: string;
}

/** The data sent to BankID /sign for a decision, base64 as BankID takes it and as the sign session keeps it. */
export function signedData(input: {
  signId: string;
  decision: DecisionKind;
  row: Pick<TransferRow, "id" | "object_number" | "association_name">;
  acquirers: NamedAcquirer[];
  acquirerIds: string[];
  decisionDate: string;
  reason: string | null;
}): { userVisibleData: string; userNonVisibleData: string } {
  const { row, decisionDate, reason } = input;
  const text = decisionText({
    decision: input.decision,
    objectNumber: row.object_number,
    associationName: row.association_name,
    transferId: row.id,
    acquirers: input.acquirers.map((a) => ({
      name: `${a.first_name} ${a.last_name}`.trim(),
      identifier: formatIdentifierForDisplay({
        type: a.identifier_type as "SocialSecurityNumber" | "OrganizationNumber" | "Other",
        value: a.identifier_value,
      }),
    })),
    decisionDate,
    reason: reason ?? undefined,
  });
  const hash = decisionHash({
    transferId: row.id,
    decision: input.decision,
    acquirerIds: input.acquirerIds,
    decisionDate,
    reason,
    signId: input.signId,
  });
  return { userVisibleData: b64(text), userNonVisibleData: b64(hash) };
}

/** The text put before the signer, read back from the kept userVisibleData; null when none was kept. */
export function visibleText(userVisibleData: string | null): string | null {
  return userVisibleData ? Buffer.from(userVisibleData, "base64").toString("utf8") : null;
}
