import * as z from "zod";
import "./zod-errors";
import { IDENTIFIER_TYPES } from "~/lib/identifier";

/**
 * The terms of a credit check (spec 02 §5 "Credit check request"): the person, and the requester's confirmation
 * of a legitimate need and that the manager may invoice the cost. The identifier is the server's, never the form's.
 */
export const CreditCheckTermsSchema = z.object({
  person: z.string({ error: "validation.required" }).min(1, "validation.required"),
  confirmed: z.literal("on", { error: "review:creditCheck.terms.confirmRequired" }),
});

/** The bureau's report as a page receives it (spec 02 §3 `result.result`; checked on the server). */
export interface CreditReportData {
  fullName: string;
  gender: string;
  age: number;
  martialStatus: string;
  creditDecision: { creditCheckScore: string; notScoredReason: string | null };
  debtBalance: {
    numberOfPublicDebt: number;
    totalPublicDebt: number;
    numberOfPrivateDebt: number;
    totalPrivateDebt: number;
  };
  taxAssessments: Array<{
    year: number;
    totalGrossIncome: number;
    incomeOfEmployment: number;
    incomeOfActiveBusinessActivity: number;
    incomeOfPassiveBusinessActivity: number;
    deficitOfCapital: number;
    surplusOfCapital: number;
    deductionFromEarnedIncome: number;
    finalTax: number;
  }>;
  remarksOfPayment: Array<{ occuredOn: string; amount: number; description: string }>;
  realEstateProperties: Array<{
    propertyDesignation: string;
    ownership: string;
    taxValueOfLand: number;
    taxValueOfBuilding: number;
    totalTaxValue: number;
    acreage: number;
  }>;
  residential: { county: string; municipality: string; parish: string } | null;
  history: Array<{
    eventOccured: string;
    category: string;
    description: string;
    metadata: { orderedAt: string };
  }>;
}

/** An order of a credit check: the person by their identifier (POST …/creditChecks, the Kreditupplysning page). */
export const OrderCreditCheckSchema = z.object({
  identifier: z.object({
    type: z.enum(IDENTIFIER_TYPES, { error: "validation.unknownValue" }),
    value: z
      .string({ error: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .max(64, "validation.unknownValue"),
  }),
});

/** The payload of a credit check's collect job (creditCheck.collect), one poll of a chain. */
export const CollectCreditCheckSchema = z.object({
  orderId: z.string().min(1),
  poll: z.number().int().min(0).default(0),
  bureauOrderId: z.string().min(1).nullable().default(null),
  placedAgain: z.number().int().min(0).default(0),
  /** Which chain of polls the job belongs to: null for the order's first, a name for one the sweep started. */
  chain: z.string().min(1).max(200).nullable().default(null),
});
export type CollectCreditCheck = z.infer<typeof CollectCreditCheckSchema>;
