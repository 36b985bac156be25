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
import morgan from "morgan";

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

// A state-changing request from another site is refused before Remix sees it (docs/decisions/002-csrf.md).
const trustProxy = process.env.TRUST_PROXY === "1";
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

// Access log without query strings: they may hold access tokens (SignalR's access_token) or personal data.
morgan.token("path", (req) => (req.originalUrl ?? req.url).split("?")[0]);
app.use(morgan(":method :path :status :res[content-length] - :response-time ms"));

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
  console.log(`[server] http://${host ?? "localhost"}:${port}`);
}
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
