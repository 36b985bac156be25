import path from "node:path";
import { getEnv } from "../../platform/env.server";
import { observed } from "../observed.server";
import { createDiskStorage } from "./disk.server";
import { createS3Storage } from "./s3.server";
import type { FileStorage } from "./types.server";

export * from "./types.server";
export { createDiskStorage } from "./disk.server";
export { createS3Storage, type S3Storage } from "./s3.server";
import type { S3Storage } from "./s3.server";

let cached: { key: string; storage: FileStorage } | undefined;

/**
 * The configured storage: the disk under `DATA_DIR/files` (the default, and what the demo seed writes to), or an
 * S3-compatible bucket (`STORAGE=s3` with `S3_BUCKET`, `S3_REGION`, `S3_ENDPOINT`, credentials).
 */
export function getStorage(): FileStorage {
  const env = getEnv();
  const key = env.STORAGE === "s3" ? `s3:${env.S3_ENDPOINT ?? ""}:${env.S3_BUCKET}` : `disk:${env.dataDir}`;
  if (cached?.key !== key) {
    const storage =
      env.STORAGE === "s3"
        ? createS3Storage({
            bucket: env.S3_BUCKET!,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            accessKeyId: env.S3_ACCESS_KEY_ID,
            secretAccessKey: env.S3_SECRET_ACCESS_KEY,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === "1",
          })
        : createDiskStorage(path.join(env.dataDir, "files"));
    cached = { key, storage };
  }
  const { storage } = cached;
  const labels = { system: "storage", provider: storage.kind };
  const calls = ["put", "get", "delete", "exists"] as const;
  return observed(storage, labels, calls);
}

/** Whether uploads go straight to the bucket (a presigned PUT) rather than through our own signed route. */
export function isS3Storage(storage: FileStorage): storage is S3Storage {
  return storage.kind === "s3" && "presignPut" in storage;
}
