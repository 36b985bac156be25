import { vi } from "vitest";

/**
 * The integration tests share a worker process from one file to the next (vitest.config.ts), so that Node's own
 * modules and the dependencies are loaded once per worker instead of once per file. Each file still starts from what
 * a process of its own would have: this runs before every file and ends what the previous file left running (the
 * job runner, the live channel, the database handle, the tracing SDK), forgets what the product keeps on globalThis
 * (start-up, the simulators), puts process.env back as the worker found it and has the app's modules evaluated afresh
 * (`vi.resetModules`), so module state (caches, the session storage, the job registry) is the file's own.
 */
declare global {
  var __integrationWorkerEnv: NodeJS.ProcessEnv | undefined;
}

const PRODUCT_GLOBALS = [
  "__jobRunner",
  "__live",
  "__dbHandle",
  "__startup",
  "__overlatelseportalenBankIdSimulator",
  "__companyRegistrySimulator",
  // The metrics (METRICS_PORT) and the sink the database, integrations and live channel report to.
  "__ops",
  "__meters",
] as const;

{
  const env = (globalThis.__integrationWorkerEnv ??= { ...process.env });
  const { stopJobRunner } = await import("~/server/jobs/index.server");
  const { closeLive } = await import("~/server/live/live.server");
  const { stopTracing } = await import("~/server/ops/tracing.server");
  await stopJobRunner();
  await closeLive();
  await stopTracing();
  await globalThis.__dbHandle?.db.destroy().catch(() => {});
  const store = globalThis as unknown as Record<string, unknown>;
  for (const name of PRODUCT_GLOBALS) delete store[name];
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
  vi.resetModules();
}
