import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { checkDecodedSize, isEncrypted, OverBudget } from "./decoded-size.mjs";

/**
 * The count of what a PDF's streams decode to (decision 044) errs towards counting: a dictionary written to mislead
 * the scan does not hide a stream pdf.js would inflate.
 */

const MB = 1024 * 1024;
const zeros = zlib.deflateSync(Buffer.alloc(4 * MB), { level: 9 });
const file = (...parts: Array<string | Buffer>) =>
  new Uint8Array(Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : p))));
const over = (bytes: Uint8Array) => expect(checkDecodedSize(bytes, MB)).rejects.toBeInstanceOf(OverBudget);

describe("checkDecodedSize", () => {
  it("counts a Flate stream to its decoded size, and stops at the budget", async () => {
    const bytes = file("%PDF-1.7\n1 0 obj\n<< /Filter /FlateDecode >>\nstream\n", zeros, "\nendstream\n");
    await expect(checkDecodedSize(bytes, 8 * MB)).resolves.toBe(4 * MB);
    await over(bytes);
  });

  it("adds the streams together", async () => {
    const one = ["<< /Filter /FlateDecode >>\nstream\n", zeros, "\nendstream\n"];
    await expect(checkDecodedSize(file("%PDF-1.7\n", ...one, ...one), 6 * MB)).rejects.toBeInstanceOf(
      OverBudget,
    );
  });

  it("counts what follows the keyword as pdf.js reads it: a space before the line's end, a comment before it", async () => {
    await over(file("%PDF-1.7\n<< /Filter /FlateDecode >>\nstream  \r\n", zeros));
    await over(file("%PDF-1.7\n<< /Filter /FlateDecode >> % note\nstream\n", zeros));
  });

  it("inflates a stream whatever its dictionary says first (a decoy /Filter in a nested dictionary)", async () => {
    await over(file("%PDF-1.7\n<< /DecodeParms << /Filter /AHx >> /Filter /FlateDecode >>\nstream\n", zeros));
    await over(file("%PDF-1.7\n<< /Fi#6Cter /FlateDecode >>\nstream\n", zeros));
  });

  it("decodes a chain through the ASCII filters, and names escaped with #", async () => {
    const hex = Buffer.from(zeros.toString("hex") + ">", "latin1");
    await over(file("%PDF-1.7\n<< /Filter [/AHx /Fl#61teDecode] >>\nstream\n", hex));
  });

  it("refuses a filter it cannot follow (named by reference)", async () => {
    await over(file("%PDF-1.7\n<< /Filter 5 0 R >>\nstream\nabc\nendstream\n"));
  });

  it("leaves images coded as JPEG uncounted past their Flate layer, and plain streams at nothing", async () => {
    const bytes = file(
      "%PDF-1.7\n<< /Filter /DCTDecode >>\nstream\n\xff\xd8\xff\nendstream\n<< >>\nstream\nBT ET\n",
    );
    await expect(checkDecodedSize(bytes, MB)).resolves.toBe(0);
  });
});

describe("isEncrypted", () => {
  it("finds the trailer's /Encrypt, not /EncryptMetadata alone", () => {
    expect(isEncrypted(file("trailer\n<< /Root 1 0 R /Encrypt 9 0 R >>"))).toBe(true);
    expect(isEncrypted(file("<< /Type /XRef /Encrypt<< /Filter /Standard >> >>"))).toBe(true);
    expect(isEncrypted(file("<< /EncryptMetadata false >>"))).toBe(false);
  });
});
