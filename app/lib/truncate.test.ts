import { describe, expect, test } from "vitest";
import {
  CELL_MAX,
  FILE_NAME_MAX,
  HEADER_FIRST_NAME_MAX,
  HEADER_LAST_NAME_MAX,
  graphemes,
  truncate,
  truncateFileName,
} from "./truncate";

const length = (text: string) => graphemes(text).length;

describe("limits from the spec", () => {
  test("header names 15/30, cells 30, file names 25", () => {
    expect([HEADER_FIRST_NAME_MAX, HEADER_LAST_NAME_MAX, CELL_MAX, FILE_NAME_MAX]).toEqual([15, 30, 30, 25]);
  });
});

describe("graphemes", () => {
  test("counts a decomposed å as one character", () => {
    expect(graphemes("Ga\u030Ardsva\u0308gen")).toHaveLength(10);
  });

  test("counts an emoji family as one character", () => {
    expect(graphemes("a👨‍👩‍👧b")).toEqual(["a", "👨‍👩‍👧", "b"]);
  });
});

describe("truncate", () => {
  test("leaves text that fits unchanged", () => {
    expect(truncate("Anna", 15)).toBe("Anna");
    expect(truncate("Exakt femton te", 15)).toBe("Exakt femton te");
    expect(truncate("", 5)).toBe("");
  });

  test("cuts to max characters including the ellipsis", () => {
    expect(truncate("Bostadsrättsföreningen Solgläntan i Stockholm", 30)).toBe(
      "Bostadsrättsföreningen Solglä…",
    );
    expect(truncate("Maximiliana-Charlotta", HEADER_FIRST_NAME_MAX)).toBe("Maximiliana-Ch…");
  });

  test("result never exceeds max", () => {
    const text = "Åsa-Märta Östergård Ängelholm";
    for (let max = 0; max <= text.length + 2; max++) {
      expect(length(truncate(text, max))).toBeLessThanOrEqual(max);
    }
  });

  test("does not leave a space before the ellipsis", () => {
    expect(truncate("Anna Maria Svensson", 6)).toBe("Anna…");
  });

  test("keeps Swedish letters whole, also when decomposed", () => {
    const decomposed = "Ma\u0308rta A\u030Angstro\u0308m";
    expect(truncate(decomposed, 4)).toBe("Mär…");
    expect(truncate("Öö", 1)).toBe("…");
  });

  test("never splits an emoji", () => {
    expect(truncate("Hej 👨‍👩‍👧 och välkommen", 6)).toBe("Hej 👨‍👩‍👧…");
  });

  test("edge widths", () => {
    expect(truncate("abc", 0)).toBe("");
    expect(truncate("abc", 1)).toBe("…");
    expect(truncate("abc", 2)).toBe("a…");
    expect(truncate("abc", 3)).toBe("abc");
  });

  test.each([-1, 2.5, NaN])("rejects max %d", (max) => {
    expect(() => truncate("abc", max)).toThrow(RangeError);
  });
});

describe("truncateFileName", () => {
  test("keeps the suffix intact and stays within 25 characters", () => {
    const result = truncateFileName("Mycket_langt_filnamn_for_avtal.pdf");
    expect(result).toBe("Mycket_langt_filnamn….pdf");
    expect(length(result)).toBe(FILE_NAME_MAX);
  });

  test("leaves names that fit unchanged", () => {
    expect(truncateFileName("avtal.pdf")).toBe("avtal.pdf");
    expect(truncateFileName("exakt_tjugofem_tecken.pdf")).toBe("exakt_tjugofem_tecken.pdf");
  });

  test("uses only the last dot as the suffix", () => {
    expect(truncateFileName("Årsredovisning.2025.slutversion.pdf", 22)).toBe("Årsredovisning.20….pdf");
  });

  test("keeps longer suffixes such as .docx", () => {
    expect(truncateFileName("Överlåtelseavtal_lägenhet_1101.docx", 20)).toBe("Överlåtelseavt….docx");
  });

  test("names without a suffix behave like truncate", () => {
    const name = "Protokoll_styrelsemote_mars_2026";
    expect(truncateFileName(name)).toBe(truncate(name, FILE_NAME_MAX));
    expect(truncateFileName(name)).toBe("Protokoll_styrelsemote_m…");
  });

  test("a leading dot is not a suffix", () => {
    expect(truncateFileName(".en_dold_fil_med_valdigt_langt_namn", 10)).toBe(".en_dold_…");
  });

  test("a trailing dot or a 'suffix' with spaces is not a suffix", () => {
    expect(truncateFileName("Avtal_med_mycket_langt_namn.", 10)).toBe("Avtal_med…");
    expect(truncateFileName("Avtal v.2 med mycket langt namn", 10)).toBe("Avtal v.2…");
  });

  test("falls back to plain truncation when the suffix leaves no room", () => {
    expect(truncateFileName("dokument.pdf", 5)).toBe("doku…");
    expect(truncateFileName("dokument.pdf", 6)).toBe("d….pdf");
  });

  test("result never exceeds max", () => {
    const name = "Överlåtelseavtal_Brf_Solgläntan_lgh_1101.pdf";
    for (let max = 0; max <= 50; max++) {
      const result = truncateFileName(name, max);
      expect(length(result)).toBeLessThanOrEqual(max);
      if (max >= 6) expect(result.endsWith(".pdf")).toBe(true);
    }
  });
});
