import type { Db } from "../../db/kysely.server";
import { proposedApplicationOf } from "../documents/analysis.server";
import { reduceFraction } from "~/lib/share";
import type { Fraction } from "~/lib/transfer";
import type { ProposedApplication } from "./read.server";

/**
 * The document analysis's proposal for the form (spec 03 §3 `proposedApplication`, §4.2) in the application's
 * terms (shares as fractions, identifiers as their digits): its status and, when Ready, the acquirers and the
 * agreement it read. Null when no analysis has started for the transfer. The row is read and validated by the
 * analysis's own reader (documents/analysis.server).
 */
export async function readProposedApplication(
  db: Db,
  transferId: string,
): Promise<ProposedApplication | null> {
  const proposed = await proposedApplicationOf(db, transferId);
  if (!proposed) return null;
  return {
    status: proposed.status,
    acquirers: proposed.acquirers.map((a) => ({
      firstName: a.firstName,
      lastName: a.lastName,
      identifier: a.identifier?.value ?? null,
      transferShare: shareOf(a.transferShare),
    })),
    agreement: proposed.agreement,
  };
}

/** The analysis states shares as a number in [0, 1]; the form wants a fraction (to a millionth of a percent). */
function shareOf(share: number | null): Fraction | null {
  if (share === null || !Number.isFinite(share) || share < 0 || share > 1) return null;
  return reduceFraction({ numerator: Math.round(share * 1e8), denominator: 1e8 });
}
