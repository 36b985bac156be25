import { describe, expect, test } from "vitest";
import svIdentifier from "../locales/sv/identifier.json";
import {
  IDENTIFIER_TYPES,
  formatIdentifierForDisplay,
  identifierKeyForServerMessage,
  isIdentifierType,
  normalizeIdentifier,
  validateIdentifier,
  type IdentifierMessageKey,
} from "./identifier";

const NOW = new Date("2026-11-21T12:00:00Z");

describe("isIdentifierType", () => {
  test.each(IDENTIFIER_TYPES)("accepts %s", (type) => {
    expect(isIdentifierType(type)).toBe(true);
  });

  test.each(["", "socialsecuritynumber", "Personnummer", null, undefined, 1])("rejects %j", (value) => {
    expect(isIdentifierType(value)).toBe(false);
  });
});

describe("normalizeIdentifier", () => {
  test.each<[Parameters<typeof normalizeIdentifier>[0], string, string]>([
    ["SocialSecurityNumber", "19121212-1212", "191212121212"],
    ["SocialSecurityNumber", " 811218 9876 ", "8112189876"],
    ["SocialSecurityNumber", "811218+9876", "8112189876"],
    ["OrganizationNumber", "556677-8899", "5566778899"],
    ["OrganizationNumber", "16 556677-8899", "165566778899"],
    ["Other", "  AB-123 x  ", "AB-123 x"],
    ["Other", "   ", ""],
  ])("%s %j -> %j", (type, value, expected) => {
    expect(normalizeIdentifier(type, value)).toBe(expected);
  });
});

describe("validateIdentifier", () => {
  test.each<[Parameters<typeof validateIdentifier>[0], string, IdentifierMessageKey | null]>([
    ["SocialSecurityNumber", "", "identifier:personnummerRequired"],
    ["SocialSecurityNumber", "   ", "identifier:personnummerRequired"],
    ["SocialSecurityNumber", "19121212-1212", null],
    ["SocialSecurityNumber", "811218-9876", null],
    ["SocialSecurityNumber", "701063-2391", null],
    ["SocialSecurityNumber", "19121212-1213", "identifier:personnummerInvalid"],
    ["SocialSecurityNumber", "121301-1230", "identifier:personnummerInvalid"],
    ["SocialSecurityNumber", "abc", "identifier:personnummerInvalid"],
    ["SocialSecurityNumber", "556677-8899", "identifier:personnummerInvalid"],
    ["OrganizationNumber", "", "identifier:orgnrRequired"],
    ["OrganizationNumber", " ", "identifier:orgnrRequired"],
    ["OrganizationNumber", "556677-8899", null],
    ["OrganizationNumber", "16556677-8899", null],
    ["OrganizationNumber", "556677-8898", "identifier:orgnrInvalid"],
    ["OrganizationNumber", "402000-0008", "identifier:orgnrInvalid"],
    ["OrganizationNumber", "55667788990", "identifier:orgnrInvalid"],
    ["Other", "", "identifier:otherRequired"],
    ["Other", "  ", "identifier:otherRequired"],
    ["Other", "Vad som helst", null],
    ["Other", "0", null],
  ])("%s %j -> %s", (type, value, expected) => {
    expect(validateIdentifier(type, value, NOW)).toBe(expected);
  });

  test("passes now on to the personal number check", () => {
    expect(validateIdentifier("SocialSecurityNumber", "20261122-1231", NOW)).toBe(
      "identifier:personnummerInvalid",
    );
    expect(
      validateIdentifier("SocialSecurityNumber", "20261122-1231", new Date("2026-11-22T12:00:00Z")),
    ).toBeNull();
  });
});

describe("identifierKeyForServerMessage", () => {
  test("maps the server's checksum message", () => {
    expect(identifierKeyForServerMessage("Invalid format of social security number.")).toBe(
      "identifier:checksumServer",
    );
    expect(identifierKeyForServerMessage(" Invalid format of social security number. ")).toBe(
      "identifier:checksumServer",
    );
  });

  test("knows nothing of other messages", () => {
    expect(identifierKeyForServerMessage("Something else.")).toBeNull();
    expect(identifierKeyForServerMessage("")).toBeNull();
  });
});

