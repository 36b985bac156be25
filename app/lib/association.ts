// \b does not know that å, ä and ö are letters, so word edges are spelled out with Unicode classes.
const START = String.raw`(?<![\p{L}\p{N}])`;
const END = String.raw`(?![\p{L}\p{N}])`;
const word = (pattern: string) => new RegExp(`${START}(?:${pattern})${END}`, "giu");

const ABBREVIATIONS: ReadonlyArray<readonly [RegExp, string]> = [
  // Riksbyggen goes first: its names contain the general word that would otherwise become "BRF".
  [word(String.raw`riksbyggens?\s+(?:bostadsrättsföreningen|bostadsrättsförening|brf)`), "RBF"],
  [word("bostadsrättsföreningen|bostadsrättsförening"), "BRF"],
  [word("bostadsföreningen|bostadsförening"), "BF"],
  [word("brf"), "BRF"],
  [word("rbf"), "RBF"],
];

/**
 * "Bostadsrättsföreningen Solgläntan" -> "BRF Solgläntan", "Riksbyggens Brf Eken 3" -> "RBF Eken 3",
 * "Bostadsföreningen Linden" -> "BF Linden"; the rest of the name is kept as written.
 */
export function abbreviateAssociationName(name: string): string {
  let result = name.normalize("NFC").trim();
  for (const [pattern, abbreviation] of ABBREVIATIONS) {
    result = result.replace(pattern, abbreviation);
  }
  return result;
}
