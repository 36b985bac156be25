import * as z from "zod";
import { CREDIT_SCORE_VALUES, type CreditScore } from "~/lib/credit-score";

/** The bureau's scores are the spec's (spec 02 §3): one list, which the pages' colours and texts also follow. */
export const CREDIT_SCORES = CREDIT_SCORE_VALUES;
export type CreditCheckScore = CreditScore;

/** What the bureau says of an order. The portal's own `Cancelled` (spec 02 §3) is never the bureau's. */
export const BUREAU_ORDER_STATUSES = ["Pending", "Success", "SuccessWithoutResult", "Error"] as const;
export type BureauOrderStatus = (typeof BUREAU_ORDER_STATUSES)[number];

export const GENDERS = ["Male", "Female"] as const;
export const MARITAL_STATUSES = ["Unmarried", "Married", "Divorced", "Widowed"] as const;

const sek = z.number().int().nonnegative();
const isoDate = z.iso.date();
const isoInstant = z.iso.datetime({ offset: true });

/**
 * The consumer report, field for field as spec 02 §3 writes the credit check order's `result.result`
 * (`martialStatus`, `occuredOn` and `eventOccured` are the spec's spelling). Amounts are whole kronor.
 */
export const creditReportSchema = z
  .object({
    fullName: z.string().min(1),
    gender: z.enum(GENDERS),
    age: z.number().int().min(0).max(130),
    martialStatus: z.enum(MARITAL_STATUSES),
    creditDecision: z.object({
      creditCheckScore: z.enum(CREDIT_SCORES),
      /** The bureau's reason, only (and always) with NotScored. */
      notScoredReason: z.string().min(1).nullable(),
    }),
    debtBalance: z.object({
      numberOfPublicDebt: z.number().int().nonnegative(),
      totalPublicDebt: sek,
      numberOfPrivateDebt: z.number().int().nonnegative(),
      totalPrivateDebt: sek,
    }),
    taxAssessments: z.array(
      z.object({
        year: z.number().int().min(1900).max(2200),
        totalGrossIncome: sek,
        incomeOfEmployment: sek,
        incomeOfActiveBusinessActivity: sek,
        incomeOfPassiveBusinessActivity: sek,
        deficitOfCapital: sek,
        surplusOfCapital: sek,
        deductionFromEarnedIncome: sek,
        finalTax: sek,
      }),
    ),
    remarksOfPayment: z.array(z.object({ occuredOn: isoDate, amount: sek, description: z.string().min(1) })),
    realEstateProperties: z.array(
      z.object({
        propertyDesignation: z.string().min(1),
        /** The person's share of the property, e.g. "1/1" or "1/2". */
        ownership: z.string().regex(/^\d+\/\d+$/),
        taxValueOfLand: sek,
        taxValueOfBuilding: sek,
        totalTaxValue: sek,
        /** Square metres of land. */
        acreage: z.number().int().nonnegative(),
      }),
    ),
    /** Null when the person is not registered in Sweden (for example a coordination number). */
    residential: z
      .object({ county: z.string().min(1), municipality: z.string().min(1), parish: z.string().min(1) })
      .nullable(),
    history: z.array(
      z.object({
        eventOccured: isoInstant,
        category: z.string().min(1),
        description: z.string().min(1),
        /** When this report was ordered. */
        metadata: z.object({ orderedAt: isoInstant }),
      }),
    ),
  })
  .refine(
    (r) =>
      (r.creditDecision.creditCheckScore === "NotScored") === (r.creditDecision.notScoredReason !== null),
    { message: "notScoredReason is given with NotScored and only then", path: ["creditDecision"] },
  )
  .refine((r) => r.debtBalance.numberOfPublicDebt > 0 || r.debtBalance.totalPublicDebt === 0, {
    message: "a public debt total needs a count",
    path: ["debtBalance"],
  })
  .refine((r) => r.debtBalance.numberOfPrivateDebt > 0 || r.debtBalance.totalPrivateDebt === 0, {
    message: "a private debt total needs a count",
    path: ["debtBalance"],
  })
  .refine(
    (r) => r.realEstateProperties.every((p) => p.totalTaxValue === p.taxValueOfLand + p.taxValueOfBuilding),
    {
      message: "totalTaxValue is land plus building",
      path: ["realEstateProperties"],
    },
  );

export type CreditReport = z.infer<typeof creditReportSchema>;

/**
 * Why the report is taken (spec 02 §5: the requester confirms a legitimate need; the manager may invoice the
 * cost). The bureau logs it with the inquiry and shows the person who asked.
 */
export interface LegitimateNeed {
  /** Free text the bureau keeps with the inquiry, e.g. "Prövning av medlemskap i bostadsrättsförening". */
  purpose: string;
  requestedBy: {
    /** The organisation the inquiry is made for (10 digits), when it has one; else the portal tenant. */
    organisationNumber?: string;
    tenant?: string;
    /** The portal user who ordered (kept by the bureau for its inquiry log). */
    userId: string;
  };
}

export interface CreditReportRequest {
  /** A personal or coordination number in any accepted form; sent as 12 digits. */
  personalNumber: string;
  legitimateNeed: LegitimateNeed;
  /** The portal's order id: the bureau keeps one order per reference, so a retry is harmless. */
  reference: string;
}

export interface CreditOrder {
  bureauOrderId: string;
  status: BureauOrderStatus;
}

export type CreditReportAnswer =
  | { status: "Pending" }
  | { status: "Success"; report: CreditReport }
  /** No report may be given, typically a protected identity; the spec advises an income certificate instead. */
  | { status: "SuccessWithoutResult"; reason: string | null }
  | { status: "Error"; reason: string | null };

/** A credit bureau: order a consumer report for a personal number with a stated need, then fetch the result. */
export interface CreditBureau {
  orderReport(request: CreditReportRequest, options?: { signal?: AbortSignal }): Promise<CreditOrder>;
  fetchReport(bureauOrderId: string, options?: { signal?: AbortSignal }): Promise<CreditReportAnswer>;
}

export type CreditBureauErrorKind = "unavailable" | "invalidRequest" | "unauthorized" | "unknown";

/**
 * Every failure of a call to the bureau. `unavailable` (down, timeout, 5xx, aborted) may work later;
 * `invalidRequest` means our input was wrong (a number that is not a personal number, an order the bureau
 * does not know); `unauthorized` that the bureau refused our credentials or our need; `unknown` covers
 * answers we cannot use (outside the contract).
 */
export class CreditBureauError extends Error {
  override readonly name = "CreditBureauError";
  readonly kind: CreditBureauErrorKind;
  readonly httpStatus: number | null;

  constructor(
    kind: CreditBureauErrorKind,
    message: string,
    options: { httpStatus?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.httpStatus = options.httpStatus ?? null;
  }

  get retryable(): boolean {
    return this.kind === "unavailable";
  }
}

export function isCreditBureauError(error: unknown): error is CreditBureauError {
  return error instanceof CreditBureauError;
}
