import { describe, expect, test } from "vitest";
import { initials, personDisplayName } from "./person";

describe("personDisplayName", () => {
  test.each<[Parameters<typeof personDisplayName>[0], string]>([
    [{ firstName: "Anna", lastName: "Svensson" }, "Anna Svensson"],
    [{ firstName: "  Anna ", lastName: " Svensson  " }, "Anna Svensson"],
    [{ firstName: "Anna-Karin", lastName: "af Ödman" }, "Anna-Karin af Ödman"],
    [{ firstName: "Anna Maria", lastName: "Svensson" }, "Anna Maria Svensson"],
    [{ firstName: "Anna", lastName: "" }, "Anna"],
    [{ firstName: "", lastName: "Svensson" }, "Svensson"],
    [{ firstName: "   ", lastName: "Svensson" }, "Svensson"],
    [{ firstName: null, lastName: "Svensson" }, "Svensson"],
    [{ firstName: "Anna", lastName: undefined }, "Anna"],
    [{ lastName: "Svensson" }, "Svensson"],
    [{}, ""],
    [{ firstName: " ", lastName: " " }, ""],
  ])("%o -> %j", (person, expected) => {
    expect(personDisplayName(person)).toBe(expected);
  });
});

describe("initials", () => {
  test.each<[Parameters<typeof initials>[0], string]>([
    [{ firstName: "Anna", lastName: "Svensson" }, "AS"],
    [{ firstName: "åsa", lastName: "östergård" }, "ÅÖ"],
    [{ firstName: "A\u030Asa", lastName: "A\u0308ng" }, "ÅÄ"],
    [{ firstName: " anna-karin ", lastName: " af Ödman" }, "AA"],
    [{ firstName: "Anna", lastName: null }, "A"],
    [{ firstName: "", lastName: "Öberg" }, "Ö"],
    [{}, ""],
    [{ firstName: "  ", lastName: "  " }, ""],
  ])("%o -> %j", (person, expected) => {
    expect(initials(person)).toBe(expected);
  });
});
