import { parsePersonnummer } from "~/lib/personnummer";
import { CreditBureauError, type CreditReportRequest } from "./types.server";

export const MAX_PURPOSE_LENGTH = 200;

export interface NormalizedCreditReportRequest {
  /** 12 digits; a coordination number keeps its day + 60. */
  personalNumber: string;
  isCoordinationNumber: boolean;
  purpose: string;
  requestedBy: { organisationNumber?: string; tenant?: string; userId: string };
  reference: string;
}

/**
 * Checks an order before it reaches a bureau (spec 02 §5: a personal number only, digits only, a stated
 * need). Throws CreditBureauError invalidRequest, naming what is wrong.
 */
export function normalizeCreditReportRequest(
  request: CreditReportRequest,
  now: Date = new Date(),
): NormalizedCreditReportRequest {
  const invalid = (message: string) => new CreditBureauError("invalidRequest", message);
  const parsed = parsePersonnummer(request.personalNumber, now);
  if (!parsed.ok) throw invalid(`Not a personal number (${parsed.reason})`);
  const purpose = request.legitimateNeed.purpose.trim();
  if (!purpose) throw invalid("A legitimate need (purpose) is required");
  if (purpose.length > MAX_PURPOSE_LENGTH)
    throw invalid(`The purpose is over ${MAX_PURPOSE_LENGTH} characters`);
  const { organisationNumber, tenant, userId } = request.legitimateNeed.requestedBy;
  const org = organisationNumber?.replace(/\D/g, "");
  if (organisationNumber !== undefined && !/^\d{10}$/.test(org ?? ""))
    throw invalid("requestedBy.organisationNumber must be 10 digits");
  if (!org && !tenant?.trim()) throw invalid("requestedBy needs an organisation number or a tenant");
  if (!userId.trim()) throw invalid("requestedBy.userId is required");
  const reference = request.reference.trim();
  if (!reference || reference.length > 100) throw invalid("A reference of 1-100 characters is required");
  return {
    personalNumber: parsed.value.normalized12,
    isCoordinationNumber: parsed.value.isCoordinationNumber,
    purpose,
    requestedBy: {
      ...(org ? { organisationNumber: org } : {}),
      ...(tenant?.trim() ? { tenant: tenant.trim() } : {}),
      userId: userId.trim(),
    },
    reference,
  };
}
