import { describe, expect, it } from "vitest";
import { contrastRatio, isHexColor, readableTextOn, relativeLuminance } from "./color";

describe("colour contrast", () => {
  it("computes WCAG luminance and contrast", () => {
    expect(relativeLuminance("#ffffff")).toBeCloseTo(1, 5);
    expect(relativeLuminance("#000")).toBe(0);
    expect(contrastRatio("#fff", "#000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  });

  it("picks the readable text colour", () => {
    expect(readableTextOn("#1d4f76")).toBe("#ffffff");
    expect(readableTextOn("#e8eef3")).toBe("#000000");
    expect(readableTextOn("#ffcc00")).toBe("#000000");
  });

  it("refuses what is not a hex colour", () => {
    expect(isHexColor("#12345")).toBe(false);
    expect(isHexColor("red")).toBe(false);
    expect(() => relativeLuminance("red")).toThrow();
  });
});
