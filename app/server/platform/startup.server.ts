import path from "node:path";
import { getDbHandle } from "../db/db.server";
import { migrateToLatest } from "../db/migrate.server";
import { isSeeded, seed } from "../demo/seed.server";
import { getEnv, productionRefusal } from "./env.server";
import { registerSimulatorPeople } from "../integrations/test-people.server";
import { getLog } from "./log.server";

declare global {
  var __startup: { dataDir: string; done: Promise<void> } | undefined;
}

/** Runs once per DATA_DIR and process before the first request: environment, migrations, demo data on a fresh database. */
export function initialize(): Promise<void> {
  const refusal = productionRefusal(getEnv());
  if (refusal) return Promise.reject(new Error(refusal));
  const dataDir = getEnv().dataDir;
  if (globalThis.__startup?.dataDir === dataDir) return globalThis.__startup.done;
  const done = (async () => {
    const { db } = getDbHandle();
    await migrateToLatest(db);
    if (!(await isSeeded(db))) {
      await seed(db, { filesDir: path.join(dataDir, "files") });
      getLog().info("fresh database seeded with demo data");
    }
    await registerSimulatorPeople(db);
  })();
  globalThis.__startup = { dataDir, done };
  return done;
}
