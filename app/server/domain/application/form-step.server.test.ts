import { describe, expect, it } from "vitest";
import type { RawApplication } from "~/schemas/application";
import { isTransferorRow, recipientOptions } from "~/schemas/wizard-form";
import { prefillFromProposal, type PrefillSource } from "./form-step.server";
import type { ApplicationTransferor, ProposedApplication } from "./read.server";

const half = { numerator: 1, denominator: 2 };

function transferor(id: string, value: string): ApplicationTransferor {
  return {
    id,
    firstName: id,
    lastName: "Ek",
    identifier: { type: "SocialSecurityNumber", value },
    emailAddress: null,
    phoneNumber: null,
    newAddress: null,
    ownerShare: half,
    transferShare: null,
  };
}

const proposal: ProposedApplication = {
  status: "Ready",
  acquirers: [
    {
      firstName: "Sara",
      lastName: "Lind",
      identifier: "199006304826",
      transferShare: { numerator: 1, denominator: 3 },
    },
    { firstName: "Anna", lastName: "Ek", identifier: "196003142423", transferShare: half },
  ],
  agreement: { purchasePrice: 1_950_000, contractDate: "2026-11-01", entryDate: "2026-12-01" },
};

function source(overrides: Partial<PrefillSource> = {}): PrefillSource {
  return {
    transferType: { selectedTransferType: "Gift" },
    transferors: [transferor("anna", "196003142423"), transferor("per", "195811021313")],
    acquirers: [],
    paymentNoticeRecipient: null,
    agreement: { purchasePrice: null, contractDate: null, entryDate: null },
    proposedApplication: proposal,
    sharePrecision: 2,
    ...overrides,
  };
}

/** The form's values for a gift as formValueOf gives them: both transferors offered, switched off. */
function giftValue(): RawApplication {
  return {
    transferors: [
      { id: "anna", transferShare: "50" },
      { id: "per", transferShare: "50" },
    ],
    acquirers: [
      { isTransferor: "on", transferorId: "anna", enabled: "", transferShare: "" },
      { isTransferor: "on", transferorId: "per", enabled: "", transferShare: "" },
    ],
    guarantors: [],
    paymentNoticeRecipient: "Transferor:0",
    agreement: { purchasePrice: "", contractDate: "", entryDate: "" },
  };
}

describe("pre-filling step 2 from the analysis (spec 03 §4.2)", () => {
  it("adds the proposed acquirers, switches on a transferor it names, and fills the empty agreement", () => {
    const { value, prefilled } = prefillFromProposal(giftValue(), source());
    expect(prefilled).toBe(true);
    expect(value.acquirers).toEqual([
      { isTransferor: "on", transferorId: "anna", enabled: "on", transferShare: "50" },
      { isTransferor: "on", transferorId: "per", enabled: "", transferShare: "" },
      expect.objectContaining({
        firstName: "Sara",
        identifier: "199006304826",
        transferShare: "33,33",
        address: expect.objectContaining({ country: "Sverige" }),
      }),
    ]);
    expect(value.agreement).toEqual({
      purchasePrice: "1950000",
      contractDate: "2026-11-01",
      entryDate: "2026-12-01",
    });
    // Nothing was chosen: the first option, now the transferor switched on.
    expect(value.paymentNoticeRecipient).toBe("Acquirer:0");
  });

  it("leaves a transferor out of a purchase's acquirers, and keeps whatever is saved", () => {
    const purchase = prefillFromProposal(
      { ...giftValue(), acquirers: [] },
      source({ transferType: { selectedTransferType: "Purchase" } }),
    );
    expect(purchase.value.acquirers.map((a) => a?.firstName)).toEqual(["Sara"]);

    const saved = prefillFromProposal(
      { ...giftValue(), agreement: { purchasePrice: "2000000", contractDate: "2026-10-01", entryDate: "" } },
      source({
        acquirers: [{} as never],
        paymentNoticeRecipient: { type: "Transferor", selectedPaymentNoticeRecipientId: "per" },
        agreement: { purchasePrice: 2_000_000, contractDate: "2026-10-01", entryDate: null },
      }),
    );
    expect(saved.value.acquirers).toEqual(giftValue().acquirers);
    expect(saved.value.agreement).toEqual({
      purchasePrice: "2000000",
      contractDate: "2026-10-01",
      entryDate: "2026-12-01",
    });
    expect(saved.value.paymentNoticeRecipient).toBe("Transferor:0");
  });

  it("changes nothing unless the analysis is Ready", () => {
    for (const status of ["InProgress", "Failed"] as const) {
      const result = prefillFromProposal(
        giftValue(),
        source({ proposedApplication: { ...proposal, status } }),
      );
      expect(result).toEqual({ value: giftValue(), prefilled: false });
    }
    expect(prefillFromProposal(giftValue(), source({ proposedApplication: null })).prefilled).toBe(false);
  });
});

describe("the payment-notice options (spec 03 §4.3)", () => {
  it("are the acquirers taking part, in form order, then the transferors", () => {
    const value = giftValue();
    expect(recipientOptions(value)).toEqual(["Transferor:0", "Transferor:1"]);
    value.acquirers[1] = { ...value.acquirers[1]!, enabled: "on" };
    value.acquirers.push({ firstName: "Sara", transferShare: "" });
    expect(recipientOptions(value)).toEqual(["Acquirer:1", "Acquirer:2", "Transferor:0", "Transferor:1"]);
    expect(recipientOptions(undefined)).toEqual([]);
    expect([
      isTransferorRow(value.acquirers[0]),
      isTransferorRow(value.acquirers[2]),
      isTransferorRow(null),
    ]).toEqual([true, false, false]);
  });
});
