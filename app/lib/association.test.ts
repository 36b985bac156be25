import { describe, expect, test } from "vitest";
import { abbreviateAssociationName } from "./association";

describe("abbreviateAssociationName", () => {
  test.each<[string, string]>([
    ["Bostadsrättsföreningen Solgläntan", "BRF Solgläntan"],
    ["Bostadsrättsförening Solgläntan", "BRF Solgläntan"],
    ["bostadsrättsföreningen Solgläntan", "BRF Solgläntan"],
    ["BOSTADSRÄTTSFÖRENINGEN SOLGLÄNTAN", "BRF SOLGLÄNTAN"],
    ["BostadsrättsFöreningen Eken 12", "BRF Eken 12"],
    ["Bostadsrättsföreningen Kvarnen i Stockholm", "BRF Kvarnen i Stockholm"],
    ["HSB Bostadsrättsförening Björken", "HSB BRF Björken"],
    ["Solgläntan Bostadsrättsförening", "Solgläntan BRF"],
  ])("Bostadsrättsförening: %j -> %j", (name, expected) => {
    expect(abbreviateAssociationName(name)).toBe(expected);
  });

  test.each<[string, string]>([
    ["Bostadsföreningen Linden", "BF Linden"],
    ["Bostadsförening Linden", "BF Linden"],
    ["bostadsföreningen Linden nr 2", "BF Linden nr 2"],
    ["BOSTADSFÖRENINGEN LINDEN", "BF LINDEN"],
  ])("Bostadsförening: %j -> %j", (name, expected) => {
    expect(abbreviateAssociationName(name)).toBe(expected);
  });

  test.each<[string, string]>([
    ["Riksbyggens Bostadsrättsförening Göteborgshus nr 12", "RBF Göteborgshus nr 12"],
    ["Riksbyggen Bostadsrättsförening Eken", "RBF Eken"],
    ["Riksbyggens bostadsrättsförening Eken", "RBF Eken"],
    ["Riksbyggens Bostadsrättsföreningen Eken", "RBF Eken"],
    ["Riksbyggens Brf Eken", "RBF Eken"],
    ["Riksbyggen BRF Eken", "RBF Eken"],
    ["riksbyggens brf Eken", "RBF Eken"],
    ["RIKSBYGGENS BOSTADSRÄTTSFÖRENING EKEN", "RBF EKEN"],
    ["Riksbyggens  Bostadsrättsförening Eken", "RBF Eken"],
    ["Riksbyggens\u00A0Brf Eken", "RBF Eken"],
    ["Rbf Eken", "RBF Eken"],
  ])("Riksbyggen: %j -> %j", (name, expected) => {
    expect(abbreviateAssociationName(name)).toBe(expected);
  });

  test.each<[string, string]>([
    ["Brf Solgläntan", "BRF Solgläntan"],
    ["brf Solgläntan", "BRF Solgläntan"],
    ["BRF Solgläntan", "BRF Solgläntan"],
    ["bRf Solgläntan", "BRF Solgläntan"],
    ["BF Linden", "BF Linden"],
    ["RBF Eken", "RBF Eken"],
  ])("existing abbreviation: %j -> %j", (name, expected) => {
    expect(abbreviateAssociationName(name)).toBe(expected);
  });

  test.each<[string, string]>([
    ["Kooperativa Hyresrättsföreningen Lyckan", "Kooperativa Hyresrättsföreningen Lyckan"],
    ["Riksbyggen Förvaltning", "Riksbyggen Förvaltning"],
    ["Brfstaden", "Brfstaden"],
    ["Ekbrf", "Ekbrf"],
    ["Bostadsrättsföreningarnas Riksförbund", "Bostadsrättsföreningarnas Riksförbund"],
    ["Småbostadsförening Eken", "Småbostadsförening Eken"],
    ["Stiftelsen Bostadsrättsföreningens Vänner", "Stiftelsen Bostadsrättsföreningens Vänner"],
    ["", ""],
  ])("leaves other words alone: %j", (name, expected) => {
    expect(abbreviateAssociationName(name)).toBe(expected);
  });

  test("does not take Bostadsförening out of Bostadsrättsförening", () => {
    expect(abbreviateAssociationName("Bostadsrättsföreningen Bostadsföreningen")).toBe("BRF BF");
  });

  test("handles decomposed Swedish letters", () => {
    expect(abbreviateAssociationName("Bostadsra\u0308ttsfo\u0308reningen Eken")).toBe("BRF Eken");
  });

  test("trims surrounding whitespace but keeps the rest as written", () => {
    expect(abbreviateAssociationName("  Brf  Eken  i Täby ")).toBe("BRF  Eken  i Täby");
  });

  test("keeps punctuation next to the abbreviation", () => {
    expect(abbreviateAssociationName("Bostadsrättsföreningen (Eken)")).toBe("BRF (Eken)");
    expect(abbreviateAssociationName("Eken, Bostadsrättsförening")).toBe("Eken, BRF");
  });
});
