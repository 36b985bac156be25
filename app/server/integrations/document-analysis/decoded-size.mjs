// @ts-check
import zlib from "node:zlib";

/**
 * How many bytes the streams of a PDF decode to, counted before pdf.js opens it (decision 044). pdf.js decodes a
 * stream whole into one growing buffer, outside the JavaScript heap, so a 400 kB file whose content stream or
 * object stream inflates to 400 MB costs the process that much; a worker's heap limit does not see it. This reads
 * every `stream` keyword in the raw bytes (object streams cannot hold streams, so each stream pdf.js can decode is
 * one of them) and decodes the filters that expand (Flate, LZW, RunLength, and the ASCII ones before them) while
 * counting, stopping at the budget: a deflate of zeros costs a 16 kB window here, not its size. It errs towards
 * counting: every `/Filter` of the dictionary is tried, and the bytes after the keyword are also inflated as they
 * are (a dictionary this scan misreads cannot hide a Flate stream). An encrypted file is refused before pdf.js
 * opens it: its streams cannot be counted without decrypting them. Plain JavaScript: it runs in the PDF worker,
 * which is started from a file both from the sources and from the built server (sandbox.server.ts).
 */

const STREAM = Buffer.from("stream", "latin1");
const EXPANDING = new Set(["FlateDecode", "Fl", "LZWDecode", "LZW", "RunLengthDecode", "RL"]);
/** Filters pdf.js applies to a content or font stream only as images: not decoded by reading text. */
const IMAGE_CODECS = new Set(["DCTDecode", "DCT", "JPXDecode", "CCITTFaxDecode", "CCF", "JBIG2Decode"]);
const SHRINKING = new Set(["ASCIIHexDecode", "AHx", "ASCII85Decode", "A85"]);

export class OverBudget extends Error {
  /** @override */
  name = "OverBudget";
}

/** `#xx` escapes in a name, as pdf.js reads them (`/Fl#61teDecode` is FlateDecode). */
const unescapeName = (/** @type {string} */ name) =>
  name.replace(/#([0-9a-fA-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** PDF whitespace (pdf.js's lexer also skips NUL and form feed). @param {number | undefined} byte */
const isSpace = (byte) =>
  byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c || byte === 0x00;

/**
 * The dictionary in front of the `stream` keyword at `at`, as latin1 text; null when there is none (the word in
 * some other place). Scans back from `>>` to its `<<`.
 * @param {Uint8Array} bytes @param {number} at
 */
function dictionaryBefore(bytes, at) {
  let end = at - 1;
  while (end >= 0 && isSpace(bytes[end])) end--;
  if (end < 1 || bytes[end] !== 0x3e || bytes[end - 1] !== 0x3e) return null;
  let depth = 0;
  for (let i = end; i > 0 && end - i < 1 << 20; i--) {
    if (bytes[i] === 0x3e && bytes[i - 1] === 0x3e) {
      depth++;
      i--;
    } else if (bytes[i] === 0x3c && bytes[i - 1] === 0x3c) {
      depth--;
      i--;
      if (depth === 0) return Buffer.from(bytes.buffer, bytes.byteOffset + i, end + 1 - i).toString("latin1");
    }
  }
  return null;
}

/**
 * Every `/Filter` value in the dictionary, each as its filters in order (a nested dictionary's value among them: the
 * largest count wins); "indirect" when one names them by reference, which this scan cannot follow (pdf.js can), so
 * the file is refused rather than let through uncounted.
 * @param {string} dict @returns {string[][] | "indirect"}
 */
function filtersOf(dict) {
  /** @type {string[][]} */
  const lists = [];
  for (const match of dict.matchAll(/\/Filter\s*(\[[^\]]*\]|\/[^\s/<>[\]()]+|\d+\s+\d+\s+R)/g)) {
    const value = /** @type {string} */ (match[1]);
    if (/R$/.test(value) || (value.startsWith("[") && /\d\s+\d+\s+R/.test(value))) return "indirect";
    lists.push(
      [...value.matchAll(/\/([^\s/<>[\]()]+)/g)].map((m) => unescapeName(/** @type {string} */ (m[1]))),
    );
  }
  return lists;
}

/** The trailer (or xref stream) names an /Encrypt dictionary: the streams are ciphertext until pdf.js decrypts. */
export function isEncrypted(/** @type {Uint8Array} */ bytes) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  return /\/Encrypt[\s/<[(]|\/Encrypt\d/.test(text);
}

/** @param {Uint8Array} data @param {number} cap */
function runLength(data, cap) {
  const out = [];
  let size = 0;
  for (let i = 0; i < data.length;) {
    const n = /** @type {number} */ (data[i++]);
    if (n === 128) break;
    const chunk = n < 128 ? data.subarray(i, (i += n + 1)) : Buffer.alloc(257 - n, data[i++] ?? 0);
    size += chunk.length;
    if (size > cap) throw new OverBudget("RunLength");
    out.push(chunk);
  }
  return Buffer.concat(out);
}

/** @param {Uint8Array} data @param {number} cap @param {number} earlyChange */
function lzw(data, cap, earlyChange) {
  /** @type {Uint8Array[]} */
  let table = [];
  const reset = () => {
    table = [];
    for (let i = 0; i < 256; i++) table.push(Uint8Array.of(i));
    table.push(new Uint8Array(0), new Uint8Array(0));
  };
  reset();
  const out = [];
  let size = 0;
  let bits = 0;
  let buffer = 0;
  let width = 9;
  /** @type {Uint8Array | null} */
  let previous = null;
  for (const byte of data) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        reset();
        width = 9;
        previous = null;
        continue;
      }
      if (code === 257) return Buffer.concat(out);
      const known = table[code];
      /** @type {Uint8Array | null} */
      const entry = known ?? (previous ? Buffer.concat([previous, previous.subarray(0, 1)]) : null);
      if (!entry) return Buffer.concat(out);
      if (previous && table.length < 4096) table.push(Buffer.concat([previous, entry.subarray(0, 1)]));
      previous = entry;
      size += entry.length;
      if (size > cap) throw new OverBudget("LZW");
      out.push(entry);
      if (table.length + earlyChange >= 1 << width && width < 12) width++;
    }
  }
  return Buffer.concat(out);
}

