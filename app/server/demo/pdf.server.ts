/**
 * A minimal PDF 1.4 writer for demo documents: one A4 page of Helvetica text, a heading and lines.
 * Text is shown in WinAnsiEncoding (Windows-1252), so Swedish letters render with the standard fonts.
 */

export interface PdfContent {
  title: string;
  lines: string[];
}

const PAGE_WIDTH = 595.28;
const PAGE_HEIGHT = 841.89;
const MARGIN = 56;
const TITLE_SIZE = 16;
const BODY_SIZE = 10.5;
const LEADING = 15;
// Helvetica's average advance is about half an em, so this many characters fill the text width.
const WRAP_AT = Math.floor((PAGE_WIDTH - 2 * MARGIN) / (BODY_SIZE * 0.52));
const MAX_LINES = Math.floor((PAGE_HEIGHT - 2 * MARGIN - 2 * LEADING) / LEADING);

// Windows-1252 bytes 0x80–0x9F; 0xA0–0xFF are the same code points as Unicode.
const WIN_ANSI_HIGH: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  ƒ: 0x83,
  "„": 0x84,
  "…": 0x85,
  "†": 0x86,
  "‡": 0x87,
  ˆ: 0x88,
  "‰": 0x89,
  Š: 0x8a,
  "‹": 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
  "˜": 0x98,
  "™": 0x99,
  š: 0x9a,
  "›": 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

function winAnsiByte(char: string): number {
  const code = char.codePointAt(0) ?? 0x3f;
  if (code >= 0x20 && code <= 0x7e) return code;
  if (code >= 0xa0 && code <= 0xff) return code;
  if (char === "\u202f") return 0xa0;
  return WIN_ANSI_HIGH[char] ?? 0x3f;
}

/** A PDF literal string: printable ASCII as is, ( ) \ escaped, every other byte as an octal escape. */
export function pdfTextString(text: string): string {
  let out = "(";
  for (const char of text.normalize("NFC")) {
    const byte = winAnsiByte(char);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte >= 0x20 && byte <= 0x7e) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, "0")}`;
  }
  return `${out})`;
}

/** A document-information string (PDFDocEncoding is not WinAnsi), as UTF-16BE with a byte-order mark. */
function pdfUnicodeString(text: string): string {
  let hex = "FEFF";
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, "0");
  return `<${hex.toUpperCase()}>`;
}

function wrap(line: string): string[] {
  if (line.length <= WRAP_AT) return [line];
  const out: string[] = [];
  let current = "";
  for (const word of line.split(/\s+/)) {
    if (current !== "" && current.length + 1 + word.length > WRAP_AT) {
      out.push(current);
      current = word;
    } else {
      current = current === "" ? word : `${current} ${word}`;
    }
  }
  if (current !== "") out.push(current);
  return out;
}

function contentStream({ title, lines }: PdfContent): string {
  const wrapped = lines.flatMap(wrap);
  if (wrapped.length > MAX_LINES) {
    throw new RangeError(`makePdf writes one page: ${wrapped.length} lines do not fit in ${MAX_LINES}`);
  }
  const ops = [
    "BT",
    `/F2 ${TITLE_SIZE} Tf`,
    `${MARGIN} ${(PAGE_HEIGHT - MARGIN - TITLE_SIZE).toFixed(2)} Td`,
    `${pdfTextString(title)} Tj`,
    `/F1 ${BODY_SIZE} Tf`,
    `0 ${-2 * LEADING} Td`,
  ];
  wrapped.forEach((line, i) => {
    if (i > 0) ops.push(`0 ${-LEADING} Td`);
    if (line.trim() !== "") ops.push(`${pdfTextString(line)} Tj`);
  });
  ops.push("ET");
  return ops.join("\n") + "\n";
}

/** One A4 page with `title` in Helvetica-Bold and `lines` in Helvetica, wrapped at the right margin. */
export function makePdf(content: PdfContent): Uint8Array {
  const stream = contentStream(content);
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      "/Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(stream, "latin1")} >>\nstream\n${stream}endstream`,
    `<< /Title ${pdfUnicodeString(content.title)} /Producer (Overlatelseportalen) >>`,
  ];

  // The second line's bytes above 127 tell transfer tools that the file is binary.
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, "latin1");
    chunks.push(chunk);
    length += chunk.length;
  });

  const xrefOffset = length;
  const size = objects.length + 1;
  const xref = [
    "xref",
    `0 ${size}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${size} /Root 1 0 R /Info ${objects.length} 0 R >>`,
    "startxref",
    String(xrefOffset),
    "%%EOF",
  ];
  // Each xref entry is exactly 20 bytes: 18 characters, then a space and a line feed.
  chunks.push(Buffer.from(xref.join("\n") + "\n", "latin1"));
  return new Uint8Array(Buffer.concat(chunks));
}
