import { describe, expect, test } from "vitest";
import type { AgreementExtraction } from "../../integrations/document-analysis/types.server";
import { generatePersonnummer, luhnCheckDigit } from "~/lib/personnummer";
import { CHECK_TYPES, type CheckType } from "~/lib/transfer";
import {
  PRICE_CHECKS,
  ageOf,
  isPlausiblePrice,
  matchPerson,
  runAutomaticReview,
  type ReviewInput,
  type ReviewParty,
} from "./checks.server";

const NOW = new Date("2026-11-25T10:00:00Z");
const SELLER_A = generatePersonnummer({ year: 1969, month: 12, day: 1 }, 41);
const SELLER_B = generatePersonnummer({ year: 1971, month: 3, day: 30 }, 42);
const BUYER = generatePersonnummer({ year: 1984, month: 7, day: 14 }, 43);

/** A coordination number (day + 60) for a birth date. */
function samordningsnummer(year: number, month: number, day: number, serial: number): string {
  const first11 = `${year}${String(month).padStart(2, "0")}${day + 60}${String(serial).padStart(3, "0")}`;
  return `${first11}${luhnCheckDigit(first11.slice(2))}`;
}

const half = { numerator: 1, denominator: 2 };
const whole = { numerator: 1, denominator: 1 };

function party(
  kind: ReviewParty["kind"],
  identifierValue: string,
  first: string,
  last: string,
  extra: Partial<ReviewParty> = {},
): ReviewParty {
  return {
    kind,
    identifierType: "SocialSecurityNumber",
    identifierValue,
    firstName: first,
    lastName: last,
    ownerShare: null,
    transferShare: null,
    membershipStatus: kind === "Acquirer" ? "NOTMEMBER" : null,
    ...extra,
  };
}

function extraction(): AgreementExtraction {
  return {
    documents: [
      {
        documentId: "d-1",
        category: "TransferAgreement",
        detectedCategory: "TransferAgreement",
        pageCount: 2,
        pagesWithText: [true, true],
      },
      {
        documentId: "d-2",
        category: "MembershipApplication",
        detectedCategory: "MembershipApplication",
        pageCount: 1,
        pagesWithText: [true],
      },
    ],
    transferType: "Purchase",
    purchasePrice: 3_650_000,
    contractDate: "2026-11-17",
    entryDate: "2027-01-06",
    transferors: [
      { firstName: "Fredrik", lastName: "Wikström", identifier: SELLER_A, share: 0.5 },
      { firstName: "Cecilia", lastName: "Wikström", identifier: null, share: 0.5 },
    ],
    acquirers: [{ firstName: "Karl", lastName: "Åberg", identifier: BUYER.slice(2), share: 1 }],
    guarantors: [],
    objectNumber: "1102 0304",
    associationOrganisationNumber: "769600-1234",
    clauses: {
      cancellationAgreement: false,
      guarantor: false,
      trustee: false,
      estateOfDeceased: false,
      powerOfAttorney: false,
      privateAgreement: false,
    },
  };
}

/** An application that passes every check. */
function input(): ReviewInput {
  return {
    transfer: {
      transferType: "Purchase",
      initiatorRole: "Intermediary",
      purchasePrice: 3_650_000,
      contractDate: "2026-11-17",
      entryDate: "2027-01-06",
      objectNumber: "1102-0304",
      organisationNumber: "7696001234",
      saleStopped: false,
      area: 74,
    },
    parties: [
      party("Transferor", SELLER_A, "Fredrik", "Wikström", { ownerShare: half, transferShare: half }),
      party("Transferor", SELLER_B, "Cecilia", "Wikström", { ownerShare: half, transferShare: half }),
      party("Acquirer", BUYER, "Karl", "Åberg", { transferShare: whole }),
    ],
    analysis: { status: "Ready", extraction: extraction() },
    owners: [
      { identifierValue: SELLER_A, firstName: "Fredrik", lastName: "Wikström", share: half },
      { identifierValue: SELLER_B, firstName: "Cecilia", lastName: "Wikström", share: half },
    ],
    previousPrices: [3_100_000],
    now: NOW,
  };
}

function resultOf(value: ReviewInput, type: CheckType) {
  const row = runAutomaticReview(value).find((c) => c.type === type);
  if (!row) throw new Error(`no result for ${type}`);
  return row.result;
}

function failing(value: ReviewInput) {
  return runAutomaticReview(value)
    .filter((c) => c.result === "Deviation")
    .map((c) => c.type);
}

/** The input after a change; deep enough that one test cannot leak into another. */
function changed(edit: (value: ReviewInput) => void): ReviewInput {
  const value = input();
  edit(value);
  return value;
}

