import type { Db } from "../../db/kysely.server";
import type { AgreementExtraction } from "../../integrations/document-analysis/types.server";
import { ANALYSIS_STATUSES } from "../../integrations/document-analysis/types.server";
import { reduceFraction } from "~/lib/share";
import type { Fraction } from "~/lib/transfer";
import type { ProposedApplication } from "./read.server";

/**
 * The document analysis's proposal for the form (spec 03 §3 `proposedApplication`, §4.2): its status and, when
 * Ready, the acquirers and the agreement it read. Null when no analysis has started for the transfer.
 */
export async function readProposedApplication(
  db: Db,
  transferId: string,
): Promise<ProposedApplication | null> {
  const row = await db
    .selectFrom("document_analyses")
    .select(["status", "extraction"])
    .where("transfer_id", "=", transferId)
    .executeTakeFirst();
  if (!row) return null;
  const status = (ANALYSIS_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as ProposedApplication["status"])
    : "Failed";
  const extraction = status === "Ready" ? parseExtraction(row.extraction) : null;
  return {
    status: status === "Ready" && !extraction ? "Failed" : status,
    acquirers: (extraction?.acquirers ?? []).map((a) => ({
      firstName: a.firstName,
      lastName: a.lastName,
      identifier: a.identifier,
      transferShare: shareOf(a.share),
    })),
    agreement: {
      purchasePrice: extraction?.purchasePrice ?? null,
      contractDate: extraction?.contractDate ?? null,
      entryDate: extraction?.entryDate ?? null,
    },
  };
}

function parseExtraction(json: string | null): AgreementExtraction | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as AgreementExtraction;
    return value && typeof value === "object" && Array.isArray(value.acquirers) ? value : null;
  } catch {
    return null;
  }
}

/** The analysis states shares as a number in [0, 1]; the form wants a fraction (to a millionth of a percent). */
function shareOf(share: number | null): Fraction | null {
  if (share === null || !Number.isFinite(share) || share < 0 || share > 1) return null;
  return reduceFraction({ numerator: Math.round(share * 1e8), denominator: 1e8 });
}
