import * as z from "zod";

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
