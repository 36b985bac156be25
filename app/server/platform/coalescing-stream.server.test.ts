import { createElement, Fragment } from "react";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CoalescingPassThrough, withoutReactViewPadding } from "./coalescing-stream.server";

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

  it("cuts the zeros React 18.3.1 leaves at the end of a 2048-byte view, and nothing else", () => {
    const view = (tail: number[]) =>
      Buffer.concat([Buffer.alloc(2048 - tail.length, 0x61), Buffer.from(tail)]);
    for (const zeros of [1, 2, 3]) {
      expect(withoutReactViewPadding(view(Array<number>(zeros).fill(0))).byteLength).toBe(2048 - zeros);
    }
    // Full views, other sizes, and a zero that is not at the end are left alone.
    expect(withoutReactViewPadding(view([0x62])).byteLength).toBe(2048);
    expect(withoutReactViewPadding(Buffer.from([0x61, 0])).byteLength).toBe(2);
    expect(withoutReactViewPadding(view([0, 0x62])).byteLength).toBe(2048);
  });
});

describe("a page rendered through CoalescingPassThrough (entry.server's path)", () => {
  it("has no NUL bytes where Swedish letters meet React's 2 KB views, and reads as renderToString's", async () => {
    // Many short texts with å, ä and ö, shifted by one byte per render: some letter lands on a view's last byte.
    for (let shift = 0; shift < 8; shift++) {
      const page = createElement(
        "main",
        null,
        createElement("p", null, "x".repeat(shift)),
        ...Array.from({ length: 300 }, (_, i) =>
          createElement(Fragment, { key: i }, createElement("span", null, `Användarmeny ${i}`), "åäö"),
        ),
      );
      const body = new CoalescingPassThrough();
      const bytes: Buffer[] = [];
      body.on("data", (chunk: Buffer) => bytes.push(chunk));
      const ended = new Promise((resolve) => body.on("end", resolve));
      const { pipe } = renderToPipeableStream(page, { onAllReady: () => pipe(body) });
      await ended;
      const html = Buffer.concat(bytes);
      expect(html.indexOf(0), `shift ${shift}`).toBe(-1);
      expect(html.toString("utf8")).toBe(renderToString(page));
    }
  });
});
