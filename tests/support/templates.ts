// The test databases' templates (tests/setup/db-templates.ts builds them in Vitest's main process): what a test
// file asks for, and how it asks. A file gets its own copy of a template; nothing here hands out a template itself.
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { inject } from "vitest";

/**
 * - `sqlite`: a SQLite file, migrated, with the accounts seed (tenants, users, offices): freshSqlite.
 * - `sqlite-demo`: a DATA_DIR as start-up leaves it on a fresh install (app.db with the demo transfers, and their
 *   PDFs in files/), without its session secret: startFreshApp.
 * - `postgres-migrated`, `postgres-seeded`: databases for `CREATE DATABASE … TEMPLATE`, migrated, and migrated
 *   with the accounts seed.
 * - `postgres-demo`: migrated with the whole demo seed, whose PDFs are in `filesDir`.
 */
export type TemplateKind =
  "sqlite" | "sqlite-demo" | "postgres-migrated" | "postgres-seeded" | "postgres-demo";

export interface Template {
  /** A SQLite file, or the DATA_DIR (app.db, files/) of the demo. */
  path?: string;
  /** A PostgreSQL template database's name. */
  database?: string;
  /** The demo's PDF files of a PostgreSQL demo template. */
  filesDir?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The builder's socket (tests/setup/db-templates.ts); empty in a project without that global setup. */
    dbTemplates: string;
  }
}

/** Where Vitest's main process answers, or null in a project that does not build templates. */
function builderSocket(): string | null {
  try {
    return inject("dbTemplates") || null;
  } catch {
    return null; // not inside a Vitest worker
  }
}

/**
 * The template of that kind, built once per run by the main process (the demo ones again when they are older than
 * a minute, since their dates are relative to the moment they were seeded), or null where no builder runs or
 * PostgreSQL was asked for and TEST_DATABASE_URL names no reachable server.
 */
export async function template(kind: TemplateKind): Promise<Template | null> {
  const socket = builderSocket();
  if (!socket) return null;
  const answer = await new Promise<string>((resolve, reject) => {
    const connection = net.connect(socket);
    let text = "";
    connection.setEncoding("utf8");
    connection.on("connect", () => connection.end(JSON.stringify({ kind })));
    connection.on("data", (chunk: string) => (text += chunk));
    connection.on("end", () => resolve(text));
    connection.on("error", reject);
  });
  const reply = JSON.parse(answer) as { template: Template | null } | { error: string };
  if ("error" in reply) throw new Error(`The template ${kind} could not be built: ${reply.error}`);
  return reply.template;
}

/**
 * A copy of a SQLite template file (with its write-ahead log, if one was left). Copied, never linked: the copy is
 * written to.
 */
export function copySqliteFile(from: string, to: string): void {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
  if (fs.existsSync(`${from}-wal`)) fs.copyFileSync(`${from}-wal`, `${to}-wal`);
}

/**
 * The template's stored files, as hard links: the disk storage never writes a file in place (it writes a
 * temporary file and renames it over the old one) and deletes by unlinking, so no test changes the template's
 * files through its link, and the global teardown checks that none did. Copied where links are not possible.
 */
export function linkTree(from: string, to: string): void {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) linkTree(source, target);
    else {
      try {
        fs.linkSync(source, target);
      } catch {
        fs.copyFileSync(source, target);
      }
    }
  }
}
