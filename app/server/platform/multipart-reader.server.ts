/**
 * A streaming reader of a multipart/form-data body (RFC 7578, RFC 2046 §5.1) that copies as little as it can: the
 * delimiter (CRLF "--" boundary) is found with Buffer.indexOf in the chunk as it arrived, and a part's data is
 * handed on as subarrays of that chunk. Only the few bytes at a chunk's end that could begin a delimiter are held
 * back and joined to the next chunk, so a 20 MB file crosses the reader without a copy of its own (decision 030:
 * the parser it replaces sliced and merged every chunk three times).
 *
 * Pull-based: `nextPart()` skips whatever is left of the current part and reads the next one's headers;
 * `readData()` gives the current part's data, piece by piece, then null. Calls are serialised, so a consumer that
 * stops mid-part (a refused file) and the skip that follows never read at the same time.
 */

export class MultipartError extends Error {
  override readonly name = "MultipartError";
}

export interface PartHeaders {
  /** The field's name (never empty). */
  name: string;
  /** Present for a file part: the name as sent, "" for a file input with no file chosen. */
  filename?: string;
  contentType?: string;
}

const CR = 0x0d;
const CRLF = Buffer.from("\r\n");
const HEADERS_END = Buffer.from("\r\n\r\n");
/** A part's header block: a browser sends a few hundred bytes. */
const HEADER_LIMIT = 16 * 1024;

type State = "preamble" | "delimiter" | "data" | "done";

export class MultipartReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly delimiter: Buffer;
  /** Bytes received and not yet consumed: a subarray of the last chunk, or a small carry joined to it. */
  private buffer: Buffer;
  private state: State = "preamble";
  private ended = false;
  private lock: Promise<unknown> = Promise.resolve();

  constructor(body: ReadableStream<Uint8Array>, boundary: string) {
    if (!boundary) throw new MultipartError("no boundary");
    this.reader = body.getReader();
    this.delimiter = Buffer.from(`\r\n--${boundary}`, "utf8");
    // The first delimiter may open the body without a CRLF before it.
    this.buffer = Buffer.from(CRLF);
  }

  /** The next part's headers, having skipped what was left of the current one; null after the last part. */
  nextPart(): Promise<PartHeaders | null> {
    return this.serialised(() => this.nextPartNow());
  }

  /** The next piece of the current part's data, null at its end (and for every call after it). */
  readData(): Promise<Uint8Array | null> {
    return this.serialised(() => this.readDataNow());
  }

  /** Reads and drops the rest of the current part. */
  skipPart(): Promise<void> {
    return this.serialised(async () => {
      while ((await this.readDataNow()) !== null) {
        // dropped
      }
    });
  }

  /** The current part's data as a web stream; cancelling it leaves the rest for `nextPart` or `skipPart`. */
  partStream(): ReadableStream<Uint8Array> {
    return new ReadableStream<Uint8Array>(
      {
        pull: async (controller) => {
          const data = await this.readData();
          if (data === null) controller.close();
          else controller.enqueue(data);
        },
        cancel() {},
      },
      { highWaterMark: 0 },
    );
  }

  private serialised<T>(task: () => Promise<T>): Promise<T> {
    const next = this.lock.then(task);
    this.lock = next.catch(() => undefined);
    return next;
  }

  /** One more chunk from the body into the buffer; false at the body's end. */
  private async pull(): Promise<boolean> {
    if (this.ended) return false;
    const { done, value } = await this.reader.read();
    if (done) {
      this.ended = true;
      return false;
    }
    const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
    // The carry is at most a delimiter's length (or a header block): joining copies the chunk, which happens
    // once per part's headers and, within data, only when a chunk ended in what could begin a delimiter.
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    return true;
  }

  /**
   * Where the buffer's tail could begin a delimiter that the next chunk completes: the index of the first such
   * byte within the last delimiter-length-minus-one bytes, or the buffer's length when there is none.
   */
  private possibleDelimiterAt(buffer: Buffer): number {
    const from = Math.max(0, buffer.length - this.delimiter.length + 1);
    for (let i = buffer.indexOf(CR, from); i !== -1; i = buffer.indexOf(CR, i + 1)) {
      if (this.delimiter.compare(buffer, i, buffer.length, 0, buffer.length - i) === 0) return i;
    }
    return buffer.length;
  }

  private async readDataNow(): Promise<Uint8Array | null> {
    if (this.state !== "data") return null;
    for (;;) {
      const buffer = this.buffer;
      const at = buffer.indexOf(this.delimiter);
      if (at !== -1) {
        this.buffer = buffer.subarray(at + this.delimiter.length);
        this.state = "delimiter";
        return at > 0 ? buffer.subarray(0, at) : null;
      }
      const keep = this.possibleDelimiterAt(buffer);
      if (keep > 0) {
        this.buffer = buffer.subarray(keep);
        return buffer.subarray(0, keep);
      }
      if (!(await this.pull())) throw new MultipartError("the body ended inside a part");
    }
  }

  private async nextPartNow(): Promise<PartHeaders | null> {
    while (this.state === "data") await this.readDataNow();
    if (this.state === "done") return null;
    if (this.state === "preamble") {
      // Anything before the first delimiter is a preamble, dropped; a body without one has no parts.
      for (;;) {
        const at = this.buffer.indexOf(this.delimiter);
        if (at !== -1) {
          this.buffer = this.buffer.subarray(at + this.delimiter.length);
          this.state = "delimiter";
          break;
        }
        this.buffer = this.buffer.subarray(this.possibleDelimiterAt(this.buffer));
        if (!(await this.pull())) {
          this.state = "done";
          return null;
        }
      }
    }
    // After a delimiter: "--" closes the body (the epilogue is not read), else transport padding and CRLF.
    while (this.buffer.length < 2) {
      if (!(await this.pull())) throw new MultipartError("the body ended after a delimiter");
    }
    if (this.buffer[0] === 0x2d && this.buffer[1] === 0x2d) {
      this.state = "done";
      return null;
    }
    let lineEnd: number;
    while ((lineEnd = this.buffer.indexOf(CRLF)) === -1) {
      if (this.buffer.length > HEADER_LIMIT) throw new MultipartError("no line end after a delimiter");
      if (!(await this.pull())) throw new MultipartError("the body ended after a delimiter");
    }
    for (let i = 0; i < lineEnd; i++) {
      if (this.buffer[i] !== 0x20 && this.buffer[i] !== 0x09)
        throw new MultipartError("text after a delimiter");
    }
    this.buffer = this.buffer.subarray(lineEnd + 2);
    // The header block ends with an empty line; a part with no headers at all starts with it.
    let block: Buffer;
    for (;;) {
      if (this.buffer.length >= 2 && this.buffer[0] === CR && this.buffer[1] === 0x0a) {
        block = Buffer.alloc(0);
        this.buffer = this.buffer.subarray(2);
        break;
      }
      const end = this.buffer.indexOf(HEADERS_END);
      if (end !== -1) {
        block = this.buffer.subarray(0, end);
        this.buffer = this.buffer.subarray(end + HEADERS_END.length);
        break;
      }
      if (this.buffer.length > HEADER_LIMIT) throw new MultipartError("a part's headers are too long");
      if (!(await this.pull())) throw new MultipartError("the body ended in a part's headers");
    }
    // An empty part's delimiter follows at once: its CRLF is the one after the empty line.
    this.state = "data";
    return parsePartHeaders(decodeHeaders(block));
  }
}

