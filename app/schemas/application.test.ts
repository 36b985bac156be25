import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { parseWithZod } from "@conform-to/zod/v4";
import { INTENT, serializeIntent } from "@conform-to/dom";
import {
  applicationFormSchema,
  NEW_ACQUIRER,
  readDate,
  readPrice,
  readSharePercent,
  shareToPercentInput,
  sharesAgree,
  type ApplicationFormContext,
} from "./application";
import { addFractions, compareFractions, sharePrecision } from "~/lib/share";
import { generatePersonnummer } from "~/lib/personnummer";

const half = { numerator: 1, denominator: 2 };
const whole = { numerator: 1, denominator: 1 };
const third = { numerator: 1, denominator: 3 };

function context(overrides: Partial<ApplicationFormContext> = {}): ApplicationFormContext {
  return {
    transferType: "Purchase",
    rules: { requirePhoneNumber: false, requireEmail: false },
    transferors: [
      { id: "t1", ownerShare: half },
      { id: "t2", ownerShare: half },
    ],
    acquirerIds: ["a-saved"],
    guarantorIds: ["g-saved"],
    today: "2026-11-26",
    ...overrides,
  };
}

const PERSON = generatePersonnummer({ year: 1985, month: 4, day: 12 }, 123);
const OTHER = generatePersonnummer({ year: 1979, month: 9, day: 3 }, 456);
const COORDINATION = (() => {
  // A coordination number: the day plus 60, with its own check digit.
  const base = generatePersonnummer({ year: 1985, month: 4, day: 12 }, 123).slice(0, 11);
  const coord = `${base.slice(0, 6)}${String(12 + 60)}${base.slice(8)}`;
  for (let d = 0; d <= 9; d++) {
    const candidate = `${coord}${d}`;
    // luhn over the last 10 digits
    const digits = candidate.slice(2);
    let sum = 0;
    for (let i = 0; i < 10; i++) {
      let n = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
      if (n > 9) n -= 9;
      sum += n;
    }
    if (sum % 10 === 0) return candidate;
  }
  throw new Error("no check digit");
})();

function acquirer(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Sara",
    lastName: "Lind",
    identifier: PERSON,
    address: { street: "Kvarngatan 3", postalCode: "118 47", city: "Stockholm" },
    transferShare: "100",
    ...overrides,
  };
}

function valid(overrides: Record<string, unknown> = {}) {
  return {
    transferors: [
      { id: "t1", transferShare: "50" },
      { id: "t2", transferShare: "50" },
    ],
    acquirers: [acquirer()],
    guarantors: [],
    paymentNoticeRecipient: "Acquirer:0",
    agreement: { purchasePrice: "2 450 000", contractDate: "2026-11-01", entryDate: "2026-12-01" },
    ...overrides,
  };
}

function errorsOf(input: unknown, ctx = context()) {
  const result = applicationFormSchema(ctx).safeParse(input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.error.issues) (out[issue.path.join(".")] ??= []).push(issue.message);
  return out;
}

const T = (key: string) => `transfer:application.${key}`;

