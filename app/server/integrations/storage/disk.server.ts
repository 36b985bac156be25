import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { assertStorageKey, type FileStorage } from "./types.server";

/**
 * Files on the local disk under one folder (`DATA_DIR/files` by default, where the demo seed writes its PDFs).
 * A write goes to a temporary file first and is renamed into place, so a reader never sees half a file.
 */
export function createDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => path.join(root, ...assertStorageKey(key).split("/"));
  return {
    kind: "disk",
    async put(key, body) {
      const target = fileOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${process.pid}.${Date.now()}.part`;
      let sizeInBytes = 0;
      try {
        if (body instanceof Uint8Array) {
          await fs.writeFile(temporary, body);
          sizeInBytes = body.byteLength;
        } else {
          const counted = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
          counted.on("data", (chunk: Buffer) => (sizeInBytes += chunk.byteLength));
          await pipeline(counted, createWriteStream(temporary));
        }
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
      return { sizeInBytes };
    },
    async get(key) {
      const file = fileOf(key);
      try {
        await fs.access(file);
      } catch {
        return null;
      }
      return Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      try {
        await fs.unlink(fileOf(key));
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
        throw error;
      }
    },
    async exists(key) {
      try {
        await fs.access(fileOf(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}
