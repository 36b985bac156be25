import * as build from "@remix-run/dev/server-build";
import type { ServerBuild } from "@remix-run/node";
import { protectRoutes } from "./server/platform/protect-routes.server";
import { initialize } from "./server/platform/startup.server";
import { getEnv } from "./server/platform/env.server";
import { startJobRunner } from "./server/jobs/index.server";
import { getLog } from "./server/platform/log.server";
import { getMetrics } from "./server/ops/index.server";
import { startTracing } from "./server/ops/tracing.server";

// The server build remix-serve loads: the compiled app, with start-up work done before the first request
// and every action behind the cross-site check (docs/decisions/002-csrf.md).
// Traces and metrics first, when an OTLP endpoint or METRICS_PORT asks for them, so that the database and the
// clients are traced and measured from their start (the database times its queries only for a metrics sink already
// there).
startTracing();
getMetrics();
await initialize();
// Background jobs run in the server process (decision 013); tests start their own runners.
if (getEnv().NODE_ENV !== "test") {
  const runner = startJobRunner();
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => void runner.stop());
}
if (getEnv().testEnvironment && getEnv().NODE_ENV !== "test") {
  getLog().warn(
    "BANKID=simulator: anyone can sign in as a test person. This is a demo or test install, and every page says Testmiljö.",
  );
}

export const mode = build.mode;
export const assets = build.assets;
export const assetsBuildDirectory = build.assetsBuildDirectory;
export const future = build.future;
export const publicPath = build.publicPath;
export const entry = build.entry;
export const routes = protectRoutes(build.routes as ServerBuild["routes"]);
// For server.js, which refuses cross-site writes before Remix (the same rule and the same Swedish text) and sends
// Strict-Transport-Security on static files too.
export { isCrossSite, securityHeaders } from "./server/platform/security.server";
export { default as commonTexts } from "./locales/sv/common.json";
// For server.js: health, readiness, metrics, the request's scope and log, and the graceful shutdown (decision 045).
export * as ops from "./server/ops/index.server";
