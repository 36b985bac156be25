// Copies pdf.js's module and worker into public/vendor/pdfjs/<version>/ (the PDF preview island, spec 02 §2.5).
// Remix's classic compiler does not bundle pdf.js and its worker, so the browser imports both by URL; the version
// in the path lets server.js serve the folder as immutable. Runs before `npm run build` and `npm run dev`.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";

const root = path.dirname(path.dirname(url.fileURLToPath(import.meta.url)));
const source = path.join(root, "node_modules", "pdfjs-dist");
const { version } = JSON.parse(fs.readFileSync(path.join(source, "package.json"), "utf8"));
const vendor = path.join(root, "public", "vendor", "pdfjs");
const target = path.join(vendor, version);

// Older versions are removed so that public/ holds exactly what the installed pdfjs-dist is.
fs.rmSync(vendor, { recursive: true, force: true });
fs.mkdirSync(target, { recursive: true });
for (const file of ["pdf.min.mjs", "pdf.worker.min.mjs"]) {
  fs.copyFileSync(path.join(source, "build", file), path.join(target, file));
}
fs.copyFileSync(path.join(source, "LICENSE"), path.join(target, "LICENSE"));
console.log(`[copy-pdfjs] pdf.js ${version} → public/vendor/pdfjs/${version}/`);
