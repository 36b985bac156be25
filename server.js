// The production HTTP server: what remix-serve does (compression, static files, access log, the Remix handler),
// plus what remix-serve cannot do. See docs/decisions/004-own-server-entry.md.
import path from "node:path";
import url from "node:url";
import fs from "node:fs";
import http from "node:http";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";

installGlobals({ nativeFetch: true });

const root = path.dirname(url.fileURLToPath(import.meta.url));
const buildPath = path.join(root, "build", "index.js");
if (!fs.existsSync(buildPath)) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}
const build = await import(url.pathToFileURL(buildPath).href);

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST;
const { ops } = build;
const log = ops.getLog();
const graceMs = Number(process.env.SHUTDOWN_GRACE_MS ?? 25_000);
// Metrics on a listener of their own, never on the public port: METRICS_PORT (off when unset), METRICS_HOST.
const metricsPort = process.env.METRICS_PORT ? Number(process.env.METRICS_PORT) : null;
const metrics = ops.getMetrics();

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY === "1");

// Over https (req.secure believes X-Forwarded-Proto only with TRUST_PROXY=1), every answer, static files too, tells the
// browser to come back over https only; the app sets the same on its own answers under remix-serve.
const hsts = build.securityHeaders({ https: true })["Strict-Transport-Security"];
app.use((req, res, next) => {
  if (req.secure) res.set("Strict-Transport-Security", hsts);
  next();
});

const trustProxy = process.env.TRUST_PROXY === "1";

// Every request has an id (the trusted proxy's, or our own), answered as X-Request-Id, on every log line of the
// request and on its error page; one JSON line per request at its end, without the path's query string or any
// header (decision 045). The health checks are logged at debug level only. With traces on, every request but the
// health checks and static files is a span named by its route (decision 046).
app.use((req, res, next) => {
  const requestId = ops.requestIdOf(req.get("x-request-id"), { trustProxy });
  res.set("X-Request-Id", requestId);
  const scope = { requestId };
  const health = req.path === "/healthz" || req.path === "/readyz";
  const end = health ? null : metrics?.startRequest();
  const span =
    health || staticRoute(req) === "static"
      ? null
      : ops.startRequestSpan({ method: req.method, requestId, header: (name) => req.get(name), trustProxy });
  const started = process.hrtime.bigint();
  // Bytes on the wire for this answer (headers included, compressed as sent): the socket's count since it began.
  const socket = res.socket;
  const bytesBefore = socket?.bytesWritten ?? 0;
  res.on("close", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const bytes = Math.max(0, (socket?.bytesWritten ?? 0) - bytesBefore);
    const route = scope.routeId ?? staticRoute(req);
    end?.({ routeId: route, method: req.method, status: res.statusCode, bytes });
    span?.end({
      route,
      status: res.statusCode,
      aborted: !res.writableFinished,
      userId: scope.userId,
      tenantId: scope.tenantId,
    });
    const fields = {
      reqId: requestId,
      method: req.method,
      route,
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
      bytes,
      userId: scope.userId,
      tenant: scope.tenantId,
      aborted: res.writableFinished ? undefined : true,
    };
    if (health) log.debug(fields, "request");
    else if (res.statusCode >= 500) log.error(fields, "request");
    else log.info(fields, "request");
  });
  if (span) span.run(() => ops.runInRequest(scope, next));
  else ops.runInRequest(scope, next);
});
/** Requests no Remix route answers (static files, refusals before Remix) are named by what answered them. */
function staticRoute(req) {
  return req.path.startsWith(build.publicPath) || req.path.startsWith("/vendor/") ? "static" : "none";
}

// Liveness and readiness for the load balancer: no session, no cookie, nothing personal (decision 045).
app.get("/healthz", (_req, res) => {
  res.set("Cache-Control", "no-store").json({ status: "ok" });
});
app.get("/readyz", async (_req, res) => {
  const answer = await ops.checkReadiness();
  res
    .set("Cache-Control", "no-store")
    .status(answer.ready ? 200 : 503)
    .json(answer);
});

