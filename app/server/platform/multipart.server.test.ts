import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { readUploadForm } from "./multipart.server";

const BOUNDARY = "----form-boundary-7";
const field = (name: string, value: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, fileName: string, content: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\n` +
  `Content-Type: application/octet-stream\r\n\r\n${content}\r\n`;
const end = `--${BOUNDARY}--\r\n`;

function post(body: string): Request {
  return new Request("http://localhost/form", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
  });
}

async function read(body: string) {
  const seen: string[] = [];
  const result = await readUploadForm(post(body), 1_000_000, async (_fields, { fileName, stream }) => {
    seen.push(fileName);
    return new Response(stream).text();
  });
  return { seen, file: result.file, fields: result.fields && Object.fromEntries(result.fields) };
}

/** The body in chunks of `size` bytes (the last one shorter), as a client streaming it would deliver it. */
function chunkedPost(body: Uint8Array, size: number): Request {
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= body.length) return controller.close();
      // A copy, so that no chunk shares memory with the next one.
      controller.enqueue(body.slice(offset, offset + size));
      offset += size;
    },
  });
  return new Request("http://localhost/form", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body: stream,
    duplex: "half",
  } as RequestInit);
}

/** The file's bytes and the fields, read from `body` delivered in chunks of `size`. */
async function readBytes(body: Uint8Array, size: number) {
  let fieldsAtFile: Record<string, FormDataEntryValue> | null = null;
  const result = await readUploadForm(chunkedPost(body, size), 1_000_000, async (fields, { stream }) => {
    fieldsAtFile = Object.fromEntries(fields);
    return Buffer.from(await new Response(stream).arrayBuffer());
  });
  return { file: result.file, fields: result.fields && Object.fromEntries(result.fields), fieldsAtFile };
}

const bytes = (...parts: Array<string | Uint8Array>) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "utf8") : p)));

/** The status of the Response readUploadForm throws (a Swedish refusal), or "no refusal". */
async function refusal(request: Request): Promise<number | string> {
  try {
    await readUploadForm(request, 1_000_000, (_fields, { stream }) => new Response(stream).arrayBuffer());
    return "no refusal";
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

/** The first index where the two differ, or -1 when they are the same bytes. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (Buffer.compare(a, b) === 0) return -1;
  const index = a.findIndex((byte, i) => byte !== b[i]);
  return index === -1 ? Math.min(a.length, b.length) : index;
}

const CHUNK_SIZES = [1, 2, 3, 5, 7, 16, 17, 29, 64, 1000, 65536];

describe("readUploadForm", () => {
  // A browser sends an empty part for a file input with no file chosen; the fields after it must still be read.
  it("reads the fields around an empty file input (no file chosen)", async () => {
    const result = await read(
      field("intent", "approve") + file("file", "", "") + field("date", "2026-11-20") + end,
    );
    expect(result).toEqual({ seen: [], file: null, fields: { intent: "approve", date: "2026-11-20" } });
  });

  it("reads a form whose last part is an empty file input: the fields, empty ones too, and no file", async () => {
    const result = await read(
      field("price", "12 345,50") + field("entryDate", "") + file("agreement", "", "") + end,
    );
    expect(result).toEqual({ seen: [], file: null, fields: { price: "12 345,50", entryDate: "" } });
  });

  it("hands over a chosen file and keeps the fields before and after it", async () => {
    const result = await read(
      field("a", "1") + file("file", "beslut.pdf", "%PDF-1.4 x") + field("b", "2") + end,
    );
    expect(result).toEqual({ seen: ["beslut.pdf"], file: "%PDF-1.4 x", fields: { a: "1", b: "2" } });
  });

  it("reads past a second file and an empty input after the first file", async () => {
    const result = await read(
      file("file", "a.pdf", "%PDF-a") +
        file("file", "", "") +
        file("other", "b.pdf", "%PDF-b") +
        field("c", "3") +
        end,
    );
    expect(result).toEqual({ seen: ["a.pdf"], file: "%PDF-a", fields: { c: "3" } });
  });
});

describe("readUploadForm: the bytes as they stream", () => {
  // Bytes that look like parts of a delimiter, at the start, inside and at the end of the file's data.
  const tricky = bytes(
    "\r\n",
    `x--${BOUNDARY}`,
    " \r\n",
    `\r\n--${BOUNDARY.slice(0, -1)}x`,
    "\r\r\n\n-",
    `\r\n-${BOUNDARY}`,
    new Uint8Array([0, 255, 13, 10, 45, 45, 13]),
    `\r\n--${BOUNDARY.slice(0, 5)}`,
    "\r\n\r\n",
  );

  it.each(CHUNK_SIZES)(
    "keeps a file whose data looks like delimiters, in chunks of %i bytes",
    async (size) => {
      const body = bytes(
        field("intent", "upload"),
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`,
        tricky,
        `\r\n`,
        field("after", "1"),
        end,
      );
      const result = await readBytes(body, size);
      expect(result.file).toEqual(tricky);
      expect(result.fields).toEqual({ intent: "upload", after: "1" });
    },
  );

  it.each(CHUNK_SIZES)("keeps random bytes whole, in chunks of %i bytes", async (size) => {
    const data = new Uint8Array(randomBytes(200_000));
    // Plenty of CRs and delimiter beginnings in the data, each followed by a byte no boundary has (a random one
    // could complete the delimiter).
    for (let i = 0; i < data.length - 100; i += 997) {
      const prefix = Buffer.from(`\r\n--${BOUNDARY.slice(0, i % BOUNDARY.length)}`);
      data.set(prefix, i);
      data[i + prefix.length] = 0;
    }
    const body = bytes(file("file", "r.pdf", "").replace("\r\n\r\n\r\n", "\r\n\r\n"), data, "\r\n", end);
    const kept = (await readBytes(body, size)).file;
    // Compared as bytes, with where they first differ: toEqual walks 200,000 indices one by one (about a second a case).
    if (!Buffer.isBuffer(kept)) expect.fail(`the file was not kept whole: ${String(kept)}`);
    expect(kept.length).toBe(data.length);
    expect(firstDifference(kept, data)).toBe(-1);
  });

  it("keeps a file's own CR and LF at its start and end: only the delimiter's CRLF goes", async () => {
    for (const content of ["\r\n", "\r\nx\r\n", "\r", "\n", "x\r", "\r\n\r\n"]) {
      const body = bytes(file("file", "c.pdf", content), end);
      for (const size of [1, 2, 3, 100]) {
        expect((await readBytes(body, size)).file?.toString("latin1")).toBe(content);
      }
    }
  });

  it("hands an empty file (a chosen file of no bytes) over as empty", async () => {
    const result = await readBytes(bytes(file("file", "e.pdf", ""), end), 3);
    expect(result.file).toEqual(Buffer.alloc(0));
  });

  it("gives the file handler the fields sent before the file", async () => {
    const body = bytes(
      field("category", "TransferAgreement"),
      field("note", "å ä ö"),
      file("file", "f.pdf", "%PDF"),
      end,
    );
    for (const size of [1, 4, 1000]) {
      const result = await readBytes(body, size);
      expect(result.fieldsAtFile).toEqual({ category: "TransferAgreement", note: "å ä ö" });
      expect(result.file?.toString()).toBe("%PDF");
    }
  });

  it("skips a preamble before the first delimiter and reads a delimiter line with transport padding", async () => {
    const body = bytes(
      "this is a preamble\r\n",
      field("a", "1").replace(`--${BOUNDARY}\r\n`, `--${BOUNDARY} \t\r\n`),
      file("file", "p.pdf", "%PDF"),
      end,
      "an epilogue, not read",
    );
    const result = await readBytes(body, 5);
    expect(result).toMatchObject({ fields: { a: "1" } });
    expect(result.file?.toString()).toBe("%PDF");
  });

  it("reads a file name with ; and = in it whole", async () => {
    const result = await read(file("file", "avtal; del=2.pdf", "%PDF") + end);
    expect(result.seen).toEqual(["avtal; del=2.pdf"]);
  });

  it("takes a field of 64 kB and refuses one byte more with a 413", async () => {
    const at = (value: string, size: number) => readBytes(bytes(field("text", value), end), size);
    const full = "a".repeat(64 * 1024);
    expect((await at(full, 1000)).fields).toEqual({ text: full });
    expect(await refusal(chunkedPost(bytes(field("text", full + "a"), end), 1000))).toBe(413);
    expect(await refusal(chunkedPost(bytes(field("text", full + "a"), end), 65536))).toBe(413);
  });

  it("answers a body that ends without its final delimiter with a 400", async () => {
    const cut = [
      field("a", "1") + file("file", "x.pdf", "%PDF-1.4 data"),
      field("a", "1") + file("file", "x.pdf", "%PDF-1.4 data") + `--${BOUNDARY}`,
      field("a", "1") +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\n\r\n%PDF`,
      field("a", "1") + `--${BOUNDARY}\r\nContent-Disposition: form-data; name="b"`,
    ];
    for (const body of cut) {
      for (const size of [1, 7, 65536]) expect(await refusal(chunkedPost(bytes(body), size))).toBe(400);
    }
  });

  it("answers malformed parts with a 400", async () => {
    const malformed = [
      `--${BOUNDARY}\r\nContent-Type: text/plain\r\n\r\nx\r\n${end}`,
      `--${BOUNDARY}\r\nContent-Disposition: attachment; name="a"\r\n\r\nx\r\n${end}`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name=""\r\n\r\nx\r\n${end}`,
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="a\r\n\r\nx\r\n${end}`,
      `--${BOUNDARY}\r\nno colon\r\n\r\nx\r\n${end}`,
      `--${BOUNDARY}\r\n\r\nx\r\n${end}`,
      `--${BOUNDARY}garbage\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n${end}`,
    ];
    for (const body of malformed) expect(await refusal(chunkedPost(bytes(body), 4))).toBe(400);
  });

  it("reads a body with no delimiter at all as a form without parts", async () => {
    const result = await readBytes(bytes("no parts here"), 3);
    expect(result).toEqual({ file: null, fields: {}, fieldsAtFile: null });
  });

  describe("a body over the limit", () => {
    const LIMIT = 1000;
    const over = (fileBytes: number) =>
      bytes(
        field("reason", "Förvärvaren"),
        file("decisionDocument", "protokoll.pdf", "x".repeat(fileBytes)),
        field("signDevice", "OtherDevice"),
        end,
      );
    const declared = (body: Buffer) =>
      new Request("http://localhost/form", {
        method: "POST",
        headers: {
          "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
          "Content-Length": String(body.byteLength),
        },
        body: new Blob([new Uint8Array(body)]),
      });
    const readOver = async (request: Request) => {
      let handed = false;
      const result = await readUploadForm(request, LIMIT, async () => {
        handed = true;
      });
      return { handed, result };
    };

    it("declared over, by less than the limit again: refused, the file unseen, the fields on both sides kept", async () => {
      const { handed, result } = await readOver(declared(over(1500)));
      expect(handed).toBe(false);
      expect(result).toMatchObject({ fields: null, file: "tooLarge" });
      if (result.file !== "tooLarge") throw new Error("expected a refusal");
      expect(result.fieldsRead && Object.fromEntries(result.fieldsRead)).toEqual({
        reason: "Förvärvaren",
        signDevice: "OtherDevice",
      });
    });

    it("declared far over: refused with nothing read", async () => {
      const { handed, result } = await readOver(declared(over(5000)));
      expect(handed).toBe(false);
      expect(result).toEqual({ fields: null, file: "tooLarge", fieldsRead: null });
    });

    it("streamed without a length and found over while reading: the fields read before that are kept", async () => {
      const body = bytes(field("reason", "Förvärvaren"), field("note", "y".repeat(3000)), end);
      for (const size of [7, 64, 1000]) {
        const { handed, result } = await readOver(chunkedPost(body, size));
        expect(handed).toBe(false);
        if (result.file !== "tooLarge") throw new Error("expected a refusal");
        expect(result.fieldsRead && Object.fromEntries(result.fieldsRead), `chunks of ${size}`).toEqual({
          reason: "Förvärvaren",
        });
      }
    });
  });
});
