import type { TransferType } from "~/lib/transfer";
import type { ApplicationFormContext, RawApplication } from "./application";

/**
 * The wizard's step 2 (`Uppgifter`) as the server hands it to the page (app/server/web/wizard/form-step.server.ts
 * builds it, app/ui/wizard/FormStep.tsx shows it). The rules themselves are `applicationFormSchema`.
 */
export interface FormStepData {
  /** The schema's context; the page builds the browser's schema from it. */
  context: ApplicationFormContext;
  /** The form's values (conform's defaultValue), with the transfer's version. */
  value: RawApplication & { version: string };
  transferType: TransferType;
  sharePrecision: number;
  transferors: Array<{ id: string; name: string; identifier: string; ownerShare: string }>;
  /** The analysis's proposal filled in what was not saved (spec 03 §4.2 Ready). */
  prefilled: boolean;
  /** The analysis failed: the page says so above the form (spec 03 §4.2 Failed). */
  analysisFailed: boolean;
  guaranteeVerified: boolean;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** A row of the acquirers' list that is one of the transferors (switched on or off, never removed). */
export function isTransferorRow(row: unknown): boolean {
  const r = (row ?? {}) as Record<string, unknown>;
  return text(r.isTransferor) === "on" || text(r.transferorId) !== "";
}

/**
 * The payment-notice options in the order the page lists them (spec 03 §4.3): the acquirers taking part, then the
 * transferors, as `Type:index` into the form's lists. The first is the default when the chosen one is gone.
 */
export function recipientOptions(
  value: Pick<RawApplication, "acquirers" | "transferors"> | undefined,
): string[] {
  const acquirers = (value?.acquirers ?? []).flatMap((row, index) =>
    isTransferorRow(row) && text((row as Record<string, unknown>)?.enabled) !== "on"
      ? []
      : [`Acquirer:${index}`],
  );
  return [...acquirers, ...(value?.transferors ?? []).map((_, index) => `Transferor:${index}`)];
}
