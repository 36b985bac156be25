import { pdfTextString } from "~/server/demo/pdf.server";

/** A one-page PDF from a content stream and the objects it names (numbered from 4), with correct xref offsets. */
function onePagePdf(content: string, resources: string, extra: Buffer[]): Uint8Array {
  const objects: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>", "latin1"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "latin1"),
    Buffer.from(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Resources ${resources} /Contents ${4 + extra.length} 0 R >>`,
      "latin1",
    ),
    ...extra,
    Buffer.from(
      `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}endstream`,
      "latin1",
    ),
  ];
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${i + 1} 0 obj\n`, "latin1"),
      body,
      Buffer.from("\nendobj\n", "latin1"),
    ]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xref = [
    "xref",
    `0 ${objects.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(length),
    "%%EOF",
  ];
  chunks.push(Buffer.from(xref.join("\n") + "\n", "latin1"));
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * A one-page PDF whose page is only an image XObject (a "scanned" page): no font, no text operator, so pdf.js
 * finds no text on it.
 */
export function imageOnlyPdf(): Uint8Array {
  const width = 8;
  const height = 8;
  const pixels = Buffer.alloc(width * height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37) % 256;
  const image = Buffer.concat([
    Buffer.from(
      `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`,
      "latin1",
    ),
    pixels,
    Buffer.from("\nendstream", "latin1"),
  ]);
  return onePagePdf("q 500 0 0 700 48 70 cm /Im1 Do Q\n", "<< /XObject << /Im1 4 0 R >> >>", [image]);
}

/** Text pieces placed anywhere on a page, written in the given order (which need not be reading order). */
export function placedTextPdf(pieces: Array<{ x: number; y: number; text: string }>): Uint8Array {
  const content =
    pieces
      .map(({ x, y, text }) => `BT /F1 11 Tf 1 0 0 1 ${x} ${y} Tm ${pdfTextString(text)} Tj ET`)
      .join("\n") + "\n";
  const font = Buffer.from(
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "latin1",
  );
  return onePagePdf(content, "<< /Font << /F1 4 0 R >> >>", [font]);
}
