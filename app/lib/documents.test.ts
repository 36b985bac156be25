import { describe, expect, it } from "vitest";
import { truncateFileName } from "./documents";

describe("truncateFileName", () => {
  it("keeps names of up to 25 characters", () => {
    expect(truncateFileName("Överlåtelseavtal.pdf")).toBe("Överlåtelseavtal.pdf");
    expect(truncateFileName("a".repeat(21) + ".pdf")).toBe("a".repeat(21) + ".pdf");
  });

  it("cuts longer names to 25 characters, keeping the suffix", () => {
    const shown = truncateFileName("Överlåtelseavtal Brf Testkvarnen 2026.pdf");
    expect(shown).toBe("Överlåtelseavtal Brf…" + ".pdf");
    expect(Array.from(shown)).toHaveLength(25);
  });

  it("cuts a name without a sensible suffix at the end", () => {
    expect(truncateFileName("x".repeat(40))).toBe("x".repeat(24) + "…");
    expect(truncateFileName("a.verylongsuffixhere" + "b".repeat(20))).toHaveLength(25);
  });
});