describe("the application form schema", () => {
  it("accepts a complete application and gives exact fractions, the price in kronor and ISO dates", () => {
    const result = applicationFormSchema(context()).parse(valid());
    expect(result.transferors.map((t) => t.transferShare)).toEqual([half, half]);
    expect(result.acquirers[0]).toMatchObject({
      transferShare: whole,
      identifier: { type: "SocialSecurityNumber", value: PERSON },
      address: { country: "Sverige" },
    });
    expect(result.agreement).toEqual({
      purchasePrice: 2_450_000,
      contractDate: "2026-11-01",
      entryDate: "2026-12-01",
    });
    expect(result.paymentNoticeRecipient).toEqual({ type: "Acquirer", acquirerIndex: 0 });
  });

  it("reads conform's flat form fields", () => {
    const form = new FormData();
    const fields: Record<string, string> = {
      "transferors[0].id": "t1",
      "transferors[0].transferShare": "50,5",
      "transferors[1].id": "t2",
      "transferors[1].transferShare": "49.5",
      "acquirers[0].firstName": " Sara ",
      "acquirers[0].lastName": "Lind",
      "acquirers[0].identifier": PERSON,
      "acquirers[0].address.street": "Kvarngatan 3",
      "acquirers[0].address.postalCode": "118 47",
      "acquirers[0].address.city": "Stockholm",
      "acquirers[0].address.country": "Sverige",
      "acquirers[0].transferShare": "100",
      paymentNoticeRecipient: "Transferor:1",
      "agreement.purchasePrice": "100",
      "agreement.contractDate": "2026-11-26",
      "agreement.entryDate": "2026-11-26",
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const submission = parseWithZod(form, {
      schema: applicationFormSchema(
        context({
          transferors: [
            { id: "t1", ownerShare: whole },
            { id: "t2", ownerShare: whole },
          ],
        }),
      ),
    });
    expect(submission.status).toBe("success");
    if (submission.status !== "success") return;
    expect(submission.value.transferors[0]!.transferShare).toEqual({ numerator: 101, denominator: 200 });
    expect(submission.value.acquirers[0]!.firstName).toBe("Sara");
    expect(submission.value.paymentNoticeRecipient).toEqual({ type: "Transferor", transferorId: "t2" });

    form.set("acquirers[0].firstName", "");
    form.set("agreement.contractDate", "2026-02-30");
    const failed = parseWithZod(form, { schema: applicationFormSchema(context()) });
    if (failed.status !== "error") throw new Error("expected errors");
    expect(failed.error?.["acquirers[0].firstName"]).toEqual([T("firstNameRequired")]);
    expect(failed.error?.["agreement.contractDate"]).toEqual([T("dateInvalid")]);
  });

  it("adds and removes people with conform's intents, keeping every value typed and saving nothing", () => {
    const form = new FormData();
    form.append("transferors[0].id", "t1");
    form.append("transferors[0].transferShare", "50,5");
    form.append("acquirers[0].firstName", "Sara");
    form.append("acquirers[0].transferShare", "1e309");
    form.append(
      INTENT,
      serializeIntent({
        type: "insert",
        payload: { name: "acquirers", defaultValue: NEW_ACQUIRER as never },
      }),
    );
    const added = parseWithZod(form, { schema: applicationFormSchema(context()) });
    // An intent is not a submission: no value, no errors shown yet, the typed values plus the new person.
    expect(added.status).toBeUndefined();
    expect(added.payload).toMatchObject({
      transferors: [{ id: "t1", transferShare: "50,5" }],
      acquirers: [
        { firstName: "Sara", transferShare: "1e309" },
        { address: { country: "Sverige" }, transferShare: "" },
      ],
    });

    form.set(INTENT, serializeIntent({ type: "remove", payload: { name: "acquirers", index: 0 } }));
    const removed = parseWithZod(form, { schema: applicationFormSchema(context()) });
    expect(removed.status).toBeUndefined();
    expect(removed.payload.acquirers).toEqual([]);
    expect(removed.payload.transferors).toEqual([{ id: "t1", transferShare: "50,5" }]);
  });

  describe("transferors (§5.2)", () => {
    it("requires the share, refuses below 0 and above the owned share, allows 0 and exactly the owned share", () => {
      const at = (share: string) =>
        errorsOf(
          valid({
            transferors: [
              { id: "t1", transferShare: share },
              { id: "t2", transferShare: "50" },
            ],
          }),
        )["transferors.0.transferShare"];
      expect(at("")).toEqual([T("transferShareRequired")]);
      expect(at("-0,01")).toEqual([T("transferShareNegative")]);
      expect(at("50,01")).toEqual([`${T("transferShareAboveOwned")}|{"n":"50"}`]);
      expect(at("50")).toBeUndefined();
      expect(at("0")).toBeUndefined(); // the sum rule then speaks, not the share
    });

    it("limits decimals to the precision of the owner shares plus 2", () => {
      expect(sharePrecision([half, half])).toBe(2);
      const at = (share: string, ctx = context()) =>
        errorsOf(
          valid({
            transferors: [
              { id: "t1", transferShare: share },
              { id: "t2", transferShare: "50" },
            ],
          }),
          ctx,
        )["transferors.0.transferShare"];
      expect(at("12,345")).toEqual([`${T("shareTooManyDecimals")}|{"n":2}`]);
      expect(at("12,340")).not.toEqual([`${T("shareTooManyDecimals")}|{"n":2}`]); // trailing zeros are free
      const eighths = context({
        transferors: [
          { id: "t1", ownerShare: { numerator: 1, denominator: 8 } },
          { id: "t2", ownerShare: { numerator: 7, denominator: 8 } },
        ],
      });
      expect(at("12,5", eighths)).toBeUndefined();
      expect(at("12,4999", eighths)).toEqual([`${T("shareTooManyDecimals")}|{"n":3}`]);
    });

    it("refuses junk numbers: 1e309, NaN, Infinity, two separators", () => {
      for (const junk of ["1e309", "NaN", "Infinity", "-Infinity", "5,5,5", "50%%", "0x10", "½"]) {
        const errors = errorsOf(
          valid({
            transferors: [
              { id: "t1", transferShare: junk },
              { id: "t2", transferShare: "50" },
            ],
          }),
        );
        expect(errors["transferors.0.transferShare"], junk).toEqual([T("shareInvalid")]);
      }
      const nonFinite = errorsOf(
        valid({
          transferors: [
            { id: "t1", transferShare: Number.POSITIVE_INFINITY },
            { id: "t2", transferShare: 50 },
          ],
        }),
      );
      expect(nonFinite["transferors.0.transferShare"]).toEqual([T("shareInvalid")]);
    });

    it("takes an owned third typed to the precision as the whole owned third", () => {
      const ctx = context({
        transferors: [
          { id: "t1", ownerShare: third },
          { id: "t2", ownerShare: { numerator: 2, denominator: 3 } },
        ],
      });
      const precision = sharePrecision([third]);
      expect(precision).toBe(8);
      const result = applicationFormSchema(ctx).parse(
        valid({
          transferors: [
            { id: "t1", transferShare: "33,33333333" },
            { id: "t2", transferShare: "66,66666667" },
          ],
        }),
      );
      expect(result.transferors.map((t) => t.transferShare)).toEqual([
        third,
        { numerator: 2, denominator: 3 },
      ]);
      expect(
        errorsOf(
          valid({
            transferors: [
              { id: "t1", transferShare: "33,33333334" },
              { id: "t2", transferShare: "0" },
            ],
          }),
          ctx,
        )["transferors.0.transferShare"],
      ).toEqual([`${T("transferShareAboveOwned")}|{"n":"33,333333"}`]);
    });

    it("refuses another transfer's transferor, a repeated one and a missing one", () => {
      expect(
        errorsOf(
          valid({
            transferors: [
              { id: "x", transferShare: "50" },
              { id: "t2", transferShare: "50" },
            ],
          }),
        ),
      ).toMatchObject({
        "transferors.0.id": [T("unknownPerson")],
      });
      expect(
        errorsOf(
          valid({
            transferors: [
              { id: "t1", transferShare: "50" },
              { id: "t1", transferShare: "50" },
            ],
          }),
        ),
      ).toMatchObject({
        "transferors.1.id": [T("unknownPerson")],
      });
      expect(
        errorsOf(
          valid({
            transferors: [{ id: "t1", transferShare: "50" }],
            acquirers: [acquirer({ transferShare: "50" })],
          }),
        ),
      ).toEqual({
        transferors: [T("unknownPerson")],
      });
    });

    it("checks the e-mail pattern and a begun new address as a whole", () => {
      const errors = errorsOf(
        valid({
          transferors: [
            { id: "t1", transferShare: "50", emailAddress: "anna@", newAddress: { street: "Ny väg 1" } },
            { id: "t2", transferShare: "50", emailAddress: "per@example.se" },
          ],
        }),
      );
      expect(errors).toEqual({
        "transferors.0.emailAddress": [T("format")],
        "transferors.0.newAddress.postalCode": [T("postalCodeRequired")],
        "transferors.0.newAddress.city": [T("cityRequired")],
      });
    });
  });

  describe("acquirers (§5.3)", () => {
    it("requires the names, the address (country Sverige by default) and trims them", () => {
      const errors = errorsOf(
        valid({ acquirers: [acquirer({ firstName: "  ", lastName: "", address: { country: " " } })] }),
      );
      expect(errors).toEqual({
        "acquirers.0.firstName": [T("firstNameRequired")],
        "acquirers.0.lastName": [T("lastNameRequired")],
        "acquirers.0.address.street": [T("streetRequired")],
        "acquirers.0.address.postalCode": [T("postalCodeRequired")],
        "acquirers.0.address.city": [T("cityRequired")],
        "acquirers.0.address.country": [T("countryRequired")],
      });
    });

    it("requires phone and e-mail only by the manager's rules", () => {
      expect(errorsOf(valid())).toEqual({});
      const strict = context({ rules: { requirePhoneNumber: true, requireEmail: true } });
      expect(errorsOf(valid(), strict)).toEqual({
        "acquirers.0.emailAddress": [T("emailRequired")],
        "acquirers.0.phoneNumber": [T("phoneRequired")],
      });
      expect(
        errorsOf(
          valid({ acquirers: [acquirer({ emailAddress: "sara@lind", phoneNumber: "070-123 45 67" })] }),
          strict,
        ),
      ).toEqual({ "acquirers.0.emailAddress": [T("format")] });
    });

    it("requires at least 0.01 % each and the share itself", () => {
      const two = (a: string, b: string) =>
        errorsOf(
          valid({
            acquirers: [acquirer({ transferShare: a }), acquirer({ transferShare: b, identifier: OTHER })],
          }),
        );
      expect(two("99,99", "0,01")).toEqual({});
      expect(two("100", "0")["acquirers.1.transferShare"]).toEqual([T("acquirerShareMinimum")]);
      expect(two("100", "0,00")["acquirers.1.transferShare"]).toEqual([T("acquirerShareMinimum")]);
      expect(two("100", "-1")["acquirers.1.transferShare"]).toEqual([T("acquirerShareMinimum")]);
      expect(two("100", "")["acquirers.1.transferShare"]).toEqual([T("acquirerShareRequired")]);
    });

    it("says by how much the acquired total is above or below the transferred one", () => {
      const at = (share: string) =>
        errorsOf(valid({ acquirers: [acquirer({ transferShare: share })] })).acquirers;
      expect(at("100,01")).toEqual([`${T("acquiredAbove")}|{"x":"100,01","y":"100"}`]);
      expect(at("99,99")).toEqual([`${T("acquiredBelow")}|{"x":"99,99","y":"100"}`]);
      expect(at("100")).toBeUndefined();
      expect(errorsOf(valid({ acquirers: [] })).acquirers).toEqual([T("acquirerRequired")]);
    });

    it("takes a personal number, a coordination number or an organisation number", () => {
      const id = (identifier: string) =>
        errorsOf(valid({ acquirers: [acquirer({ identifier })] }))["acquirers.0.identifier"];
      expect(id(PERSON)).toBeUndefined();
      expect(id(COORDINATION)).toBeUndefined();
      expect(id("556036-0793")).toBeUndefined();
      expect(id("")).toEqual([T("identifierRequired")]);
      expect(id("19850412-1234")).toEqual([T("identifierInvalid")]);
    });

    it("refuses another transfer's acquirer id", () => {
      expect(errorsOf(valid({ acquirers: [acquirer({ id: "someone-else" })] }))).toEqual({
        "acquirers.0.id": [T("unknownPerson")],
        acquirers: [T("acquirerRequired")],
        paymentNoticeRecipient: [T("paymentNoticeRecipientRequired")],
      });
      expect(errorsOf(valid({ acquirers: [acquirer({ id: "a-saved" })] }))).toEqual({});
    });
  });

  describe("one person once", () => {
    it("refuses the same acquirer twice and the same guarantor twice", () => {
      const errors = errorsOf(
        valid({
          acquirers: [acquirer({ transferShare: "50" }), acquirer({ transferShare: "50" })],
          guarantors: [
            { identifier: PERSON, firstName: "Gun", lastName: "Borg" },
            { identifier: PERSON.slice(2), firstName: "Gun", lastName: "Borg" },
          ],
        }),
      );
      expect(errors).toEqual({
        "acquirers.1.identifier": [T("duplicateAcquirer")],
        "guarantors.1.identifier": [T("duplicateGuarantor")],
      });
    });

    it("takes a transferor typed in by hand as a transferor acquiring: not for a purchase, not twice", () => {
      const withIds = (type: ApplicationFormContext["transferType"]) =>
        context({
          transferType: type,
          transferors: [
            { id: "t1", ownerShare: half, identifier: { type: "SocialSecurityNumber", value: PERSON } },
            { id: "t2", ownerShare: half },
          ],
        });
      expect(errorsOf(valid(), withIds("Purchase"))).toEqual({
        "acquirers.0.identifier": [T("transferorAsAcquirerNotAllowed")],
      });
      expect(errorsOf(valid(), withIds("Gift"))).toEqual({});
      const twice = valid({
        acquirers: [
          {
            isTransferor: "on",
            transferorId: "t1",
            enabled: "on",
            address: acquirer().address,
            transferShare: "50",
          },
          acquirer({ transferShare: "50" }),
        ],
      });
      expect(errorsOf(twice, withIds("Gift"))).toEqual({
        "acquirers.1.identifier": [T("duplicateAcquirer")],
      });
    });
  });

  describe("transferors as acquirers (§4.3)", () => {
    const gift = context({ transferType: "Gift" });
    const asAcquirer = (overrides: Record<string, unknown> = {}) => ({
      isTransferor: "on",
      transferorId: "t1",
      address: { street: "Kvarngatan 3", postalCode: "118 47", city: "Stockholm" },
      transferShare: "",
      ...overrides,
    });

    it("leaves a transferor who is switched off out, whatever its empty share", () => {
      const input = valid({ acquirers: [asAcquirer(), acquirer()], paymentNoticeRecipient: "Acquirer:1" });
      const result = applicationFormSchema(gift).parse(input);
      expect(result.acquirers).toHaveLength(1);
      expect(result.paymentNoticeRecipient).toEqual({ type: "Acquirer", acquirerIndex: 0 });
      // A switched-off transferor cannot receive the payment notice as an acquirer.
      expect(errorsOf({ ...input, paymentNoticeRecipient: "Acquirer:0" }, gift)).toEqual({
        paymentNoticeRecipient: [T("paymentNoticeRecipientRequired")],
      });
    });

    it("counts a transferor switched on, with their own share, and only for Inheritance, Gift and DivisionOfProperty", () => {
      const input = valid({
        acquirers: [asAcquirer({ enabled: "on", transferShare: "50" }), acquirer({ transferShare: "50" })],
      });
      const result = applicationFormSchema(gift).parse(input);
      expect(result.acquirers[0]).toMatchObject({
        transferorId: "t1",
        identifier: null,
        transferShare: half,
      });
      expect(errorsOf(input, context({ transferType: "Purchase" }))).toEqual({
        "acquirers.0.enabled": [T("transferorAsAcquirerNotAllowed")],
      });
      expect(
        errorsOf(
          valid({ acquirers: [asAcquirer({ enabled: "on", transferorId: "x", transferShare: "100" })] }),
          gift,
        ),
      ).toMatchObject({ "acquirers.0.transferorId": [T("unknownPerson")] });
    });
  });

  describe("guarantors (§5.4)", () => {
    const guarantor = (overrides: Record<string, unknown> = {}) => ({
      identifier: PERSON,
      firstName: "Gun",
      lastName: "Borg",
      ...overrides,
    });
    it("requires a valid personal number, not a coordination number, and the names", () => {
      const at = (g: Record<string, unknown>) => errorsOf(valid({ guarantors: [g] }));
      expect(at(guarantor())).toEqual({});
      expect(at(guarantor({ identifier: COORDINATION }))).toEqual({
        "guarantors.0.identifier": [T("coordinationNumberNotAllowed")],
      });
      expect(at(guarantor({ identifier: "" }))).toEqual({
        "guarantors.0.identifier": [T("personalNumberRequired")],
      });
      expect(at(guarantor({ identifier: "5560360793" }))).toEqual({
        "guarantors.0.identifier": [T("personalNumberInvalid")],
      });
      expect(at(guarantor({ firstName: "", lastName: " ", emailAddress: "x" }))).toEqual({
        "guarantors.0.firstName": [T("firstNameRequired")],
        "guarantors.0.lastName": [T("lastNameRequired")],
        "guarantors.0.emailAddress": [T("format")],
      });
      expect(at(guarantor({ id: "g-other" }))).toEqual({ "guarantors.0.id": [T("unknownPerson")] });
    });
  });

  describe("agreement (§5.5)", () => {
    const at = (agreement: Record<string, unknown>, ctx = context()) =>
      errorsOf(
        valid({
          agreement: {
            purchasePrice: "1",
            contractDate: "2026-11-01",
            entryDate: "2026-12-01",
            ...agreement,
          },
        }),
        ctx,
      );

    it("requires the price only for a purchase, at least 1 SEK in whole kronor", () => {
      expect(at({ purchasePrice: "" })).toEqual({ "agreement.purchasePrice": [T("purchasePriceRequired")] });
      expect(at({ purchasePrice: "" }, context({ transferType: "Gift" }))).toEqual({});
      expect(at({ purchasePrice: "0" })).toEqual({ "agreement.purchasePrice": [T("purchasePriceMinimum")] });
      expect(at({ purchasePrice: "1" })).toEqual({});
      expect(at({ purchasePrice: "1,50" })).toEqual({
        "agreement.purchasePrice": [T("purchasePriceWholeKronor")],
      });
      expect(at({ purchasePrice: "1,00" })).toEqual({});
      expect(at({ purchasePrice: 1.5 })).toEqual({
        "agreement.purchasePrice": [T("purchasePriceWholeKronor")],
      });
      expect(at({ purchasePrice: "1e309" })).toEqual({ "agreement.purchasePrice": [T("format")] });
      expect(at({ purchasePrice: "NaN" })).toEqual({ "agreement.purchasePrice": [T("format")] });
    });

    it("requires real dates, the contract today or earlier and the entry not before it", () => {
      expect(at({ contractDate: "" })).toEqual({ "agreement.contractDate": [T("contractDateRequired")] });
      expect(at({ entryDate: "" })).toEqual({ "agreement.entryDate": [T("entryDateRequired")] });
      expect(at({ contractDate: "2026-02-30" })).toEqual({ "agreement.contractDate": [T("dateInvalid")] });
      expect(at({ entryDate: "2026-13-01" })).toEqual({ "agreement.entryDate": [T("dateInvalid")] });
      expect(at({ contractDate: "2026-11-26", entryDate: "2026-11-26" })).toEqual({});
      expect(at({ contractDate: "2026-11-27", entryDate: "2026-12-27" })).toEqual({
        "agreement.contractDate": [T("contractDateInFuture")],
      });
      expect(at({ contractDate: "2026-11-01", entryDate: "2026-10-31" })).toEqual({
        "agreement.entryDate": [T("entryBeforeContract")],
      });
    });

    it("needs a payment-notice recipient who takes part", () => {
      expect(errorsOf(valid({ paymentNoticeRecipient: "" }))).toEqual({
        paymentNoticeRecipient: [T("paymentNoticeRecipientRequired")],
      });
      expect(errorsOf(valid({ paymentNoticeRecipient: "Acquirer:1" }))).toEqual({
        paymentNoticeRecipient: [T("paymentNoticeRecipientRequired")],
      });
      expect(errorsOf(valid({ paymentNoticeRecipient: { type: "Transferor", index: 1 } }))).toEqual({});
    });
  });
});

describe("reading shares, prices and dates", () => {
  it("reads percent with a comma or a point as the same exact fraction", () => {
    expect(readSharePercent("50,5", 2)).toEqual({
      ok: true,
      fraction: { numerator: 101, denominator: 200 },
      negative: false,
    });
    expect(readSharePercent("50.5", 2)).toEqual(readSharePercent("50,5", 2));
    expect(readSharePercent(50.5, 2)).toEqual(readSharePercent("50,5", 2));
    expect(readSharePercent("50 %", 2)).toEqual(readSharePercent("50", 2));
  });

  it("reads prices and dates at their limits", () => {
    expect(readPrice("1")).toEqual({ ok: true, value: 1 });
    expect(readPrice("999 999 999")).toEqual({ ok: true, value: 999_999_999 });
    expect(readPrice("1 000 000 000")).toEqual({ ok: false, error: "invalid" });
    expect(readDate("2024-02-29")).toBe("2024-02-29");
    expect(readDate("2026-02-29")).toBeNull();
    expect(readDate("2026-3-1")).toBe("2026-03-01");
    expect(readDate("1/3/2026")).toBeNull();
  });

  it("property: any share with up to `precision` decimals, typed with a comma or a point, reads back exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.bigInt({ min: 0n, max: 10n ** 8n }),
        (precision, units) => {
          const scale = 10n ** BigInt(precision);
          const bounded = units % (100n * scale + 1n);
          const text = `${bounded / scale}${precision ? `,${(bounded % scale).toString().padStart(precision, "0")}` : ""}`;
          const comma = readSharePercent(text, precision);
          const point = readSharePercent(text.replace(",", "."), precision);
          expect(comma).toEqual(point);
          if (!comma.ok) throw new Error(`refused ${text}`);
          expect(
            compareFractions(comma.fraction, {
              numerator: Number(bounded),
              denominator: Number(100n * scale),
            }),
          ).toBe(0);
          expect(readSharePercent(shareToPercentInput(comma.fraction, precision), precision)).toEqual(comma);
        },
      ),
    );
  });

  it("property: text that is not a plain decimal number is refused, never a number", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const reading = readSharePercent(text, 4);
        const plain = /^\s*[+\-\u2212]?(\d+([.,]\d*)?|[.,]\d+)\s*(%)?\s*$/.test(text);
        if (!plain) expect(reading.ok).toBe(false);
      }),
    );
  });

  it("property: the sum rule holds exactly when the acquirers' shares add up to the transferred total", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 10_000 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: -3, max: 3 }),
        (hundredths, delta) => {
          const total = hundredths.reduce((a, b) => a + b, 0);
          fc.pre(total + delta <= 10_000 && total + delta >= 0);
          const ctx = context({ transferors: [{ id: "t1", ownerShare: whole }] });
          const acquirers = hundredths.map((h, i) =>
            acquirer({
              transferShare: `${Math.floor(h / 100)},${String(h % 100).padStart(2, "0")}`,
              id: undefined,
              firstName: `A${i}`,
              identifier: generatePersonnummer({ year: 1970 + i, month: 1, day: 1 }, 100 + i),
            }),
          );
          const transferred = total + delta;
          const input = valid({
            transferors: [
              {
                id: "t1",
                transferShare: `${Math.floor(transferred / 100)},${String(transferred % 100).padStart(2, "0")}`,
              },
            ],
            acquirers,
          });
          const errors = errorsOf(input, ctx);
          if (delta === 0) expect(errors).toEqual({});
          else expect(errors.acquirers?.[0]).toMatch(delta < 0 ? /acquiredAbove/ : /acquiredBelow/);
        },
      ),
    );
  });

  it("property: totals that cannot end agree only with their rounding at the precision", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 50 }), fc.integer({ min: 0, max: 49 }), (d, n0) => {
        const n = (n0 % (d - 1)) + 1;
        const exact = { numerator: n, denominator: d };
        const precision = sharePrecision([exact]);
        const typed = readSharePercent(shareToPercentInput(exact, precision), precision);
        if (!typed.ok) throw new Error("not read");
        expect(sharesAgree(typed.fraction, exact, precision)).toBe(true);
        const off = addFractions(typed.fraction, { numerator: 1, denominator: 100 * 10 ** precision });
        expect(sharesAgree(off, exact, precision)).toBe(false);
      }),
    );
  });
});
