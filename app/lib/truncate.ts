export const HEADER_FIRST_NAME_MAX = 15;
export const HEADER_LAST_NAME_MAX = 30;
export const CELL_MAX = 30;
export const FILE_NAME_MAX = 25;

const ELLIPSIS = "…";
// A file suffix longer than this is more likely part of the name ("Avtal v.2 slutgiltig") than a type.
const SUFFIX_MAX = 8;

const LATIN_ONLY = /^[\u0020-\u007e\u00a0-\u024f]*$/;

const graphemeSegmenter =
  typeof Intl !== "undefined" && "Segmenter" in Intl
    ? new Intl.Segmenter("sv", { granularity: "grapheme" })
    : null;

/**
 * User-perceived characters, so a decomposed "å" (a + combining ring) or an emoji counts as one and is
 * never cut in half.
 */
export function graphemes(text: string): string[] {
  const composed = text.normalize("NFC");
  // Printable Latin (Swedish names and addresses): every UTF-16 unit is one grapheme, no segmenter needed.
  if (LATIN_ONLY.test(composed)) return composed.split("");
  if (graphemeSegmenter) {
    return Array.from(graphemeSegmenter.segment(composed), (s) => s.segment);
  }
  return Array.from(composed);
}

/** Shortens `text` to at most `max` characters, the last of which is "…" when anything was cut. */
export function truncate(text: string, max: number): string {
  if (!Number.isInteger(max) || max < 0) {
    throw new RangeError(`max must be a non-negative integer, got ${max}`);
  }
  // A string never has more graphemes than UTF-16 units: short text needs no segmenting.
  if (text.length <= max) return text;
  const chars = graphemes(text);
  if (chars.length <= max) return text;
  if (max === 0) return "";
  return (
    chars
      .slice(0, max - 1)
      .join("")
      .trimEnd() + ELLIPSIS
  );
}

/**
 * Shortens a file name to at most `max` characters while keeping its suffix whole:
 * "Mycket_langt_filnamn_for_avtal.pdf" -> "Mycket_langt_filnamn….pdf".
 */
export function truncateFileName(name: string, max: number = FILE_NAME_MAX): string {
  if (name.length <= max) return name;
  const chars = graphemes(name);
  if (chars.length <= max) return name;
  const dot = chars.lastIndexOf(".");
  const suffixLength = chars.length - dot;
  const hasSuffix =
    dot > 0 && suffixLength > 1 && suffixLength <= SUFFIX_MAX && !/\s/.test(chars.slice(dot).join(""));
  // The stem needs room for at least one character and the ellipsis.
  if (!hasSuffix || suffixLength + 2 > max) return truncate(name, max);
  const stem = chars.slice(0, dot).join("");
  const suffix = chars.slice(dot).join("");
  return truncate(stem, max - suffixLength) + suffix;
}
