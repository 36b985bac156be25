import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDiskStorage, createS3Storage, StorageKeyError, type FileStorage } from "./index.server";

/**
 * One contract, two implementations (decisions 016 and 018): the disk under a folder, and S3 against a real
 * S3-compatible server started here (s3rver, in process, on a free port).
 */

const dirs: string[] = [];
const tmp = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), name));
  dirs.push(dir);
  return dir;
};
let s3rver: S3rver;
let endpoint = "";

beforeAll(async () => {
  s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory: tmp("op-s3rver-"),
    configureBuckets: [{ name: "dokument", configs: [] }],
  });
  const address = (await s3rver.run()) as { port: number };
  endpoint = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await s3rver.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

async function text(stream: ReadableStream<Uint8Array> | null): Promise<string | null> {
  return stream ? new Response(stream).text() : null;
}

function streamOf(parts: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    pull(controller) {
      const next = parts.shift();
      if (next === undefined) controller.close();
      else controller.enqueue(encoder.encode(next));
    },
  });
}

const implementations: Array<[string, () => FileStorage]> = [
  ["disk", () => createDiskStorage(tmp("op-disk-"))],
  [
    "s3 (s3rver)",
    () =>
      createS3Storage({
        bucket: "dokument",
        region: "eu-north-1",
        endpoint,
        accessKeyId: "S3RVER",
        secretAccessKey: "S3RVER",
        forcePathStyle: true,
      }),
  ],
];

describe.each(implementations)("file storage: %s", (_, make) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = make();
  });

  it("writes bytes and a stream, reads them back as streams, and replaces on a second write", async () => {
    await storage.put("transfers/t-1/a.pdf", new TextEncoder().encode("%PDF-1.4 ett"));
    const streamed = await storage.put("transfers/t-1/b.pdf", streamOf(["%PDF-", "1.4 ", "två åäö"]));
    expect(streamed.sizeInBytes).toBe(new TextEncoder().encode("%PDF-1.4 två åäö").byteLength);
    expect(await text(await storage.get("transfers/t-1/a.pdf"))).toBe("%PDF-1.4 ett");
    expect(await text(await storage.get("transfers/t-1/b.pdf"))).toBe("%PDF-1.4 två åäö");
    await storage.put("transfers/t-1/a.pdf", new TextEncoder().encode("%PDF-1.4 nytt"));
    expect(await text(await storage.get("transfers/t-1/a.pdf"))).toBe("%PDF-1.4 nytt");
  });

  it("says whether a file exists; a missing one reads as null; deleting twice says it was already gone", async () => {
    expect(await storage.exists("transfers/t-1/a.pdf")).toBe(true);
    expect(await storage.get("transfers/t-1/saknas.pdf")).toBeNull();
    expect(await storage.delete("transfers/t-1/a.pdf")).toBe(true);
    expect(await storage.delete("transfers/t-1/a.pdf")).toBe(false);
    expect(await storage.exists("transfers/t-1/a.pdf")).toBe(false);
  });

  it("refuses keys that are not ours", async () => {
    for (const key of ["../utanför.pdf", "/abs.pdf", "transfers/../x.pdf", "a//b.pdf", "å.pdf", ""]) {
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toBeInstanceOf(StorageKeyError);
    }
  });

  it("a stream that fails halfway leaves no file behind", async () => {
    let sent = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 2) controller.enqueue(new TextEncoder().encode("%PDF-1.4 del "));
        else controller.error(new Error("connection lost"));
      },
    });
    await expect(storage.put("transfers/t-1/halv.pdf", failing)).rejects.toThrow("connection lost");
    expect(await storage.exists("transfers/t-1/halv.pdf")).toBe(false);
  });
});