function decodeHeaders(block: Buffer): string[] {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(block);
  } catch {
    throw new MultipartError("a part's headers are not UTF-8");
  }
  return text === "" ? [] : text.split("\r\n");
}

function parsePartHeaders(lines: string[]): PartHeaders {
  let disposition: Record<string, string> | null = null;
  let contentType: string | undefined;
  for (const line of lines) {
    const colon = line.indexOf(":");
    if (colon === -1) throw new MultipartError("a header line without a colon");
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === "content-disposition") disposition = parseDisposition(value);
    else if (header === "content-type") contentType = value;
  }
  if (!disposition) throw new MultipartError("a part without Content-Disposition");
  const name = disposition.name;
  if (!name) throw new MultipartError("a part without a name");
  return {
    name,
    ...(disposition.filename !== undefined && { filename: disposition.filename }),
    ...(contentType !== undefined && { contentType }),
  };
}

/**
 * `form-data; name="…"; filename="…"`: parameters are tokens or quoted strings. A quoted value ends at the quote
 * followed by `;` or the end, so a file name with `;` or `=` in it is read whole; `\"` stands for a quote (browsers
 * send %22 instead).
 */
function parseDisposition(value: string): Record<string, string> {
  let semicolon = value.indexOf(";");
  const type = (semicolon === -1 ? value : value.slice(0, semicolon)).trim();
  if (type.toLowerCase() !== "form-data") throw new MultipartError("Content-Disposition is not form-data");
  const out: Record<string, string> = {};
  while (semicolon !== -1) {
    const start = semicolon + 1;
    const equals = value.indexOf("=", start);
    if (equals === -1) {
      if (value.slice(start).trim() === "") break;
      throw new MultipartError("a Content-Disposition parameter without a value");
    }
    const key = value.slice(start, equals).trim().toLowerCase();
    if (!/^[^\s";]+$/.test(key)) throw new MultipartError("a malformed Content-Disposition parameter");
    let at = equals + 1;
    while (value[at] === " " || value[at] === "\t") at++;
    if (value[at] === '"') {
      let close = value.indexOf('"', at + 1);
      while (close !== -1 && !/^\s*(;|$)/.test(value.slice(close + 1))) close = value.indexOf('"', close + 1);
      if (close === -1) throw new MultipartError("an unclosed quoted Content-Disposition parameter");
      out[key] = value.slice(at + 1, close).replace(/\\"/g, '"');
      semicolon = value.indexOf(";", close + 1);
    } else {
      semicolon = value.indexOf(";", at);
      const token = value.slice(at, semicolon === -1 ? undefined : semicolon).trim();
      if (token.includes('"')) throw new MultipartError("a stray quote in a Content-Disposition parameter");
      out[key] = token;
    }
  }
  return out;
}
