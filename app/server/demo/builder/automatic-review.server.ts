import { CHECK_TYPES, type CheckType } from "~/lib/transfer";
import { addMinutes } from "./clock.server";
import type { TransferBuilder } from "./transfer.server";

/** The automatic review: every check, deviations where the literal or the parties call for one. */

const PRICE_CHECKS: readonly CheckType[] = [
  "PricePresent",
  "PriceAboveZero",
  "PricePlausible",
  "PriceMatches",
];

export function automaticChecks(b: TransferBuilder): void {
  const { t, clock, acquirers } = b;
  const reviewedAt = b.stepAt("completeAutomaticReview");
  const sentAt = b.stepAt("sendToMembershipReview");
  if (!reviewedAt) {
    if (t.deviations || t.accepted) b.fail("checks on a transfer that was never reviewed");
    return;
  }
  const flagged = new Set<CheckType>(t.deviations ?? []);
  if ((t.guarantors ?? []).length > 0) flagged.add("NoGuarantor");
  if (t.transferors.some((p) => p.who.first.startsWith("Dödsbo"))) flagged.add("NoEstateOfDeceased");
  if (acquirers.some((p) => p.member === "MEMBER")) flagged.add("AcquirerNotAlreadyMember");
  if (t.saleStopped) flagged.add("NoSaleStop");
  for (const type of CHECK_TYPES) {
    if (t.type !== "Purchase" && PRICE_CHECKS.includes(type)) continue;
    const explicit = t.accepted?.find((c) => c.type === type);
    // A deviation the manager let through to the board was accepted just before sending.
    const accepted = explicit
      ? { by: explicit.by as string | null, at: clock.at(explicit.at) }
      : flagged.has(type) && sentAt
        ? { by: b.manager, at: addMinutes(sentAt, -10) }
        : null;
    const result = accepted ? "AcceptedDeviation" : flagged.has(type) ? "Deviation" : "Valid";
    if (result === "Deviation" && sentAt) b.fail(`unaccepted deviation ${type} after the review`);
    b.rows.checks.push({
      id: `${t.id}-check-${type}`,
      transfer_id: t.id,
      type,
      result,
      accepted_by_user_id: accepted?.by ?? null,
      accepted_at: accepted ? b.touch(accepted.at) : null,
      created_at: reviewedAt,
    });
  }
}
