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
