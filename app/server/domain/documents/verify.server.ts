import { inPdfWorker } from "../../integrations/document-analysis/sandbox.server";

/**
 * Document verification (decision 018): the stored file is opened with pdf.js (its legacy build, the one that runs on
 * Node 20) in the PDF worker (decision 044) and judged: a readable PDF with at least one page and no encryption is
 * verified; anything else is rejected with its reason. A file that breaks a limit of the reading (what its streams
 * decode to, its pages, the worker's memory or time) is rejected as too complex. Runs in the verification job,
 * never in a request.
 */

export type VerificationResult =
  | { verified: true; pages: number }
  | { verified: false; reason: "unreadable" | "encrypted" | "noPages" | "tooComplex" };

/**
 * `handOver`: the bytes move to the worker (the caller's buffer is detached), which saves a copy of up to 25 MB per
 * job; otherwise the worker gets a copy and the caller's bytes stay usable.
 */
export async function verifyPdf(
  bytes: Uint8Array,
  { handOver = false }: { handOver?: boolean } = {},
): Promise<VerificationResult> {
  const answer = await inPdfWorker("verify", bytes, { handOver });
  switch (answer.kind) {
    case "verify":
      return answer.result;
    case "encrypted":
      return { verified: false, reason: "encrypted" };
    case "unreadable":
      return { verified: false, reason: answer.name === "PasswordException" ? "encrypted" : "unreadable" };
    case "limit":
    case "timeout":
    case "crashed":
      return { verified: false, reason: "tooComplex" };
  }
}
