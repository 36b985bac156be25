import { describe, expect, it } from "vitest";
import { readUploadForm } from "./multipart.server";

/**
 * The streamed multipart reader with the bodies a browser sends without JavaScript: an empty file input (no file
 * chosen) is a part with `filename=""` and no bytes, often the last part, and empty text fields are common.
 */

const B = "----WebKitFormBoundary7Ro829gdnLwqSrxX";
const field = (name: string, value: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, fileName: string, bytes: string) =>
  `--${B}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n${bytes}\r\n`;
const END = `--${B}--\r\n`;

async function read(body: string) {
  const request = new Request("http://localhost/upload", {
    method: "POST",
    body,
    headers: { "Content-Type": `multipart/form-data; boundary=${B}` },
  });
  return readUploadForm(request, 1_000_000, async (_fields, streamed) => {
    const text = await new Response(streamed.stream).text();
    return { fileName: streamed.fileName, text };
  });
}

describe("readUploadForm", () => {
  it("reads a form whose last part is an empty file input: the fields, and no file", async () => {
    const out = await read(
      field("price", "12 345,50") + field("entryDate", "") + file("agreement", "", "") + END,
    );
    expect(out.fields && [...out.fields.entries()]).toEqual([
      ["price", "12 345,50"],
      ["entryDate", ""],
    ]);
    expect(out.file).toBeNull();
  });

  it("reads past an empty file input to the parts after it", async () => {
    const out = await read(file("first", "", "") + field("after", "1") + END);
    expect(out.fields && [...out.fields.entries()]).toEqual([["after", "1"]]);
    expect(out.file).toBeNull();
  });

  it("hands over the first chosen file with the fields before it, and reads past a second one", async () => {
    const out = await read(
      field("a", "1") + file("f", "avtal.pdf", "%PDF-1.4 x") + file("g", "b.pdf", "y") + END,
    );
    expect(out.fields && [...out.fields.entries()]).toEqual([["a", "1"]]);
    expect(out.file).toEqual({ fileName: "avtal.pdf", text: "%PDF-1.4 x" });
  });
});
