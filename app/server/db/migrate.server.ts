import { Migrator } from "kysely";
import type { Db } from "./kysely.server";
import { migrationProvider } from "./migrations/index.server";

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed`, { cause: error });
  }
  return (results ?? []).map((r) => r.migrationName);
}