/** @param {Uint8Array} data @param {number} cap */
function ascii(data, cap, /** @type {string} */ filter) {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString("latin1");
  if (filter === "ASCIIHexDecode" || filter === "AHx") {
    const hex = text.split(">")[0]?.replace(/[^0-9a-fA-F]/g, "") ?? "";
    return Buffer.from(hex.length % 2 ? hex + "0" : hex, "hex");
  }
  const body = (text.split("~>")[0] ?? "").replace(/\s/g, "");
  const out = [];
  let size = 0;
  for (let i = 0; i < body.length;) {
    if (body[i] === "z") {
      out.push(Buffer.alloc(4));
      i++;
    } else {
      const group = body.slice(i, i + 5);
      i += 5;
      let value = 0;
      for (let k = 0; k < 5; k++) value = value * 85 + ((group.charCodeAt(k) || 117) - 33);
      const word = Buffer.alloc(4);
      word.writeUInt32BE(value >>> 0);
      out.push(word.subarray(0, group.length - 1));
    }
    size += 4;
    if (size > cap) throw new OverBudget("ASCII85");
  }
  return Buffer.concat(out);
}

/**
 * Inflates, counting; keeps the output only when a later filter needs it. A broken or truncated stream counts what
 * came out before the break, as pdf.js reads that much.
 * @param {Uint8Array} data @param {number} cap @param {boolean} keep @returns {Promise<{size: number; out: Buffer}>}
 */
function inflate(data, cap, keep) {
  return new Promise((resolve, reject) => {
    const stream = zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH });
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    const done = () => resolve({ size, out: keep ? Buffer.concat(chunks) : Buffer.alloc(0) });
    stream.on("data", (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > cap) {
        stream.destroy();
        reject(new OverBudget("Flate"));
      } else if (keep) chunks.push(chunk);
    });
    stream.on("error", done);
    stream.on("end", done);
    stream.end(data);
  });
}

/**
 * The bytes one stream decodes to through its expanding filters (those that can make a bomb).
 * @param {Uint8Array} data @param {string[]} filters @param {string} dict @param {number} cap
 */
async function streamSize(data, filters, dict, cap) {
  let current = data;
  let counted = 0;
  for (let i = 0; i < filters.length; i++) {
    const filter = /** @type {string} */ (filters[i]);
    if (IMAGE_CODECS.has(filter)) break;
    const later = filters.slice(i + 1).some((f) => EXPANDING.has(f) || SHRINKING.has(f));
    if (filter === "FlateDecode" || filter === "Fl") {
      const { size, out } = await inflate(current, cap, later);
      counted = size;
      current = out;
    } else if (filter === "LZWDecode" || filter === "LZW") {
      const early = /\/EarlyChange\s+0/.test(dict) ? 0 : 1;
      current = lzw(current, cap, early);
      counted = current.length;
    } else if (filter === "RunLengthDecode" || filter === "RL") {
      current = runLength(current, cap);
      counted = current.length;
    } else if (SHRINKING.has(filter)) {
      current = ascii(current, cap, filter);
      counted = current.length;
    } else break;
  }
  return counted;
}

/**
 * Where the data after a `stream` keyword at `at` starts: after the end of that line, as pdf.js reads it
 * (skipToNextLine); -1 when no line ends soon after the keyword.
 * @param {Buffer} source @param {number} at
 */
function dataStart(source, at) {
  const limit = Math.min(source.length, at + STREAM.length + 1024);
  for (let i = at + STREAM.length; i < limit; i++) {
    if (source[i] === 0x0a) return i + 1;
    if (source[i] === 0x0d) return source[i + 1] === 0x0a ? i + 2 : i + 1;
  }
  return -1;
}

/**
 * Throws OverBudget once the streams of the file decode to more than `budget` bytes together.
 * @param {Uint8Array} bytes @param {number} budget
 */
export async function checkDecodedSize(bytes, budget) {
  const source = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let total = 0;
  for (let at = source.indexOf(STREAM); at >= 0; at = source.indexOf(STREAM, at + STREAM.length)) {
    // `endstream`, or the word inside a longer name.
    if (at >= 3 && source.toString("latin1", at - 3, at) === "end") continue;
    const start = dataStart(source, at);
    if (start < 0) continue;
    const data = source.subarray(start);
    const dict = dictionaryBefore(bytes, at) ?? "";
    const lists = filtersOf(dict);
    if (lists === "indirect") throw new OverBudget("indirect filter");
    const left = budget - total;
    // As written, then as if the dictionary had said nothing but Flate.
    let counted = (await inflate(data, left, false)).size;
    for (const filters of lists) {
      if (!filters.some((f) => EXPANDING.has(f) || SHRINKING.has(f))) continue;
      if (filters.length === 1 && (filters[0] === "FlateDecode" || filters[0] === "Fl")) continue;
      counted = Math.max(counted, await streamSize(data, filters, dict, left));
    }
    total += counted;
    if (total > budget) throw new OverBudget("total");
  }
  return total;
}
