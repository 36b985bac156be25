import { getEnv } from "../platform/env.server";
import { openDatabase, type DbHandle } from "./kysely.server";

declare global {
  var __dbHandle: DbHandle | undefined;
}

/** The process-wide database handle, opened from DATABASE_URL (SQLite file in DATA_DIR by default). */
export function getDbHandle(): DbHandle {
  globalThis.__dbHandle ??= openDatabase(getEnv().databaseUrl);
  return globalThis.__dbHandle;
}

export function getDb() {
  return getDbHandle().db;
}
