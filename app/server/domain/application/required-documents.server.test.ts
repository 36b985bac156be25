import { describe, expect, it } from "vitest";
import {
  categoryTaken,
  missingSlots,
  requiredSlots,
  slotFilled,
  type SlotDocument,
} from "./required-documents.server";

const doc = (
  category: string,
  status = "UploadVerified",
  dataErasedAt: string | null = null,
): SlotDocument => ({
  category,
  status,
  dataErasedAt,
});

describe("the required documents per transfer type (spec 03 §5.6)", () => {
  it("asks for a membership application and the type's own document", () => {
    expect(requiredSlots("Purchase").map((s) => s.categories)).toEqual([
      ["MembershipApplication"],
      ["TransferAgreement"],
    ]);
    expect(requiredSlots("Inheritance")[1]!.categories).toEqual(["EstateDistribution", "EstateInventory"]);
    expect(requiredSlots("Gift")[1]!.categories).toEqual(["DeedOfGift"]);
    expect(requiredSlots("DivisionOfProperty")[1]!.categories).toEqual(["DivisionOfPropertyAgreement"]);
  });

  it("fills a slot only with a verified, not erased document of its categories", () => {
    const [membership, agreement] = requiredSlots("Inheritance");
    expect(slotFilled(membership!, [doc("MembershipApplication")])).toBe(true);
    expect(slotFilled(membership!, [doc("MembershipApplication", "UploadPending")])).toBe(false);
    expect(slotFilled(membership!, [doc("MembershipApplication", "UploadVerified", "2026-11-01")])).toBe(
      false,
    );
    expect(slotFilled(agreement!, [doc("EstateInventory")])).toBe(true);
    expect(slotFilled(agreement!, [doc("EstateDistribution")])).toBe(true);
    expect(slotFilled(agreement!, [doc("TransferAgreement")])).toBe(false);
  });

  it("names the missing slots in order, for each type", () => {
    expect(missingSlots("Purchase", []).map((s) => s.key)).toEqual(["MembershipApplication", "agreement"]);
    expect(missingSlots("Purchase", [doc("MembershipApplication"), doc("TransferAgreement")])).toEqual([]);
    // The agreement of another type does not count.
    expect(
      missingSlots("Gift", [doc("MembershipApplication"), doc("TransferAgreement")]).map((s) => s.key),
    ).toEqual(["agreement"]);
    expect(
      missingSlots("DivisionOfProperty", [doc("DivisionOfPropertyAgreement")]).map((s) => s.key),
    ).toEqual(["MembershipApplication"]);
  });

  it("holds one live document per category: one being uploaded or verified takes the category, an erased one not", () => {
    expect(categoryTaken("TransferAgreement", [doc("TransferAgreement", "UploadPending")])).toBe(true);
    expect(categoryTaken("TransferAgreement", [doc("TransferAgreement")])).toBe(true);
    expect(
      categoryTaken("TransferAgreement", [doc("TransferAgreement", "UploadVerified", "2026-11-01")]),
    ).toBe(false);
    expect(categoryTaken("EstateInventory", [doc("EstateDistribution")])).toBe(false);
  });
});
