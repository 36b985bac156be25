import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { resetEnvForTests } from "~/server/platform/env.server";
import { initialize } from "~/server/platform/startup.server";
import { copySqliteFile, linkTree, template } from "./templates";

/**
 * Points the app at a fresh DATA_DIR (new SQLite file, new secret) and runs start-up as the server does. The
 * folder starts as a copy of the run's demo template (the database start-up seeds on a fresh install, and the
 * PDFs it writes), so start-up finds it seeded; start-up still makes the folder its own session secret.
 */
export async function startFreshApp(): Promise<{ dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "op-test-"));
  const demo = await template("sqlite-demo");
  if (demo) {
    copySqliteFile(path.join(demo.path!, "app.db"), path.join(dataDir, "app.db"));
    linkTree(path.join(demo.path!, "files"), path.join(dataDir, "files"));
  }
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  delete process.env.SESSION_SECRET;
  process.env.NODE_ENV = "test";
  resetEnvForTests();
  globalThis.__dbHandle = undefined;
  await initialize();
  return { dataDir };
}

export function request(pathname: string, init: RequestInit & { cookie?: string } = {}): Request {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  return new Request(new URL(pathname, "http://localhost:3000"), { ...init, headers });
}

export function formRequest(
  pathname: string,
  fields: Record<string, string>,
  init: RequestInit & { cookie?: string } = {},
) {
  return request(pathname, {
    method: "POST",
    body: new URLSearchParams(fields),
    ...init,
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: "http://localhost:3000",
      ...init.headers,
    },
  });
}

/** The cookie header a browser would send back after this response. */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A browser's cookie jar: the cookies sent so far with those a response sets on top (same name, newer value). */
export function mergeCookies(previous: string, response: Response): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.split("=")[0]!, c] as const),
  );
  for (const c of cookiesFrom(response).split("; ").filter(Boolean)) jar.set(c.split("=")[0]!, c);
  return [...jar.values()].join("; ");
}

/** What the client receives from a route function: its returned Response, or the Response it threw. */
export async function answered(result: unknown): Promise<Response> {
  try {
    const value = await result;
    if (value instanceof Response) return value;
    throw new Error("the route answered something that is not a Response");
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** A signed-in session of a user, as the sign-in creates it: its cookie and its server-side id. */
export async function signedInSession(
  userId: string,
  tenantId?: string,
): Promise<{ cookie: string; sessionId: string }> {
  const { getSessionStorage } = await import("~/server/platform/session.server");
  const storage = getSessionStorage();
  const session = await storage.getSession();
  session.set("userId", userId);
  if (tenantId) session.set("tenantId", tenantId);
  const cookie = (await storage.commitSession(session)).split(";")[0]!;
  const stored = await storage.getSession(cookie);
  return { cookie, sessionId: stored.id };
}

/** A live-channel access token minted for a fresh signed-in session of the user (as api/ws/token does). */
export async function liveTokenFor(userId: string): Promise<string> {
  const { mintAccessToken } = await import("~/server/live/tokens.server");
  const { sessionId } = await signedInSession(userId);
  return mintAccessToken({ id: userId }, Date.now(), sessionId);
}

/**
 * A page action's failed answer (`{ result }`, decision 014) as the page shows it: form-level and field messages
 * in Swedish, and the values the form renders again.
 */
export async function formReplyOf(response: Response): Promise<{
  form: string[];
  fields: Record<string, string[]>;
  values: Record<string, unknown>;
}> {
  const { svT } = await import("~/server/platform/i18n.server");
  const { splitMessage } = await import("~/lib/messages");
  const t = svT();
  const { result } = (await response.json()) as {
    result: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> };
  };
  const text = (message: string) => {
    const { key, values } = splitMessage(message);
    return t(key, { ns: ["common", "domain"], ...values });
  };
  const fields: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(result.error ?? {})) {
    if (name !== "" && messages) fields[name] = messages.map(text);
  }
  return { form: (result.error?.[""] ?? []).map(text), fields, values: result.initialValue ?? {} };
}

/** A signed link with the first character of its signature changed (to another one, whatever it was). */
export function tampered(url: string): string {
  return url.replace(/sig=(.)/, (_all, c: string) => `sig=${c === "A" ? "B" : "A"}`);
}
