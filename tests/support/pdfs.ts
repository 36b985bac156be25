/**
 * A one-page PDF whose page is only an image XObject (a "scanned" page): no font, no text operator, so pdf.js
 * finds no text on it. Written by hand like the seed's makePdf, with correct xref offsets.
 */
export function imageOnlyPdf(): Uint8Array {
  const width = 8;
  const height = 8;
  // Grey noise as raw 8-bit DeviceGray samples.
  const pixels = Buffer.alloc(width * height, 0);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37) % 256;
  const content = "q 500 0 0 700 48 70 cm /Im1 Do Q\n";
  const objects: Buffer[] = [
    Buffer.from("<< /Type /Catalog /Pages 2 0 R >>", "latin1"),
    Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", "latin1"),
    Buffer.from(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595.28 841.89] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>",
      "latin1",
    ),
    Buffer.concat([
      Buffer.from(
        `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceGray /BitsPerComponent 8 /Length ${pixels.length} >>\nstream\n`,
        "latin1",
      ),
      pixels,
      Buffer.from("\nendstream", "latin1"),
    ]),
    Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}endstream`, "latin1"),
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
