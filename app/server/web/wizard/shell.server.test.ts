import { describe, expect, it } from "vitest";
import { doneSteps, reachableSteps } from "./shell.server";

const error = (category: string, property = "x") => ({ category, property, message: "m", text: "t" });
const result = (...errors: ReturnType<typeof error>[]) => ({
  validationResult: { isValid: errors.length === 0, errors },
});
const clean = { applicationSaved: false, unfinishedUploads: 0 };

describe("the wizard's navigation rule (spec 03 §2.2, §4.1)", () => {
  it("opens only step 1 while the required documents are missing", () => {
    const done = doneSteps(result(error("Document"), error("Acquirer")), clean);
    expect(reachableSteps(done)).toEqual(["requiredDocuments"]);
  });

  it("opens step 2 once step 1 is done, and step 3 once step 2 was saved or passes", () => {
    expect(reachableSteps(doneSteps(result(error("Agreement")), clean))).toEqual([
      "requiredDocuments",
      "form",
    ]);
    expect(
      reachableSteps(doneSteps(result(error("Agreement")), { ...clean, applicationSaved: true })),
    ).toEqual(["requiredDocuments", "form", "optionalDocuments", "review"]);
    // A missing personal guarantee is step 3's matter, not step 2's.
    expect(reachableSteps(doneSteps(result(error("Guarantor", "PersonalGuarantee")), clean))).toHaveLength(4);
  });

  it("keeps the review closed while a document is still uploading", () => {
    expect(reachableSteps(doneSteps(result(), { ...clean, unfinishedUploads: 1 }))).toEqual([
      "requiredDocuments",
      "form",
      "optionalDocuments",
    ]);
  });

  it("treats a type the transfer cannot take as step 1's", () => {
    expect(reachableSteps(doneSteps(result(error("TransferType")), clean))).toEqual(["requiredDocuments"]);
  });
});
