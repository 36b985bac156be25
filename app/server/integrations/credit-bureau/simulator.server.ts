import { createHash } from "node:crypto";
import { formatOrganisationsnummer } from "~/lib/organisationsnummer";
import { normalizeCreditReportRequest, type NormalizedCreditReportRequest } from "./request.server";
import { simulatedOutcome, simulatedReport } from "./simulated-reports.server";
import {
  CreditBureauError,
  type CreditBureau,
  type CreditOrder,
  type CreditReportAnswer,
  type CreditReportRequest,
} from "./types.server";

/** How long an order stays Pending by default: long enough to see `Hämtar kreditupplysning ...`. */
export const DEFAULT_SIMULATOR_LATENCY_MS = 3_000;

/** What the bureau says when it gives no report: a protected identity, a failure. */
const PROTECTED_REASON = "Uppgifter om personen lämnas inte ut";
const ERROR_REASON = "Tekniskt fel hos kreditupplysningsföretaget, försök igen senare";

export interface CreditBureauSimulatorOptions {
  /** How long an order stays Pending. */
  latencyMs?: number;
  /** A bureau that refuses every call (CreditBureauError unavailable). */
  down?: boolean;
  now?: () => Date;
  /** The person's name as the population register has it; null when not known (a name is derived). */
  nameOf?: (personalNumber: string) => Promise<string | null>;
}

interface SimulatedOrder {
  request: NormalizedCreditReportRequest;
  orderedAt: Date;
}

/**
 * The credit bureau simulated in process: an order is Pending for `latencyMs`, then Success with
 * simulatedReport, SuccessWithoutResult for a protected identity or Error (simulatedOutcome). One order per
 * reference, kept in memory: after a restart the simulator no longer knows earlier orders (invalidRequest).
 */
export class CreditBureauSimulator implements CreditBureau {
  latencyMs: number;
  down: boolean;
  private readonly now: () => Date;
  private readonly nameOf: (personalNumber: string) => Promise<string | null>;
  private readonly orders = new Map<string, SimulatedOrder>();

  constructor(options: CreditBureauSimulatorOptions = {}) {
    this.latencyMs = options.latencyMs ?? DEFAULT_SIMULATOR_LATENCY_MS;
    this.down = options.down ?? false;
    this.now = options.now ?? (() => new Date());
    this.nameOf = options.nameOf ?? (() => Promise.resolve(null));
  }

  private refuseWhenDown(): void {
    if (this.down)
      throw new CreditBureauError("unavailable", "The simulated bureau is down", { httpStatus: 503 });
  }

  orderReport(request: CreditReportRequest): Promise<CreditOrder> {
    return Promise.resolve().then(() => {
      this.refuseWhenDown();
      const normalized = normalizeCreditReportRequest(request, this.now());
      const bureauOrderId = `SIM-${createHash("sha256").update(normalized.reference).digest("hex").slice(0, 20)}`;
      const existing = this.orders.get(bureauOrderId);
      if (existing && existing.request.personalNumber !== normalized.personalNumber) {
        throw new CreditBureauError("invalidRequest", "The reference was used for another person", {
          httpStatus: 409,
        });
      }
      if (!existing) this.orders.set(bureauOrderId, { request: normalized, orderedAt: this.now() });
      return { bureauOrderId, status: "Pending" as const };
    });
  }

  async fetchReport(bureauOrderId: string): Promise<CreditReportAnswer> {
    this.refuseWhenDown();
    const order = this.orders.get(bureauOrderId);
    if (!order)
      throw new CreditBureauError("invalidRequest", "The bureau does not know the order", {
        httpStatus: 404,
      });
    if (this.now().getTime() - order.orderedAt.getTime() < this.latencyMs) return { status: "Pending" };
    const { personalNumber, requestedBy } = order.request;
    switch (simulatedOutcome(personalNumber)) {
      case "SuccessWithoutResult":
        return { status: "SuccessWithoutResult", reason: PROTECTED_REASON };
      case "Error":
        return { status: "Error", reason: ERROR_REASON };
      case "Success":
        return {
          status: "Success",
          report: simulatedReport({
            personalNumber,
            orderedAt: order.orderedAt,
            fullName: await this.nameOf(personalNumber),
            requester: requestedBy.organisationNumber
              ? `organisation ${formatOrganisationsnummer(requestedBy.organisationNumber)}`
              : `Överlåtelseportalen (${requestedBy.tenant})`,
          }),
        };
    }
  }
}
