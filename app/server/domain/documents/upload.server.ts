import { MAX_UPLOAD_BYTES } from "~/schemas/documents";

/**
 * The checks an upload passes while it streams (decision 018), before any of it is stored for good: the PDF signature
 * in the first bytes, and the size, counted as the bytes pass, so a 26 MB file is refused at 25 MB without ever
 * being held whole. The stream errors with an UploadRefusal; whoever writes it to storage discards what it wrote.
 */

/** `tooMany`: the uploader already has the most uploads streaming at once (platform/upload-slots). */
export type UploadRefusalReason = "notPdf" | "tooLarge" | "empty" | "tooMany";

export class UploadRefusal extends Error {
  override readonly name = "UploadRefusal";
  constructor(readonly reason: UploadRefusalReason) {
    super(`upload refused: ${reason}`);
  }
}

const SIGNATURE = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-

/** A pass-through that refuses what is not a PDF or grows past the limit; `size()` says what passed. */
export function checkedUpload(limit = MAX_UPLOAD_BYTES) {
  let seen = 0;
  const head: number[] = [];
  const stream = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength;
      if (seen > limit) throw new UploadRefusal("tooLarge");
      for (let i = 0; head.length < SIGNATURE.length && i < chunk.byteLength; i++) {
        head.push(chunk[i]!);
        if (head[head.length - 1] !== SIGNATURE[head.length - 1]) throw new UploadRefusal("notPdf");
      }
      controller.enqueue(chunk);
    },
    flush() {
      if (seen === 0) throw new UploadRefusal("empty");
      if (head.length < SIGNATURE.length) throw new UploadRefusal("notPdf");
    },
  });
  return { stream, size: () => seen };
}
