import { pdfjsFontsUrl } from "../../integrations/document-analysis/text.server";

/**
 * Document verification (decision 018): the stored file is opened with pdf.js (its legacy build, the one that runs on
 * Node 20) and judged: a readable PDF with at least one page and no encryption is verified; anything else is
 * rejected with its reason. Runs in the verification job, never in a request.
 */

export type VerificationResult =
  { verified: true; pages: number } | { verified: false; reason: "unreadable" | "encrypted" | "noPages" };

/**
 * `handOver`: the caller gives pdf.js the buffer (it takes ownership and detaches it), which saves a copy of up to
 * 25 MB per job; otherwise pdf.js gets a copy and the caller's bytes stay usable.
 */
export async function verifyPdf(
  bytes: Uint8Array,
  { handOver = false }: { handOver?: boolean } = {},
): Promise<VerificationResult> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  let doc;
  try {
    doc = await getDocument({
      data: handOver ? bytes : bytes.slice(),
      isEvalSupported: false,
      standardFontDataUrl: pdfjsFontsUrl(),
      verbosity: 0,
    }).promise;
  } catch (error) {
    const name = (error as { name?: string }).name;
    return { verified: false, reason: name === "PasswordException" ? "encrypted" : "unreadable" };
  }
  try {
    const { info } = (await doc.getMetadata()) as unknown as { info?: Record<string, unknown> };
    if (info && "EncryptFilterName" in info && info.EncryptFilterName)
      return { verified: false, reason: "encrypted" };
    if (doc.numPages < 1) return { verified: false, reason: "noPages" };
    await doc.getPage(1);
    return { verified: true, pages: doc.numPages };
  } catch {
    return { verified: false, reason: "unreadable" };
  } finally {
    await doc.destroy();
  }
}