// A state-changing request from another site is refused before Remix sees it (docs/decisions/002-csrf.md).
app.use((req, res, next) => {
  if (!build.isCrossSite(req.method, (name) => req.get(name), { trustProxy })) return next();
  res.status(403).type("text/plain; charset=utf-8").send(build.commonTexts.errors.crossSite);
});

// The live channel's Server-Sent Events carry Cache-Control: no-transform, which compression respects.
app.use(compression());
// Documents and data get their security headers from the app (app/entry.server.tsx); static files here.
const staticHeaders = (res) =>
  res.set({ "X-Content-Type-Options": "nosniff", "Referrer-Policy": "strict-origin-when-cross-origin" });
app.use(
  build.publicPath,
  express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y", setHeaders: staticHeaders }),
);
// pdf.js (scripts/copy-pdfjs.js) lies under its version number, so a new version is a new URL.
app.use(
  "/vendor/pdfjs",
  express.static(path.join(root, "public", "vendor", "pdfjs"), {
    immutable: true,
    maxAge: "1y",
    setHeaders: staticHeaders,
  }),
);
app.use(express.static(path.join(root, "public"), { maxAge: "1h", setHeaders: staticHeaders }));

app.all(
  "*",
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV ?? "production",
    getLoadContext: (req) => ({ clientIp: req.ip }),
  }),
);

// Slow clients (decision 012): the request's headers must arrive within 20 s and the whole request within 5 minutes,
// checked every 5 s (Node's default is 60 s for headers, checked every 30 s). The app cuts a body that stops or
// trickles long before (app/server/platform/body-timeouts.server.ts); idle keep-alive connections close after 5 s.
const server = http.createServer(
  { headersTimeout: 20_000, requestTimeout: 5 * 60_000, connectionsCheckingInterval: 5_000 },
  app,
);
if (host) server.listen(port, host, onListen);
else server.listen(port, onListen);
function onListen() {
  log.info({ port, host: host ?? "localhost" }, `listening on http://${host ?? "localhost"}:${port}`);
}

let metricsServer = null;
if (metrics && metricsPort !== null) {
  const metricsHost = process.env.METRICS_HOST ?? "127.0.0.1";
  metricsServer = express()
    .disable("x-powered-by")
    .get("/metrics", async (_req, res) => {
      try {
        res.set("Content-Type", metrics.contentType).send(await metrics.text());
      } catch (error) {
        log.error({ err: error }, "metrics could not be collected");
        res.status(500).type("text/plain").send("metrics could not be collected");
      }
    })
    .listen(metricsPort, metricsHost, () =>
      log.info(
        { port: metricsPort, host: metricsHost },
        `metrics on http://${metricsHost}:${metricsPort}/metrics`,
      ),
    );
}

/**
 * SIGTERM or SIGINT: /readyz answers 503 at once; the listener takes no new connections and closes the idle ones;
 * the requests in flight finish; the live connections are ended so that their clients reconnect to another
 * instance; running jobs finish; the pool closes. All within SHUTDOWN_GRACE_MS, after which what is left is cut
 * (a job keeps its lease until it runs out, and another instance takes it over). Exit 0 (decision 045).
 */
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, async () => {
    log.info({ signal, graceMs }, "shutting down");
    ops.beginShutdown();
    const deadline = Date.now() + graceMs;
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    metricsServer?.close();
    const jobs = await ops.endLiveAndJobs(Math.max(0, deadline - Date.now()));
    const requestsDone = await Promise.race([
      closed.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), Math.max(0, deadline - Date.now())).unref()),
    ]);
    if (!requestsDone) server.closeAllConnections();
    await ops.closeStores();
    await ops.stopTracing();
    log.info({ jobs, requestsDone }, "stopped");
    process.exit(0);
  });
}
