// Vitest global setup: the templates of the test databases (tests/support/templates.ts). Each is built once per run,
// on the first request of a test file, in Vitest's main process, which answers the test workers on a Unix socket;
// each file then copies it (a SQLite file copy; `CREATE DATABASE … TEMPLATE` on PostgreSQL) instead of migrating
// and seeding a database of its own.
//
// The demo seed's dates are relative to the moment it runs (a signing started "2m" ago is still open; its session
// lasts 4 minutes), so a demo template older than DEMO_MAX_AGE_MS is built again on the next request: a copy is
// never staler than a database the file would have seeded in its beforeAll and used for a minute, as before.
//
// No test may change a template: PostgreSQL's refuse connections once built (ALLOW_CONNECTIONS false), and the
// teardown checks that the SQLite ones still hold the bytes they were built with.
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import type { Template, TemplateKind } from "../support/templates";

const DEMO_MAX_AGE_MS = 60_000;

interface Built {
  template: Template;
  builtAt: number;
}

/** Every file under a folder with a digest of its bytes. */
function fingerprint(dir: string): Map<string, string> {
  const prints = new Map<string, string>();
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else prints.set(file, crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex"));
    }
  };
  walk(dir);
  return prints;
}

interface Preparation {
  /** The accounts (tenants, users, offices); with `filesDir`, the demo transfers too, their PDFs written there. */
  seed: boolean;
  filesDir?: string;
}

/** Migrates the database at that URL and seeds it as asked. */
async function prepare(url: string, how: Preparation): Promise<void> {
  const { openDatabase } = await import("~/server/db/kysely.server");
  const { migrateToLatest } = await import("~/server/db/migrate.server");
  const { seed } = await import("~/server/demo/seed.server");
  const handle = openDatabase(url);
  try {
    await migrateToLatest(handle.db);
    if (how.seed) await seed(handle.db, { filesDir: how.filesDir });
  } finally {
    await handle.destroy();
  }
}

class Builder {
  readonly root = fs.mkdtempSync(path.join(os.tmpdir(), "op-templates-"));
  readonly socket = path.join(this.root, "builder.sock");
  private readonly run = crypto.randomBytes(4).toString("hex");
  private readonly entries = new Map<TemplateKind, Promise<Built | null>>();
  private readonly sqliteDirs = new Map<string, Map<string, string>>();
  private readonly pgDatabases: string[] = [];
  private generation = 0;
  private server = net.createServer({ allowHalfOpen: true }, (connection) => {
    let text = "";
    connection.setEncoding("utf8");
    connection.on("data", (chunk: string) => (text += chunk));
    connection.on("end", () => {
      const { kind } = JSON.parse(text) as { kind: TemplateKind };
      this.get(kind).then(
        (template) => connection.end(JSON.stringify({ template })),
        (error: unknown) => connection.end(JSON.stringify({ error: String(error) })),
      );
    });
    connection.on("error", () => undefined);
  });

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(this.socket, () => resolve());
    });
  }

  /** The current template of that kind: built on first request, and again when a demo one is too old. */
  async get(kind: TemplateKind): Promise<Template | null> {
    for (;;) {
      const entry = this.entries.get(kind);
      if (!entry) {
        this.entries.set(kind, this.build(kind));
        continue;
      }
      const built = await entry;
      if (built && kind.endsWith("-demo") && Date.now() - built.builtAt > DEMO_MAX_AGE_MS) {
        if (this.entries.get(kind) === entry) this.entries.set(kind, this.build(kind));
        continue;
      }
      return built?.template ?? null;
    }
  }

  private async build(kind: TemplateKind): Promise<Built | null> {
    const builtAt = Date.now();
    const dir = path.join(this.root, `${kind}-${++this.generation}`);
    switch (kind) {
      case "sqlite": {
        await prepare(`file:${path.join(dir, "app.db")}`, { seed: true });
        this.sqliteDirs.set(dir, fingerprint(dir));
        return { template: { path: path.join(dir, "app.db") }, builtAt };
      }
      case "sqlite-demo": {
        await prepare(`file:${path.join(dir, "app.db")}`, { seed: true, filesDir: path.join(dir, "files") });
        this.sqliteDirs.set(dir, fingerprint(dir));
        return { template: { path: dir }, builtAt };
      }
      case "postgres-migrated": {
        const database = await this.createPostgres(`migrated`, null, { seed: false });
        return database ? { template: { database }, builtAt } : null;
      }
      case "postgres-seeded":
      case "postgres-demo": {
        const migrated = await this.get("postgres-migrated");
        if (!migrated) return null;
        const filesDir = kind === "postgres-demo" ? path.join(dir, "files") : undefined;
        const name = kind === "postgres-demo" ? `demo${this.generation}` : "seeded";
        const database = await this.createPostgres(name, migrated.database!, { seed: true, filesDir });
        return database ? { template: { database, filesDir }, builtAt } : null;
      }
    }
  }

  /** A template database on TEST_DATABASE_URL's server (a copy of `from`), or null if there is none. */
  private async createPostgres(name: string, from: string | null, how: Preparation): Promise<string | null> {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) return null;
    const { default: pg } = await import("pg");
    const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    try {
      await admin.connect();
    } catch {
      return null;
    }
    try {
      const database = `tpl_${this.run}_${name}`;
      await admin.query(`CREATE DATABASE ${database}${from ? ` TEMPLATE ${from}` : ""}`);
      this.pgDatabases.push(database);
      const url = new URL(adminUrl);
      url.pathname = `/${database}`;
      await prepare(url.toString(), how);
      await admin.query(`ALTER DATABASE ${database} WITH ALLOW_CONNECTIONS false`);
      return database;
    } finally {
      await admin.end();
    }
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    const changed: string[] = [];
    for (const [dir, before] of this.sqliteDirs) {
      const after = fingerprint(dir);
      for (const [file, print] of before) if (after.get(file) !== print) changed.push(file);
      for (const file of after.keys()) if (!before.has(file)) changed.push(file);
    }
    if (this.pgDatabases.length > 0 && process.env.TEST_DATABASE_URL) {
      const { default: pg } = await import("pg");
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        for (const database of this.pgDatabases.reverse())
          await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    }
    fs.rmSync(this.root, { recursive: true, force: true });
    if (changed.length > 0) {
      // Vitest reports an error thrown here but still exits with 0: the run fails through the exit code.
      process.exitCode = 1;
      throw new Error(
        `A test changed a database template (tests/setup/db-templates.ts):\n${changed.join("\n")}`,
      );
    }
  }
}

declare global {
  var __dbTemplates: { builder: Builder; ready: Promise<void>; projects: number } | undefined;
}

/** One builder for all projects of the run (each project runs its global setup). */
export default async function setup(project: TestProject) {
  if (!globalThis.__dbTemplates) {
    const builder = new Builder();
    globalThis.__dbTemplates = { builder, ready: builder.listen(), projects: 0 };
  }
  const shared = globalThis.__dbTemplates;
  shared.projects++;
  await shared.ready;
  project.provide("dbTemplates", shared.builder.socket);
  return async () => {
    if (--shared.projects > 0) return;
    globalThis.__dbTemplates = undefined;
    await shared.builder.close();
  };
}
