import { describe, expect, it } from "vitest";
import { BODY_LIMIT_BYTES, collectUpTo, readForm, readJsonBody } from "./body.server";

const url = "http://localhost:3000/x";
const post = (body: BodyInit | null, type?: string, headers: Record<string, string> = {}) =>
  new Request(url, {
    method: "POST",
    body,
    headers: { ...(type ? { "Content-Type": type } : {}), ...headers },
    // Node's Request needs this for a streamed body.
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);

async function refusal(promise: Promise<unknown>): Promise<{ status: number; text: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return { status: error.status, text: await error.text() };
    throw error;
  }
  throw new Error("expected a refusal");
}

function stream(totalBytes: number, chunk = 16 * 1024): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const size = Math.min(chunk, totalBytes - sent);
      sent += size;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
}

describe("readForm", () => {
  it("reads URL-encoded and multipart fields, without NUL characters", async () => {
    const form = await readForm(post("a=1&b=x%00y&a=2", "application/x-www-form-urlencoded"));
    expect(form.getAll("a")).toEqual(["1", "2"]);
    expect(form.get("b")).toBe("xy");
    const multipart = new FormData();
    multipart.set("note", "hej");
    const request = new Request(url, { method: "POST", body: multipart });
    expect((await readForm(request)).get("note")).toBe("hej");
  });

  it.each([
    ["JSON", "application/json", "{}"],
    ["text/plain", "text/plain", "a=1"],
    ["no type", undefined, "a=1"],
  ])("refuses %s with a Swedish 415", async (_name, type, body) => {
    const answer = await refusal(readForm(post(body, type)));
    expect(answer.status).toBe(415);
    expect(answer.text).toBe("Begäran måste skickas som ett formulär.");
  });

  it("refuses a broken multipart body and a file field with Swedish answers", async () => {
    const broken = await refusal(readForm(post("--x\r\nnot a part", "multipart/form-data; boundary=x")));
    expect(broken).toEqual({
      status: 400,
      text: "Begäran kunde inte läsas. Kontrollera formuläret och försök igen.",
    });
    const withFile = new FormData();
    withFile.set("file", new Blob(["%PDF-1.4"]), "a.pdf");
    const file = await refusal(readForm(new Request(url, { method: "POST", body: withFile })));
    expect(file.status).toBe(415);
  });

  it("refuses a body over the limit from Content-Length before reading it", async () => {
    let pulled = 0;
    const body = new ReadableStream({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const answer = await refusal(
      readForm(
        post(body, "application/x-www-form-urlencoded", { "Content-Length": String(50 * 1024 * 1024) }),
      ),
    );
    expect(answer.status).toBe(413);
    expect(answer.text).toContain("för stor");
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("stops reading a streamed body as soon as it passes the limit", async () => {
    const answer = await refusal(
      readForm(post(stream(50 * 1024 * 1024), "application/x-www-form-urlencoded")),
    );
    expect(answer.status).toBe(413);
  });

  it("accepts a body of exactly the limit", async () => {
    const value = "a".repeat(BODY_LIMIT_BYTES - 2);
    expect((await readForm(post(`v=${value}`, "application/x-www-form-urlencoded"))).get("v")).toBe(value);
  });
});

describe("readJsonBody", () => {
  it("reads JSON and strips NUL from strings", async () => {
    expect(await readJsonBody(post('{"a":"x\\u0000y","b":[1]}', "application/json; charset=utf-8"))).toEqual({
      a: "xy",
      b: [1],
    });
  });

  it.each([
    ["text/plain", "text/plain", "{}", 415],
    ["a form", "application/x-www-form-urlencoded", "a=1", 415],
    ["broken JSON", "application/json", "{", 400],
    ["an empty body", "application/json", "", 400],
  ])("answers %s with a Swedish JSON error", async (_name, type, body, status) => {
    const answer = await refusal(readJsonBody(post(body, type)));
    expect(answer.status).toBe(status);
    const parsed = JSON.parse(answer.text) as { errors: { body: string[] } };
    expect(parsed.errors.body[0]).toMatch(/^Begäran /);
  });

  it("refuses an oversized JSON body with 413", async () => {
    const answer = await refusal(readJsonBody(post(stream(BODY_LIMIT_BYTES + 1), "application/json")));
    expect(answer.status).toBe(413);
  });
});

describe("collectUpTo", () => {
  const bytes = Uint8Array.from({ length: 1000 }, (_, i) => i % 251);
  const inChunks = (data: Uint8Array, size: number) => {
    let offset = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= data.length) return controller.close();
        controller.enqueue(data.slice(offset, offset + size));
        offset += size;
      },
    });
  };

  it("reads a stream whole whatever size was expected: exact, none, too small, too large", async () => {
    for (const expectedSize of [1000, 0, 1, 999, 1001, 5000]) {
      for (const chunk of [1, 7, 64, 1000]) {
        const read = await collectUpTo(inChunks(bytes, chunk), 2000, { expectedSize });
        expect(read).toEqual(bytes);
        // pdf.js takes a buffer that is exactly its bytes without a copy: never a view of a larger one.
        expect(read!.byteLength).toBe(read!.buffer.byteLength);
      }
    }
  });

  it("gives null past the limit, expected size or not, and takes exactly the limit", async () => {
    for (const expectedSize of [0, 999, 1000, 5000]) {
      expect(await collectUpTo(inChunks(bytes, 64), 999, { expectedSize })).toBeNull();
      expect(await collectUpTo(inChunks(bytes, 64), 1000, { expectedSize })).toEqual(bytes);
    }
  });

  it("reads an empty stream as no bytes", async () => {
    expect(await collectUpTo(inChunks(new Uint8Array(), 8), 10, { expectedSize: 5 })).toEqual(
      new Uint8Array(),
    );
  });
});