const ext = (value: ReviewInput) => value.analysis.extraction!;

describe("the automatic review", () => {
  test("a correct purchase passes every check, one result per check type in order", () => {
    const results = runAutomaticReview(input());
    expect(results.map((r) => r.type)).toEqual([...CHECK_TYPES]);
    expect(failing(input())).toEqual([]);
  });

  test("a gift has no price checks; the others remain", () => {
    const gift = changed((v) => {
      v.transfer.transferType = "Gift";
      v.transfer.purchasePrice = null;
      ext(v).transferType = "Gift";
      ext(v).purchasePrice = null;
    });
    const types = runAutomaticReview(gift).map((r) => r.type);
    expect(types).toEqual(CHECK_TYPES.filter((t) => !PRICE_CHECKS.includes(t)));
    expect(failing(gift)).toEqual([]);
  });

  // Each check: one change of the passing application that makes exactly that check (and the named others) fail.
  const cases: Array<[CheckType, string, (v: ReviewInput) => void, CheckType[]?]> = [
    [
      "AcquirerOfLegalAge",
      "an acquirer who turns 18 tomorrow",
      (v) => {
        const id = generatePersonnummer({ year: 2008, month: 11, day: 26 }, 12);
        v.parties[2]!.identifierValue = id;
        ext(v).acquirers[0]!.identifier = id;
      },
    ],
    [
      "AcquirerOfLegalAge",
      "a 17-year-old acquirer with a coordination number",
      (v) => {
        const id = samordningsnummer(2009, 5, 3, 23);
        v.parties[2]!.identifierValue = id;
        ext(v).acquirers[0]!.identifier = id;
      },
    ],
    [
      "AcquirerOfLegalAge",
      "an acquirer whose identifier is not a personal or organisation number",
      (v) => {
        v.parties[2]!.identifierType = "Other";
      },
    ],
    [
      "AcquirerNotAlreadyMember",
      "an acquirer the manager lists as a member",
      (v) => {
        v.parties[2]!.membershipStatus = "MEMBER";
      },
    ],
    [
      "AcquirerNotAlreadyMember",
      "an acquirer who already owns the object",
      (v) => {
        v.owners!.push({ identifierValue: BUYER, firstName: "Karl", lastName: "Åberg", share: whole });
      },
    ],
    [
      "AcquirerOnAgreementAndApplication",
      "an acquirer of the application missing on the agreement",
      (v) => {
        v.parties.push(
          party(
            "Acquirer",
            generatePersonnummer({ year: 1991, month: 3, day: 27 }, 86),
            "Julia",
            "Carlsson",
            { transferShare: { numerator: 0, denominator: 1 } },
          ),
        );
      },
      ["AcquirerShareCorrect"],
    ],
    [
      "AcquirerOnAgreementAndApplication",
      "an acquirer on the agreement missing in the application",
      (v) => {
        ext(v).acquirers.push({ firstName: "Julia", lastName: "Carlsson", identifier: null, share: null });
      },
    ],
    [
      "AcquirerShareCorrect",
      "acquired shares that do not add up to what is transferred",
      (v) => {
        v.parties[2]!.transferShare = half;
        ext(v).acquirers[0]!.share = null;
      },
    ],
    [
      "AcquirerShareCorrect",
      "a share on the agreement that differs from the application's",
      (v) => {
        ext(v).acquirers[0]!.share = 0.75;
      },
    ],
    [
      "ContractDatePresent",
      "no contract date",
      (v) => (v.transfer.contractDate = null),
      ["DatesMatchAgreement"],
    ],
    [
      "ContractDatePresent",
      "a contract date that is no date",
      (v) => (v.transfer.contractDate = "2026-02-30"),
      ["DatesMatchAgreement"],
    ],
    ["EntryDatePresent", "no entry date", (v) => (v.transfer.entryDate = null), ["DatesMatchAgreement"]],
    [
      "DatesMatchAgreement",
      "an entry date the agreement does not state",
      (v) => (ext(v).entryDate = "2027-02-01"),
    ],
    ["DatesMatchAgreement", "an agreement without dates", (v) => (ext(v).contractDate = null)],
    [
      "PricePresent",
      "no price",
      (v) => (v.transfer.purchasePrice = null),
      ["PriceAboveZero", "PricePlausible", "PriceMatches"],
    ],
    [
      "PriceAboveZero",
      "a price of 0",
      (v) => (v.transfer.purchasePrice = 0),
      ["PricePlausible", "PriceMatches"],
    ],
    [
      "PricePlausible",
      "a price with a digit too few (49 000 kr/kvm becomes 4 900)",
      (v) => {
        v.transfer.purchasePrice = 365_000;
        ext(v).purchasePrice = 365_000;
      },
    ],
    [
      "PricePlausible",
      "a price more than twice the object's last sale",
      (v) => (v.previousPrices = [1_500_000]),
    ],
    ["PriceMatches", "a price that differs from the agreement's", (v) => (ext(v).purchasePrice = 3_600_000)],
    [
      "SellerOfLegalAge",
      "a seller under 18",
      (v) => {
        const id = generatePersonnummer({ year: 2010, month: 1, day: 1 }, 55);
        v.parties[1]!.identifierValue = id;
        v.owners![1]!.identifierValue = id;
      },
    ],
    [
      "SellerOnAgreement",
      "a seller the agreement names otherwise",
      (v) => (ext(v).transferors[1]!.lastName = "Lindqvist"),
    ],
    [
      "SellerIsOwner",
      "a seller the manager does not list as an owner",
      (v) => v.owners!.splice(1, 1),
      ["SellerShareCorrect"],
    ],
    [
      "SellerIsOwner",
      "a manager system that did not answer",
      (v) => (v.owners = null),
      ["SellerShareCorrect"],
    ],
    [
      "SellerShareCorrect",
      "an owned share that differs from the manager's register (60 % against 50 %)",
      (v) => (v.owners![1]!.share = { numerator: 3, denominator: 5 }),
    ],
    [
      "SellerShareCorrect",
      "a seller who transfers more than they own",
      (v) => {
        v.parties[0]!.ownerShare = { numerator: 1, denominator: 4 };
        v.owners![0]!.share = { numerator: 1, denominator: 4 };
      },
    ],
    [
      "ObjectOnAgreement",
      "another object number on the agreement",
      (v) => (ext(v).objectNumber = "1102-0305"),
    ],
    ["ObjectOnAgreement", "no object number on the agreement", (v) => (ext(v).objectNumber = null)],
    [
      "OrganisationNumberOnAgreementAndApplication",
      "another association's organisation number",
      (v) => (ext(v).associationOrganisationNumber = "7164552312"),
    ],
    [
      "NoCancellationAgreement",
      "a cancellation clause",
      (v) => (ext(v).clauses.cancellationAgreement = true),
    ],
    ["NoGuarantor", "a guarantor clause", (v) => (ext(v).clauses.guarantor = true)],
    [
      "NoGuarantor",
      "a guarantor in the application",
      (v) =>
        v.parties.push(
          party("Guarantor", generatePersonnummer({ year: 1960, month: 2, day: 2 }, 71), "Gun", "Berg"),
        ),
    ],
    ["NoTrustee", "a trustee clause", (v) => (ext(v).clauses.trustee = true)],
    ["NoEstateOfDeceased", "an estate clause", (v) => (ext(v).clauses.estateOfDeceased = true)],
    [
      "NoEstateOfDeceased",
      "a seller that is an estate",
      (v) => {
        v.parties[0]!.firstName = "Dödsbo efter Fredrik";
        ext(v).transferors[0]!.firstName = "Dödsbo efter Fredrik";
      },
    ],
    ["NoPowerOfAttorney", "a power of attorney", (v) => (ext(v).clauses.powerOfAttorney = true)],
    ["NoPrivateAgreement", "a private agreement clause", (v) => (ext(v).clauses.privateAgreement = true)],
    ["NoPrivateAgreement", "a private transfer", (v) => (v.transfer.initiatorRole = "PrivateIntermediary")],
    ["NoSaleStop", "a sale stop", (v) => (v.transfer.saleStopped = true)],
    ["PageContentRight", "a page without text", (v) => (ext(v).documents[0]!.pagesWithText = [true, false])],
    ["PageContentRight", "a page count that does not match", (v) => (ext(v).documents[1]!.pageCount = 2)],
    ["TransferTypeValid", "an agreement of another type", (v) => (ext(v).transferType = "Gift")],
    [
      "UnknownType",
      "a document the analysis did not recognise",
      (v) => (ext(v).documents[1]!.detectedCategory = null),
    ],
    [
      "UnknownType",
      "an agreement whose type is unclear",
      (v) => (ext(v).transferType = null),
      ["TransferTypeValid"],
    ],
  ];

  test.each(cases)("%s fails for %s", (type, _why, edit, also = []) => {
    expect(failing(changed(edit)).sort()).toEqual([type, ...also].sort());
  });

  test("every check has a failing case above", () => {
    const covered = new Set(cases.map(([type]) => type));
    const uncovered = CHECK_TYPES.filter((t) => !covered.has(t) && t !== "AnalysisSuccessful");
    expect(uncovered).toEqual([]);
  });

  const NEEDS_ANALYSIS: CheckType[] = [
    "AcquirerOnAgreementAndApplication",
    "DatesMatchAgreement",
    "PriceMatches",
    "SellerOnAgreement",
    "ObjectOnAgreement",
    "OrganisationNumberOnAgreementAndApplication",
    "NoCancellationAgreement",
    "NoGuarantor",
    "NoTrustee",
    "NoEstateOfDeceased",
    "NoPowerOfAttorney",
    "NoPrivateAgreement",
    "PageContentRight",
    "AnalysisSuccessful",
    "TransferTypeValid",
    "UnknownType",
  ];

  test.each(["Missing", "Failed", "InProgress"] as const)(
    "without a ready analysis (%s) every check that reads the agreement deviates, the others still pass",
    (status) => {
      const value = changed((v) => {
        v.analysis = { status, extraction: status === "Failed" ? null : v.analysis.extraction };
      });
      expect(failing(value).sort()).toEqual([...NEEDS_ANALYSIS].sort());
      expect(resultOf(value, "AnalysisSuccessful")).toBe("Deviation");
      expect(resultOf(input(), "AnalysisSuccessful")).toBe("Valid");
    },
  );
});

