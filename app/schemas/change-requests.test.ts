import { describe, expect, it } from "vitest";
import { parseWithZod } from "@conform-to/zod/v4";
import {
  ChangeRequestDecisionSchema,
  changeRequestFieldsSchema,
  changeRequestFormClientSchema,
  parsePurchasePrice,
  RejectChangeRequestFormSchema,
  type Agreement,
  type ChangeableFields,
} from "./change-requests";

const current: Agreement = { purchasePrice: 2_450_000, entryDate: "2026-12-01", contractDate: "2026-10-01" };
const all: ChangeableFields = { purchasePrice: true, entryDate: true, contractDate: true };

function errorsOf(input: Record<string, unknown>, changeable = all, agreement = current) {
  const result = changeRequestFieldsSchema(agreement, changeable).safeParse(input);
  if (result.success) return { ok: true as const, changes: result.data };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (errors[issue.path.join(".") || "form"] ??= []).push(issue.message);
  return { ok: false as const, errors };
}

describe("parsePurchasePrice", () => {
  it("strips every kind of whitespace: `12 345`, with a non-breaking or narrow space, a tab", () => {
    expect(parsePurchasePrice("12 345")).toEqual({ ok: true, value: 12_345 });
    expect(parsePurchasePrice("2\u00a0450\u00a0000")).toEqual({ ok: true, value: 2_450_000 });
    expect(parsePurchasePrice(" 2\u202f450\t000 ")).toEqual({ ok: true, value: 2_450_000 });
    expect(parsePurchasePrice("12 345,00")).toEqual({ ok: true, value: 12_345 });
  });

  it("is no change when nothing but whitespace is left", () => {
    expect(parsePurchasePrice("")).toBeNull();
    expect(parsePurchasePrice("  \u00a0")).toBeNull();
  });

  it("refuses `1e9`, `-5` and `12 345,50`, each with its own Swedish text", () => {
    expect(parsePurchasePrice("1e9")).toEqual({ ok: false, message: "domain:changeRequests.priceDigits" });
    expect(parsePurchasePrice("-5")).toEqual({ ok: false, message: "domain:changeRequests.priceNegative" });
    expect(parsePurchasePrice("−5")).toEqual({ ok: false, message: "domain:changeRequests.priceNegative" });
    expect(parsePurchasePrice("12 345,50")).toEqual({
      ok: false,
      message: "domain:changeRequests.priceDecimals",
    });
    expect(parsePurchasePrice("12.5")).toEqual({ ok: false, message: "domain:changeRequests.priceDecimals" });
    expect(parsePurchasePrice("2 450 000 kr")).toEqual({
      ok: false,
      message: "domain:changeRequests.priceDigits",
    });
    expect(parsePurchasePrice("0x10")).toEqual({ ok: false, message: "domain:changeRequests.priceDigits" });
  });

  it("takes 1 to 999 999 999 kr (the 32-bit integer column), no more", () => {
    expect(parsePurchasePrice("0")).toEqual({ ok: false, message: "domain:validation.priceMinimum" });
    expect(parsePurchasePrice("1")).toEqual({ ok: true, value: 1 });
    expect(parsePurchasePrice("999 999 999")).toEqual({ ok: true, value: 999_999_999 });
    expect(parsePurchasePrice("1 000 000 000")).toEqual({
      ok: false,
      message: "domain:changeRequests.priceTooHigh",
    });
    expect(parsePurchasePrice("9".repeat(400))).toEqual({
      ok: false,
      message: "domain:changeRequests.priceTooHigh",
    });
  });
});

