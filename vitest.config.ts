import os from "node:os";
import { fileURLToPath } from "node:url";
import { configDefaults, defineConfig } from "vitest/config";

/**
 * Unit test files whose modules keep state for the whole process (the environment read once, the process's
 * database and start-up, the job registry, the list counts' cache, the integrations' cached clients and the
 * simulators kept on globalThis), or that change process.env: each runs in a fresh worker of its own.
 *
 * body.server.test.ts holds no state, but in a thread that has run other test files first, Node 20's
 * `JSON.parse("{", reviver)` returns {} instead of throwing (seen in 7 of 7 runs where it was not among the first two
 * files of its thread, never otherwise), and its "broken JSON" case then fails.
 */
const ISOLATED_UNIT_TESTS = [
  "app/server/platform/body.server.test.ts",
  "app/server/domain/documents/summary.server.test.ts",
  "app/server/domain/transfers/lists/*.server.test.ts",
  "app/server/integrations/bankid/index.server.test.ts",
  "app/server/integrations/bankid/simulator.server.test.ts",
  "app/server/integrations/company-registry/index.server.test.ts",
  "app/server/integrations/credit-bureau/index.server.test.ts",
  "app/server/integrations/property-managers/index.server.test.ts",
  "app/server/jobs/runner.server.test.ts",
  "app/server/live/tokens.server.test.ts",
  "app/server/web/refusal.server.test.ts",
];

const UNIT_TESTS = ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"];

// Three projects (`npx vitest run --project <name>`; scripts/test-all.sh runs the first two as the unit phase):
// - unit: the rest of the unit tests, in threads that share their imports from one file to the next;
// - unit-isolated: the files above, one worker each;
// - integration: tests/integration, in worker processes that load Node's modules and the dependencies once and
//   evaluate the app's modules afresh for each file (tests/setup/integration-file.ts ends what the previous file left
//   running and puts the environment back): 88 s to 37 s, the same 380 tests, in any order of the files.
// Every project may ask the global setup for a migrated and seeded database to copy (tests/support/templates.ts).
export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    environment: "node",
    setupFiles: ["./tests/setup/vitest.setup.ts"],
    // A migrated and seeded database to copy, built once per run (tests/support/templates.ts).
    globalSetup: ["./tests/setup/db-templates.ts"],
    // Vitest's default is a worker fewer than the cores: one on the 2-core machine, where a file waiting on its
    // server, database or a timer then leaves the cores idle (the integration tests: 118 s with 1.1 cores busy).
    // Three workers keep both busy (74 s; unit 42 s to 32 s); a fourth only adds imports.
    maxWorkers: Math.max(3, os.availableParallelism()),
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: UNIT_TESTS,
          exclude: [...configDefaults.exclude, ...ISOLATED_UNIT_TESTS],
          pool: "threads",
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: "unit-isolated", include: ISOLATED_UNIT_TESTS, pool: "threads", isolate: true },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          pool: "forks",
          isolate: false,
          setupFiles: ["./tests/setup/vitest.setup.ts", "./tests/setup/integration-file.ts"],
        },
      },
    ],
  },
});
