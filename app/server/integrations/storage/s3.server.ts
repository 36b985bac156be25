import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type * as S3 from "@aws-sdk/client-s3";
import type * as S3Presigner from "@aws-sdk/s3-request-presigner";
import { lazyModule } from "../../platform/lazy-module.server";
import { assertStorageKey, type FileStorage } from "./types.server";

// The AWS SDK takes seconds to load: it is loaded when an S3 storage is made (STORAGE=s3), not by every install
// and test on the disk storage that imports this module through the storage index.
const loadS3 = lazyModule<typeof S3>("@aws-sdk/client-s3");
const loadPresigner = lazyModule<typeof S3Presigner>("@aws-sdk/s3-request-presigner");

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible service other than AWS (MinIO, Ceph, s3rver in tests). */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (bucket in the path), which most S3-compatible services need. */
  forcePathStyle?: boolean;
}

export interface S3Storage extends FileStorage {
  /** A presigned PUT the browser uploads to directly (the JavaScript flow, decision 018); verified afterwards. */
  presignPut(key: string, expiresInSeconds: number): Promise<string>;
}

function notFound(error: unknown): boolean {
  return (
    error instanceof loadS3().S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files in an S3 bucket (`STORAGE=s3`). Reads stream from S3. A stream of unknown length is spooled to a
 * temporary file first (S3 wants the length of a single PUT), so nothing is held whole in memory.
 */
export function createS3Storage(settings: S3Settings): S3Storage {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } = loadS3();
  const { getSignedUrl } = loadPresigner();
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: the SDK's default frames a streamed body as aws-chunked with a
    // trailing checksum, which many S3-compatible services store verbatim instead of decoding.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
  });
  const Bucket = settings.bucket;
  const exists = async (key: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket, Key: assertStorageKey(key) }));
      return true;
    } catch (error) {
      if (notFound(error)) return false;
      throw error;
    }
  };
  return {
    kind: "s3",
    async put(key, body) {
      const Key = assertStorageKey(key);
      if (body instanceof Uint8Array) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: "application/pdf" }));
        return { sizeInBytes: body.byteLength };
      }
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "op-s3-"));
      const spool = path.join(dir, "upload");
      try {
        await pipeline(Readable.fromWeb(body as WebReadableStream<Uint8Array>), createWriteStream(spool));
        const { size } = await fs.stat(spool);
        await client.send(
          new PutObjectCommand({
            Bucket,
            Key,
            Body: createReadStream(spool),
            ContentLength: size,
            ContentType: "application/pdf",
          }),
        );
        return { sizeInBytes: size };
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: assertStorageKey(key) }));
        return (answer.Body?.transformToWebStream() as ReadableStream<Uint8Array> | undefined) ?? null;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!(await exists(key))) return false;
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertStorageKey(key) }));
      return true;
    },
    exists,
    presignPut(key, expiresInSeconds) {
      return getSignedUrl(
        client,
        new PutObjectCommand({ Bucket, Key: assertStorageKey(key), ContentType: "application/pdf" }),
        { expiresIn: expiresInSeconds },
      );
    },
  };
}
