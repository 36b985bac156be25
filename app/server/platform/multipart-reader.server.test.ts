import { describe, expect, it } from "vitest";
import { MultipartReader } from "./multipart-reader.server";

const BOUNDARY = "b0undary";

function streamOf(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

describe("MultipartReader", () => {
  it("hands a part's data on as views of the chunks it arrived in, not copies", async () => {
    const head = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`,
    );
    const data = [Buffer.alloc(65536, 1), Buffer.alloc(65536, 2), Buffer.alloc(65536, 3)];
    const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
    const reader = new MultipartReader(streamOf([head, ...data, tail]), BOUNDARY);
    expect(await reader.nextPart()).toEqual({ name: "file", filename: "a.pdf" });
    const pieces: Uint8Array[] = [];
    for (let piece = await reader.readData(); piece; piece = await reader.readData()) pieces.push(piece);
    expect(pieces.map((p) => p.byteLength)).toEqual([65536, 65536, 65536]);
    pieces.forEach((piece, i) => expect(piece.buffer).toBe(data[i]!.buffer));
    expect(await reader.nextPart()).toBeNull();
  });

  it("skips the rest of a part that was only begun, and a second caller waits for the first", async () => {
    const body = Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n` +
        "x".repeat(1000) +
        `\r\n--${BOUNDARY}\r\nContent-Disposition: form-data; name="after"\r\n\r\nyes\r\n--${BOUNDARY}--\r\n`,
    );
    const chunks = Array.from({ length: Math.ceil(body.length / 10) }, (_, i) =>
      body.subarray(i * 10, i * 10 + 10),
    );
    const reader = new MultipartReader(streamOf(chunks), BOUNDARY);
    await reader.nextPart();
    // One read in flight while the skip is asked for: both finish, neither reads into the next part.
    const [first] = await Promise.all([reader.readData(), reader.skipPart()]);
    expect(Buffer.from(first!).toString()).toMatch(/^x+$/);
    expect(await reader.nextPart()).toEqual({ name: "after" });
    let after = "";
    for (let piece = await reader.readData(); piece; piece = await reader.readData())
      after += Buffer.from(piece);
    expect(after).toBe("yes");
    expect(await reader.nextPart()).toBeNull();
  });
});
