import crypto from "node:crypto";

// What the upload benchmark sends: a big valid PDF, the form's multipart body, a body without a declared size.

export const BOUNDARY = "----overlatelser-bench-7f3a9c";

/**
 * A valid one-page PDF of close to `targetBytes` (never over it): the page draws an uncompressed RGB image of
 * random pixels, as large as fits, so the bytes cannot shrink in transit and pdf.js (the verification job) opens it.
 */
export function makeBigPdf(targetBytes: number): Buffer {
  const width = 2048;
  const build = (height: number) => {
    const pixels = height * width * 3;
    const content = "q 500 0 0 500 48 300 cm /Im1 Do Q\n";
    const objects: Array<Buffer | string> = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] " +
        "/Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>",
      `<< /Length ${content.length} >>\nstream\n${content}endstream`,
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB ` +
        `/BitsPerComponent 8 /Length ${pixels} >>\nstream\n`,
      "<< /Title (Bench upload) /Producer (Overlatelseportalen bench) >>",
    ];
    const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
    let length = chunks[0]!.length;
    const offsets: number[] = [];
    objects.forEach((body, i) => {
      offsets.push(length);
      const parts = [Buffer.from(`${i + 1} 0 obj\n${String(body)}`, "latin1")];
      if (i === 4) parts.push(crypto.randomBytes(pixels), Buffer.from("\nendstream", "latin1"));
      parts.push(Buffer.from("\nendobj\n", "latin1"));
      for (const part of parts) {
        chunks.push(part);
        length += part.length;
      }
    });
    const size = objects.length + 1;
    const xref = [
      "xref",
      `0 ${size}`,
      "0000000000 65535 f ",
      ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
      "trailer",
      `<< /Size ${size} /Root 1 0 R /Info ${objects.length} 0 R >>`,
      "startxref",
      String(length),
      "%%EOF",
    ];
    chunks.push(Buffer.from(xref.join("\n") + "\n", "latin1"));
    return Buffer.concat(chunks);
  };
  const overhead = build(1).length - width * 3;
  return build(Math.floor((targetBytes - overhead) / (width * 3)));
}

export function multipartBody(category: string, pdf: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="category"\r\n\r\n${category}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    ),
    pdf,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

/** A body sent chunked (no Content-Length), as a client that does not declare its size. */
export function chunked(bytes: Buffer): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}