describe("formatIdentifierForDisplay: personal numbers (spec 02 §5)", () => {
  const display = (value: string, now: Date = NOW) =>
    formatIdentifierForDisplay({ type: "SocialSecurityNumber", value }, now);

  test("12 digits get only the hyphen", () => {
    expect(display("191212121212")).toBe("19121212-1212");
    expect(display("19121212-1212")).toBe("19121212-1212");
    expect(display("200801011230")).toBe("20080101-1230");
  });

  test("10 digits, with or without hyphen, get a century", () => {
    expect(display("8112189876")).toBe("19811218-9876");
    expect(display("811218-9876")).toBe("19811218-9876");
    expect(display("0001011234")).toBe("20000101-1234");
  });

  test("19 when the current two-digit year minus the first two digits is under 18, else 20", () => {
    // 2026: 26 - 08 = 18 is not under 18.
    expect(display("0801011230")).toBe("20080101-1230");
    // 26 - 09 = 17.
    expect(display("0901011239")).toBe("19090101-1239");
    expect(display("2601011234")).toBe("19260101-1234");
    // A negative difference is under 18 as well.
    expect(display("9901011230")).toBe("19990101-1230");
    expect(display("2101011234")).toBe("19210101-1234");
  });

  test("the boundary moves with the year", () => {
    expect(display("0901011239", new Date("2027-03-01T12:00:00Z"))).toBe("20090101-1239");
    expect(display("0801011230", new Date("2025-03-01T12:00:00Z"))).toBe("19080101-1230");
  });

  test("the year is the Swedish one", () => {
    expect(display("0801011230", new Date("2025-12-31T23:30:00Z"))).toBe("20080101-1230");
    expect(display("0801011230", new Date("2025-12-31T22:30:00Z"))).toBe("19080101-1230");
  });

  test("nothing is added when the first two digits equal the current or previous century", () => {
    expect(display("2001011234")).toBe("200101-1234");
    expect(display("1901011237")).toBe("190101-1237");
    expect(display("1912121212")).toBe("191212-1212");
  });

  test("centuries follow the calendar rather than being fixed to 19 and 20", () => {
    const in2105 = new Date("2105-06-01T12:00:00Z");
    expect(display("2101011234", in2105)).toBe("210101-1234");
    expect(display("2001011234", in2105)).toBe("200101-1234");
    expect(display("0801011230", in2105)).toBe("20080101-1230");
    expect(display("8112189876", in2105)).toBe("20811218-9876");
    expect(display("0001011234", in2105)).toBe("20000101-1234");
    expect(display("1001011236", new Date("2150-06-01T12:00:00Z"))).toBe("21100101-1236");
  });

  test("values of other lengths are shown as they are, trimmed", () => {
    expect(display("12345")).toBe("12345");
    expect(display(" 19121212121 ")).toBe("19121212121");
    expect(display("")).toBe("");
    expect(display("okänt")).toBe("okänt");
  });
});

describe("formatIdentifierForDisplay: other types", () => {
  test("organisation numbers only get a hyphen", () => {
    expect(formatIdentifierForDisplay({ type: "OrganizationNumber", value: "5566778899" })).toBe(
      "556677-8899",
    );
    expect(formatIdentifierForDisplay({ type: "OrganizationNumber", value: "8112189876" }, NOW)).toBe(
      "811218-9876",
    );
    expect(formatIdentifierForDisplay({ type: "OrganizationNumber", value: "165566778899" })).toBe(
      "16556677-8899",
    );
  });

  test("other identifiers are trimmed and otherwise untouched", () => {
    expect(formatIdentifierForDisplay({ type: "Other", value: "  LMA 123-45 " })).toBe("LMA 123-45");
  });
});

describe("Swedish texts", () => {
  const keys: IdentifierMessageKey[] = [
    "identifier:personnummerRequired",
    "identifier:personnummerInvalid",
    "identifier:orgnrRequired",
    "identifier:orgnrInvalid",
    "identifier:otherRequired",
    "identifier:checksumServer",
  ];

  test.each(keys)("%s has a text in locales/sv/identifier.json", (key) => {
    const [namespace, name] = key.split(":");
    expect(namespace).toBe("identifier");
    expect(svIdentifier).toHaveProperty([name ?? ""]);
  });

  test("the spec's texts (spec 03 §5.1), and the length limit of an Other identifier (ours)", () => {
    expect(svIdentifier).toEqual({
      personnummerRequired: "Ange personnummer",
      personnummerInvalid: "Ogiltigt personnummer",
      orgnrRequired: "Ange organisationsnummer",
      orgnrInvalid: "Ogiltigt organisationsnummer",
      otherRequired: "Ange identifierare",
      // "Identifier type required: 'Ange identifierare'".
      typeRequired: "Ange identifierare",
      checksumServer: "Ogiltigt personnummer, checksiffra stämmer inte vid verifiering.",
      otherTooLong: "Identifieraren får vara högst {{max}} tecken",
    });
  });
});
