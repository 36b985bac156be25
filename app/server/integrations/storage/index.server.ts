import path from "node:path";
import { getEnv } from "../../platform/env.server";
import { createDiskStorage } from "./disk.server";
import type { FileStorage } from "./types.server";

export * from "./types.server";
export { createDiskStorage } from "./disk.server";

let cached: { root: string; storage: FileStorage } | undefined;

/**
 * The configured storage: the disk under `DATA_DIR/files` (the default, and what the demo seed writes to). The
 * S3-compatible implementation (`STORAGE=s3`) comes with the upload work of issue 14.
 */
export function getStorage(): FileStorage {
  const root = path.join(getEnv().dataDir, "files");
  if (cached?.root !== root) cached = { root, storage: createDiskStorage(root) };
  return cached.storage;
}