describe("changeRequestFieldsSchema", () => {
  it("keeps only the values that differ from the current agreement", () => {
    expect(errorsOf({ purchasePrice: "2 400 000", entryDate: "2026-12-01" })).toEqual({
      ok: true,
      changes: { purchasePrice: 2_400_000 },
    });
    expect(errorsOf({ entryDate: "2027-01-15", contractDate: "2026-10-05" })).toEqual({
      ok: true,
      changes: { entryDate: "2027-01-15", contractDate: "2026-10-05" },
    });
  });

  it("refuses a request that changes nothing: empty, absent, or every value as it is", () => {
    for (const input of [
      {},
      { purchasePrice: "", entryDate: "", contractDate: "" },
      { purchasePrice: "2 450 000", entryDate: "2026-12-01", contractDate: "2026-10-01" },
    ]) {
      expect(errorsOf(input)).toEqual({ ok: false, errors: { form: ["domain:changeRequests.noChange"] } });
    }
  });

  it("refuses dates that are not real dates, each with the spec's text", () => {
    expect(errorsOf({ entryDate: "2027-02-30", contractDate: "1 oktober" })).toEqual({
      ok: false,
      errors: {
        entryDate: ["domain:changeRequests.entryDateInvalid"],
        contractDate: ["domain:changeRequests.contractDateInvalid"],
      },
    });
  });

  it("refuses an entry date before the contract date, with the values that hold after the change", () => {
    expect(errorsOf({ entryDate: "2026-09-30" })).toEqual({
      ok: false,
      errors: { entryDate: ["domain:changeRequests.entryBeforeContract"] },
    });
    // Only the contract date moves, past the current entry date: the error is on the field that changed.
    expect(errorsOf({ contractDate: "2026-12-02" })).toEqual({
      ok: false,
      errors: { contractDate: ["domain:changeRequests.entryBeforeContract"] },
    });
    // The same day is not earlier.
    expect(errorsOf({ entryDate: "2026-10-01" })).toEqual({ ok: true, changes: { entryDate: "2026-10-01" } });
    // Both move together, consistently.
    expect(errorsOf({ entryDate: "2027-03-01", contractDate: "2027-01-10" }).ok).toBe(true);
  });

  it("refuses a change of a value that is not changeable, but not the same value posted back", () => {
    const gift = { ...all, purchasePrice: false, contractDate: false };
    expect(errorsOf({ purchasePrice: "1 000", entryDate: "2027-01-01" }, gift)).toEqual({
      ok: false,
      errors: { purchasePrice: ["domain:changeRequests.notChangeable"] },
    });
    expect(errorsOf({ contractDate: "2026-10-01", entryDate: "2027-01-01" }, gift)).toEqual({
      ok: true,
      changes: { entryDate: "2027-01-01" },
    });
  });

  it("reports every field's error at once, and no `nothing changed` on top of them", () => {
    expect(errorsOf({ purchasePrice: "12 345,50", entryDate: "2027-13-01", contractDate: "x" })).toEqual({
      ok: false,
      errors: {
        purchasePrice: ["domain:changeRequests.priceDecimals"],
        entryDate: ["domain:changeRequests.entryDateInvalid"],
        contractDate: ["domain:changeRequests.contractDateInvalid"],
      },
    });
  });

  it("works on an agreement with missing values (nothing to compare the entry date with)", () => {
    const empty: Agreement = { purchasePrice: null, entryDate: null, contractDate: null };
    expect(errorsOf({ entryDate: "2027-01-01" }, all, empty)).toEqual({
      ok: true,
      changes: { entryDate: "2027-01-01" },
    });
  });
});

describe("the browser's check of Ny ändringsbegäran", () => {
  const form = (entries: Record<string, string | File>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries(entries)) data.append(name, value);
    return parseWithZod(data, { schema: changeRequestFormClientSchema(current, all) });
  };
  const pdf = new File(["%PDF-1.4"], "Tilläggsavtal.pdf", { type: "application/pdf" });

  it("reports the fields' errors on their fields, and a chosen file's on its own", () => {
    const result = form({ purchasePrice: "-5", additionalAgreement: new File([], "avtal.pdf") });
    expect(result.status).toBe("error");
    expect(result.status === "error" && result.error).toEqual({
      purchasePrice: ["domain:changeRequests.priceNegative"],
      additionalAgreement: ['domain:documents.empty|{"file":"avtal.pdf"}'],
    });
  });

  it("passes a changed value with a file, and without one: the additional agreement can be attached", () => {
    expect(form({ entryDate: "2027-01-15", additionalAgreement: pdf }).status).toBe("success");
    // No file chosen: the browser sends an empty part without a name.
    expect(form({ entryDate: "2027-01-15", additionalAgreement: new File([], "") }).status).toBe("success");
    expect(form({ entryDate: "2027-01-15" }).status).toBe("success");
  });

  it("says so when nothing changed (a form error for the summary)", () => {
    const result = form({ purchasePrice: "2450000", additionalAgreement: pdf });
    expect(result.status === "error" && result.error).toMatchObject({
      "": ["domain:changeRequests.noChange"],
    });
  });
});

describe("the decision", () => {
  it("takes Accept, or Reject with a reason", () => {
    expect(ChangeRequestDecisionSchema.parse({ decision: "Accept" })).toMatchObject({ decision: "Accept" });
    expect(ChangeRequestDecisionSchema.parse({ decision: "Reject", rejectReason: "  För sent  " })).toEqual({
      decision: "Reject",
      rejectReason: "För sent",
    });
  });

  it("refuses an unknown decision, and a rejection without a reason or with too long a one", () => {
    const messages = (input: unknown) =>
      ChangeRequestDecisionSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(messages({ decision: "Maybe" })).toEqual(["domain:changeRequests.decisionRequired"]);
    expect(messages({})).toEqual(["domain:changeRequests.decisionRequired"]);
    expect(messages({ decision: "Reject", rejectReason: "   " })).toEqual([
      "domain:validation.reasonRequired",
    ]);
    expect(messages({ decision: "Reject" })).toEqual(["domain:validation.reasonRequired"]);
    expect(messages({ decision: "Reject", rejectReason: "x".repeat(1001) })).toEqual([
      'domain:changeRequests.reasonTooLong|{"length":1001,"max":1000}',
    ]);
  });

  it("the reject form needs its reason", () => {
    const data = new FormData();
    data.append("rejectReason", "");
    const result = parseWithZod(data, { schema: RejectChangeRequestFormSchema });
    expect(result.status === "error" && result.error).toEqual({
      rejectReason: ["domain:validation.reasonRequired"],
    });
  });
});
