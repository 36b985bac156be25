import type { X509Certificate } from "node:crypto";
import type { Db } from "../../db/kysely.server";
import {
  signatureTrustRoots,
  verifyBankIdSignature,
  type SignatureVerification,
} from "../../integrations/bankid/index.server";
import type { Viewer } from "../transfers/facts.server";
import { findScopedTransfer } from "../transfers/scope.server";

/**
 * The decision record (decision 028): what was decided, by whom, and, for a signed decision, the
 * signature checked again on every reading against the trusted roots (BANKID_SIGNATURE_ROOTS, or the simulator's
 * CA): intact, chained, OCSP good and by the issuer, and the signed text the one the decision keeps.
 */
export interface DecisionRecordView {
  transferId: string;
  decision: "Approved" | "Rejected";
  decidedBy: string;
  decisionDate: string;
  recordedAt: string;
  signDevice: string;
  reason: string | null;
  acquirers: Array<{ name: string; identifier: string }>;
  documentId: string | null;
  signed: {
    signerName: string;
    signerPersonalNumber: string;
    signedAt: string;
    text: string;
    verification: SignatureVerification;
    /** The text the signature covers is the decision's recorded text. */
    textMatches: boolean;
    checkedAt: string;
  } | null;
}

export async function decisionRecordOf(
  db: Db,
  viewer: Viewer,
  transferId: string,
  { now = new Date(), trustedRoots }: { now?: Date; trustedRoots?: X509Certificate[] } = {},
): Promise<DecisionRecordView | null | "notFound"> {
  const transfer = await findScopedTransfer(db, viewer, transferId);
  if (!transfer) return "notFound";
  const row = await db
    .selectFrom("membership_decisions")
    .selectAll()
    .where("transfer_id", "=", transfer.id)
    .executeTakeFirst();
  if (!row) return null;
  const ids = row.acquirer_ids ? (JSON.parse(row.acquirer_ids) as string[]) : [];
  const parties = ids.length
    ? await db
        .selectFrom("transfer_parties")
        .select(["id", "first_name", "last_name", "identifier_value"])
        .where("transfer_id", "=", transfer.id)
        .where("id", "in", ids)
        .orderBy("sort_order")
        .execute()
    : [];
  let signed: DecisionRecordView["signed"] = null;
  if (row.signature && row.ocsp_response) {
    const verification = verifyBankIdSignature({
      signature: row.signature,
      ocspResponse: row.ocsp_response,
      trustedRoots: trustedRoots ?? signatureTrustRoots(),
    });
    const coveredText =
      verification.userVisibleData === null
        ? null
        : Buffer.from(verification.userVisibleData, "base64").toString("utf8");
    signed = {
      signerName: row.signer_name ?? "",
      signerPersonalNumber: row.signer_personal_number ?? "",
      signedAt: row.signed_at ?? row.created_at,
      text: row.signed_text ?? "",
      verification,
      textMatches: coveredText !== null && coveredText === row.signed_text,
      checkedAt: now.toISOString(),
    };
  }
  return {
    transferId: transfer.id,
    decision: row.decision as "Approved" | "Rejected",
    decidedBy: row.decided_by_name,
    decisionDate: row.decision_date,
    recordedAt: row.created_at,
    signDevice: row.sign_device,
    reason: row.reason,
    acquirers: parties.map((p) => ({
      name: `${p.first_name} ${p.last_name}`.trim(),
      identifier: p.identifier_value,
    })),
    documentId: row.document_id,
    signed,
  };
}