describe("the rules' parts", () => {
  test("age counts whole years on the Stockholm calendar date, coordination numbers too", () => {
    expect(ageOf(generatePersonnummer({ year: 2008, month: 11, day: 25 }, 12), NOW)).toBe(18);
    expect(ageOf(generatePersonnummer({ year: 2008, month: 11, day: 26 }, 12), NOW)).toBe(17);
    expect(ageOf(samordningsnummer(2008, 11, 25, 23), NOW)).toBe(18);
    const valid = generatePersonnummer({ year: 2008, month: 11, day: 25 }, 12);
    const wrongCheckDigit = `${valid.slice(0, 11)}${(Number(valid[11]) + 1) % 10}`;
    expect(ageOf(wrongCheckDigit, NOW)).toBeNull();
  });

  test("an acquirer exactly 18 today is of legal age", () => {
    const id = generatePersonnummer({ year: 2008, month: 11, day: 25 }, 12);
    const value = changed((v) => {
      v.parties[2]!.identifierValue = id;
      ext(v).acquirers[0]!.identifier = id;
    });
    expect(resultOf(value, "AcquirerOfLegalAge")).toBe("Valid");
  });

  test("an organisation as acquirer is not a minor", () => {
    const value = changed((v) => {
      v.parties[2]!.identifierType = "OrganizationNumber";
      v.parties[2]!.identifierValue = "5560360793";
      ext(v).acquirers[0]!.identifier = "556036-0793";
    });
    expect(resultOf(value, "AcquirerOfLegalAge")).toBe("Valid");
    expect(resultOf(value, "AcquirerOnAgreementAndApplication")).toBe("Valid");
  });

  test("a person is matched by identifier first (10 or 12 digits), by name when the document has none", () => {
    const people = extraction().transferors;
    expect(matchPerson({ identifierValue: SELLER_A, firstName: "X", lastName: "Y" }, people)?.lastName).toBe(
      "Wikström",
    );
    expect(
      matchPerson({ identifierValue: SELLER_B, firstName: "cecilia ", lastName: "WIKSTRÖM" }, people),
    ).toBe(people[1]);
    // A name that matches a person whose identifier on the document is someone else's is no match.
    expect(
      matchPerson({ identifierValue: SELLER_B, firstName: "Fredrik", lastName: "Wikström" }, people),
    ).toBeNull();
  });

  test("plausible: a kr/kvm band, within half and twice an earlier sale, an absolute band without area", () => {
    expect(isPlausiblePrice(3_650_000, 74, [])).toBe(true);
    expect(isPlausiblePrice(300_000, 74, [])).toBe(false); // 4 054 kr/kvm
    expect(isPlausiblePrice(20_000_000, 74, [])).toBe(false); // 270 270 kr/kvm
    expect(isPlausiblePrice(3_650_000, 74, [1_900_000])).toBe(true);
    expect(isPlausiblePrice(3_650_000, 74, [1_800_000])).toBe(false);
    expect(isPlausiblePrice(3_650_000, 74, [7_400_000])).toBe(false);
    expect(isPlausiblePrice(3_650_000, null, [])).toBe(true);
    expect(isPlausiblePrice(50_000, null, [])).toBe(false);
  });
});
