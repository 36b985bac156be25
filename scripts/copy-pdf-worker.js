// Copies the PDF worker (app/server/integrations/document-analysis/pdf-worker.mjs and the module it imports) beside
// build/index.js. The server bundle starts it as `new URL("./pdf-worker.mjs", import.meta.url)`: Remix's classic
// compiler bundles what is imported, not a file a Worker is started from (decision 044). Runs with `npm run build`
// and `npm run dev`.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";

const root = path.dirname(path.dirname(url.fileURLToPath(import.meta.url)));
const source = path.join(root, "app", "server", "integrations", "document-analysis");
const target = path.join(root, "build");
fs.mkdirSync(target, { recursive: true });
for (const file of ["pdf-worker.mjs", "decoded-size.mjs"]) {
  fs.copyFileSync(path.join(source, file), path.join(target, file));
}
console.log("[copy-pdf-worker] pdf-worker.mjs, decoded-size.mjs → build/");
