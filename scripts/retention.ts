// npm run retention -- [--dry-run] [--now 2026-12-01T08:00:00Z]
// Applies the GDPR retention rules now (the daily job does the same), or with --dry-run prints what would go.
// Honours DATABASE_URL and DATA_DIR; files are deleted from the configured storage (DATA_DIR/files).
import { parseArgs } from "node:util";
import { getDbHandle } from "~/server/db/db.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { applyRetention } from "~/server/domain/retention.server";
import { getStorage } from "~/server/integrations/storage/index.server";

const { values } = parseArgs({
  options: { "dry-run": { type: "boolean", default: false }, now: { type: "string" } },
});
const now = values.now ? new Date(values.now) : new Date();
if (Number.isNaN(now.getTime())) {
  console.error(`--now must be an ISO time, got ${values.now}`);
  process.exit(2);
}
const { db, destroy } = getDbHandle();
try {
  await migrateToLatest(db);
  const report = await applyRetention({ db, storage: getStorage(), now }, { dryRun: values["dry-run"] });
  for (const item of report.items) {
    console.log(
      [item.rule.padEnd(20), item.entity.padEnd(16), item.id, item.transferId, item.detail]
        .join("  ")
        .trimEnd(),
    );
  }
  const verb = report.dryRun ? "would be erased" : "erased";
  console.log(
    `${report.items.length} ${verb} at ${report.at}: ` +
      Object.entries(report.counts)
        .map(([rule, n]) => `${rule} ${n}`)
        .join(", ") +
      (report.dryRun ? " (dry run: nothing changed)" : `; files already gone: ${report.filesAlreadyGone}`),
  );
} finally {
  await destroy();
}
