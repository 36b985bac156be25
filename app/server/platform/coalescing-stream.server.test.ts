import { describe, expect, it } from "vitest";
import { CoalescingPassThrough } from "./coalescing-stream.server";

function collect(stream: CoalescingPassThrough): Promise<string[]> {
  const out: string[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk.toString("utf8")));
  return new Promise((resolve, reject) => {
    stream.on("end", () => resolve(out));
    stream.on("error", reject);
  });
}

describe("CoalescingPassThrough", () => {
  it("sends the chunks of one event-loop turn as one, in order", async () => {
    const stream = new CoalescingPassThrough();
    const chunks = collect(stream);
    for (const part of ["<html>", "<body>", "å", "ä", "</body>"]) stream.write(Buffer.from(part));
    stream.end();
    expect(await chunks).toEqual(["<html><body>åä</body>"]);
  });

  it("keeps chunks of later turns apart, so a streamed part still leaves when it is written", async () => {
    const stream = new CoalescingPassThrough();
    const chunks = collect(stream);
    stream.write("shell-a");
    stream.write("shell-b");
    await new Promise((resolve) => setTimeout(resolve, 5));
    stream.write("boundary");
    await new Promise((resolve) => setTimeout(resolve, 5));
    stream.end("tail");
    expect(await chunks).toEqual(["shell-ashell-b", "boundary", "tail"]);
  });

  it("ends cleanly with nothing written", async () => {
    const stream = new CoalescingPassThrough();
    const chunks = collect(stream);
    stream.end();
    expect(await chunks).toEqual([]);
  });
});
