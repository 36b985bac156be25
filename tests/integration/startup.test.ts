import { beforeAll, expect, it } from "vitest";
import { resetEnvForTests } from "~/server/platform/env.server";
import { initialize } from "~/server/platform/startup.server";
import { startFreshApp } from "../support/app";

/**
 * A server started with NODE_ENV=production and the default (simulated) integrations is a demo only when DEMO=1
 * says so; start-up refuses otherwise, before it touches the database.
 */

beforeAll(async () => {
  await startFreshApp();
});

function environment(values: Record<string, string | undefined>) {
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

it("refuses to start in production with a simulator unless DEMO=1", async () => {
  environment({ NODE_ENV: "production", DEMO: undefined, BANKID: undefined, MAIL: undefined });
  await expect(initialize()).rejects.toThrow(/^NODE_ENV=production with BANKID=simulator, .*set DEMO=1/);

  environment({ DEMO: "1" });
  await expect(initialize()).resolves.toBeUndefined();
});

it("starts in production when every integration is real", async () => {
  environment({
    NODE_ENV: "production",
    DEMO: undefined,
    BANKID: "production",
    COMPANY_REGISTRY: "http",
    PROPERTY_MANAGERS: "http",
    CREDIT_BUREAU: "http",
    MAIL: "smtp://mail.example.se:587",
  });
  await expect(initialize()).resolves.toBeUndefined();
});
