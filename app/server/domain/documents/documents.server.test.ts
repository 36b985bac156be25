import PDFDocument from "pdfkit";
import { describe, expect, it } from "vitest";
import { makePdf } from "~/server/demo/pdf.server";
import { MAX_UPLOAD_BYTES, UploadFileNameSchema, downloadFileName } from "~/schemas/documents";
import { UploadRefusal, checkedUpload } from "./upload.server";
import { verifyPdf } from "./verify.server";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

async function drain(source: ReadableStream<Uint8Array>, limit?: number) {
  const check = checkedUpload(limit);
  const reader = source.pipeThrough(check.stream).getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
  }
  return { bytes, size: check.size() };
}

function pdfkitBytes(options: PDFKit.PDFDocumentOptions): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.text("Överlåtelseavtal");
    doc.end();
  });
}

describe("the upload check, as the bytes stream", () => {
  const pdf = makePdf({ title: "Medlemsansökan", lines: ["Sökande: Åsa Öberg"] });

  it("passes a PDF through whole, even when its signature arrives split over chunks", async () => {
    const result = await drain(streamOf([pdf.slice(0, 2), pdf.slice(2, 3), pdf.slice(3)]));
    expect(result).toEqual({ bytes: pdf.byteLength, size: pdf.byteLength });
  });

  it.each([
    ["a text file named .pdf", [new TextEncoder().encode("hej, detta är ingen pdf")], "notPdf"],
    ["a PNG", [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d])], "notPdf"],
    ["three bytes of a signature", [new Uint8Array([0x25, 0x50, 0x44])], "notPdf"],
    ["nothing", [], "empty"],
  ] as const)("refuses %s", async (_, chunks, reason) => {
    const error = await drain(streamOf([...chunks])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UploadRefusal);
    expect((error as UploadRefusal).reason).toBe(reason);
  });

  it("refuses a file over the limit as soon as it passes it, without reading the rest", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024);
    chunk.set(pdf.slice(0, 5));
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(chunk.slice());
      },
    });
    const error = await drain(endless).catch((e: unknown) => e);
    expect((error as UploadRefusal).reason).toBe("tooLarge");
    expect(MAX_UPLOAD_BYTES).toBe(25 * 1024 * 1024);
    expect(pulled).toBeLessThanOrEqual(27); // 25 MB in 1 MB chunks, and the one that passed the limit
  });
});

describe("upload file names", () => {
  it.each(["Överlåtelseavtal.pdf", "  Bouppteckning 2026.pdf ", "avtal (signerat).PDF"])(
    "accepts %j",
    (name) => {
      expect(UploadFileNameSchema.safeParse(name).success).toBe(true);
    },
  );

  it.each([
    "../../etc/passwd.pdf",
    "a/b.pdf",
    "a\\b.pdf",
    "avtal\u0000.pdf",
    "rad\nbrytning.pdf",
    "..",
    "",
    "x".repeat(201),
  ])("refuses %j", (name) => {
    expect(UploadFileNameSchema.safeParse(name).success).toBe(false);
  });

  it("replaces the spec's characters in a download name", () => {
    expect(downloadFileName('a:b"c<d>e|f*g?h\\i/j.pdf')).toBe("a_b_c_d_e_f_g_h_i_j.pdf");
  });
});

describe("verification with pdf.js", () => {
  it("verifies a readable PDF and counts its pages", async () => {
    expect(await verifyPdf(makePdf({ title: "Gåvobrev", lines: ["En sida"] }))).toEqual({
      verified: true,
      pages: 1,
    });
  });

  it("rejects a PDF that will not open, and an encrypted one", async () => {
    expect(await verifyPdf(new TextEncoder().encode("%PDF-1.4\nnot really"))).toEqual({
      verified: false,
      reason: "unreadable",
    });
    const locked = await pdfkitBytes({ userPassword: "hemligt", ownerPassword: "ägare" });
    expect(await verifyPdf(locked)).toEqual({ verified: false, reason: "encrypted" });
    const ownerOnly = await pdfkitBytes({
      ownerPassword: "ägare",
      permissions: { printing: "lowResolution" },
    });
    expect(await verifyPdf(ownerOnly)).toEqual({ verified: false, reason: "encrypted" });
  });
});
