import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The Swedish error map must be installed in what the product runs: the Remix compiler's bundles, not only Vitest's
 * unbundled modules. esbuild (the compiler's bundler) drops an import whose module package.json says has no side
 * effects, so a schema module's `import "./zod-errors"` silently vanished from both bundles and zod's English
 * defaults reached users. This bundles a schema module as the compiler does, for the browser and for the server,
 * runs it and reads the messages of inputs the schema has no message of its own for.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "zod-bundle-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const ENTRY = `
import { TransferRefSchema, TransferActionFormSchema } from "~/schemas/transfer";
const inputs = [
  [TransferRefSchema, { transferId: "t-1", version: -1 }],
  [TransferRefSchema, null],
  [TransferActionFormSchema, { version: "1", confirmed: "True" }],
];
const messages = inputs.flatMap(([schema, input]) => {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
});
console.log(JSON.stringify(messages));
`;

async function messagesOfBundle(platform: "browser" | "node"): Promise<string[]> {
  const result = await build({
    stdin: { contents: ENTRY, resolveDir: root, sourcefile: "entry.ts", loader: "ts" },
    absWorkingDir: root,
    bundle: true,
    platform,
    format: "esm",
    write: false,
    logLevel: "silent",
  });
  const file = path.join(dir, `${platform}.mjs`);
  fs.writeFileSync(file, result.outputFiles[0]!.contents);
  return JSON.parse(execFileSync(process.execPath, [file], { encoding: "utf8" })) as string[];
}

describe("the Swedish zod error map in the compiled bundles", () => {
  it.each(["browser", "node"] as const)("is installed in the %s bundle", async (platform) => {
    const messages = await messagesOfBundle(platform);
    expect(messages).toEqual(["common:zod.tooSmall", "common:zod.object", "common:zod.invalid"]);
  });
});
