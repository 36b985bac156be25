import zlib from "node:zlib";
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

// ---- Decompression bombs (decision 044): small files whose streams, pages or items are huge once read.

const MB = 1024 * 1024;

const made = new Map<string, Promise<Buffer>>();

/**
 * A deflate stream of `prefix` and `mb` MB of zeros, made a megabyte at a time (never holding them whole), once per
 * size and prefix.
 */
export function deflatedZeros(mb: number, prefix = ""): Promise<Buffer> {
  const key = `${mb}:${prefix}`;
  let deflated = made.get(key);
  if (!deflated) made.set(key, (deflated = deflate(mb, prefix)));
  return deflated;
}

async function deflate(mb: number, prefix: string): Promise<Buffer> {
  const deflate = zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => deflate.on("end", resolve));
  deflate.write(Buffer.from(prefix, "latin1"));
  const zeros = Buffer.alloc(MB);
  for (let i = 0; i < mb; i++) {
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once("drain", resolve));
  }
  deflate.end();
  await ended;
  return Buffer.concat(chunks);
}

const stream = (dict: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, "latin1"),
    data,
    Buffer.from("\nendstream", "latin1"),
  ]);

/** A PDF of the given objects (numbered from 1, the catalog first) with a classic xref table. */
function pdfOf(objects: Buffer[], root = 1): Uint8Array {
  const chunks: Buffer[] = [Buffer.from("%PDF-1.5\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = chunks[0]!.length;
  const offsets = objects.map((body, i) => {
    const at = length;
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    chunks.push(chunk);
    length += chunk.length;
    return at;
  });
  const xref = ["xref", `0 ${objects.length + 1}`, "0000000000 65535 f "];
  for (const offset of offsets) xref.push(`${String(offset).padStart(10, "0")} 00000 n `);
  xref.push("trailer", `<< /Size ${objects.length + 1} /Root ${root} 0 R >>`, "startxref", String(length));
  chunks.push(Buffer.from(xref.join("\n") + "\n%%EOF\n", "latin1"));
  return new Uint8Array(Buffer.concat(chunks));
}

const CATALOG = Buffer.from("<< /Type /Catalog /Pages 2 0 R >>");
const ONE_PAGE = Buffer.from("<< /Type /Pages /Kids [3 0 R] /Count 1 >>");
const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";

/** One page whose content stream inflates to `mb` MB of zeros (whitespace to a PDF lexer). */
export async function deflateBombPdf(mb: number): Promise<Uint8Array> {
  return pdfOf([
    CATALOG,
    ONE_PAGE,
    Buffer.from("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>"),
    stream("/Filter /FlateDecode", await deflatedZeros(mb)),
  ]);
}

/**
 * One page whose page object and content stream's dictionary lie in two object streams, each inflating to `mb` MB
 * (the object, then zeros), found through an xref stream as PDF 1.5 writes them.
 */
export async function objectStreamBombPdf(mb: number): Promise<Uint8Array> {
  const page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources 4 0 R /Contents 7 0 R >>";
  const objStm = async (number: number, object: string) => {
    const header = `${number} 0 `;
    return stream(
      `/Type /ObjStm /N 1 /First ${header.length} /Filter /FlateDecode`,
      await deflatedZeros(mb, header + object),
    );
  };
  const objects = [
    CATALOG,
    ONE_PAGE,
    Buffer.alloc(0),
    Buffer.alloc(0),
    await objStm(3, page),
    await objStm(4, `<< /Font << /F1 ${FONT} >> >>`),
    stream("", Buffer.from("BT /F1 12 Tf 72 700 Td (Köpare) Tj ET\n", "latin1")),
  ];
  const chunks: Buffer[] = [Buffer.from("%PDF-1.5\n", "latin1")];
  let length = chunks[0]!.length;
  const entries: Buffer[] = [Buffer.from([0, 0, 0, 0, 0, 0xff, 0xff])];
  objects.forEach((body, i) => {
    const inStream = i === 2 ? 5 : i === 3 ? 6 : 0;
    const entry = Buffer.alloc(7);
    if (inStream) {
      entry.writeUInt8(2, 0);
      entry.writeUInt32BE(inStream, 1);
      entry.writeUInt16BE(0, 5);
      entries.push(entry);
      return;
    }
    entry.writeUInt8(1, 0);
    entry.writeUInt32BE(length, 1);
    entries.push(entry);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), body, Buffer.from("\nendobj\n")]);
    chunks.push(chunk);
    length += chunk.length;
  });
  const xrefNumber = objects.length + 1;
  const self = Buffer.alloc(7);
  self.writeUInt8(1, 0);
  self.writeUInt32BE(length, 1);
  entries.push(self);
  const table = Buffer.concat(entries);
  chunks.push(
    Buffer.from(`${xrefNumber} 0 obj\n`),
    stream(`/Type /XRef /Size ${xrefNumber + 1} /W [1 4 2] /Root 1 0 R`, table),
    Buffer.from(`\nendobj\nstartxref\n${length}\n%%EOF\n`),
  );
  return new Uint8Array(Buffer.concat(chunks));
}

/** `count` pages, each with a line of text, sharing one content stream and one font. */
export function manyPagesPdf(count: number): Uint8Array {
  const first = 6;
  const kids = Array.from({ length: count }, (_, i) => `${first + i} 0 R`).join(" ");
  const pages = Array.from({ length: count }, () =>
    Buffer.from("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources 5 0 R /Contents 4 0 R >>"),
  );
  return pdfOf([
    CATALOG,
    Buffer.from(`<< /Type /Pages /Kids [${kids}] /Count ${count} >>`),
    Buffer.from("<< >>"),
    stream("", Buffer.from("BT /F1 12 Tf 72 700 Td (Säljare: Åsa Öberg) Tj ET\n", "latin1")),
    Buffer.from(`<< /Font << /F1 ${FONT} >> >>`),
    ...pages,
  ]);
}

/** One page showing a `side` × `side` grey image whose pixels (zeros) inflate to side² bytes. */
export async function hugeImagePdf(side: number): Promise<Uint8Array> {
  const image = stream(
    `/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
    await deflatedZeros(Math.ceil((side * side) / MB)),
  );
  return pdfOf([
    CATALOG,
    ONE_PAGE,
    Buffer.from(
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>",
    ),
    image,
    stream("", Buffer.from("q 595 0 0 842 0 0 cm /Im1 Do Q\n", "latin1")),
  ]);
}
