import crypto from "node:crypto";
import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import { getDb } from "../db/db.server";
import type { Db } from "../db/kysely.server";
import { getEnv } from "./env.server";

/**
 * Sessions live in the database (decision 012); the cookie carries only a signed random id.
 * A session ends at log-out, when its user is deactivated, after IDLE_TIMEOUT_MS without a request, and
 * ABSOLUTE_LIFETIME_MS after it was created, whichever comes first. Office computers are shared: an hour idle
 * covers a long review or a meeting; twelve hours is one working day, so a session never outlives the day.
 */
export const IDLE_TIMEOUT_MS = 60 * 60_000;
export const ABSOLUTE_LIFETIME_MS = 12 * 60 * 60_000;
/** last_seen_at is written at most this often, so reading pages does not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

let clock: () => number = () => Date.now();
/** Tests move time; the product never calls this. */
export function setSessionClockForTests(now: (() => number) | null) {
  clock = now ?? (() => Date.now());
}

export interface SessionData {
  userId: string;
  /** The BankID sign-in in progress (login_orders.id). */
  loginOrderId: string;
  /** remix-auth's record of the strategy that signed the user in. */
  strategy: string;
  tenantId: string;
  /** What the registration form held when the user went to read the terms (JSON). */
  registerDraft: string;
  /** Set by the terms text's Godkänn; the only way to accept the terms. */
  termsAcceptedAt: string;
  /** Path to return to from /unavailable. */
  unavailableReturnTo: string;
}

function build() {
  const env = getEnv();
  return {
    sessionStorage: createSessionStorage<SessionData>({
      cookie: {
        name: "__session",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: env.secureCookies,
        secrets: env.sessionSecrets,
        // A browser session cookie: the server decides when the session ends.
      },
      createData: (data) => createSessionRow(getDb(), data),
      readData: (id) => readSessionRow(getDb(), id),
      updateData: (id, data) => updateSessionRow(getDb(), id, data),
      deleteData: (id) => deleteSessionRow(getDb(), id),
    }),
    consentCookie: createCookie("hideCookieConsentTooltip", {
      httpOnly: false,
      sameSite: "lax",
      path: "/",
      secure: env.secureCookies,
      maxAge: 60 * 60 * 24 * 365,
    }),
  };
}

let storages: ReturnType<typeof build> | undefined;
function storage() {
  storages ??= build();
  return storages;
}

export function getSessionStorage() {
  return storage().sessionStorage;
}

export function getSession(request: Request) {
  return storage().sessionStorage.getSession(request.headers.get("Cookie"));
}

export function commitSession(
  ...args: Parameters<ReturnType<typeof build>["sessionStorage"]["commitSession"]>
) {
  return storage().sessionStorage.commitSession(...args);
}

export function destroySession(
  ...args: Parameters<ReturnType<typeof build>["sessionStorage"]["destroySession"]>
) {
  return storage().sessionStorage.destroySession(...args);
}

/** Consent is also readable by the browser so that the island can mirror it to local storage. */
export async function hasCookieConsent(request: Request): Promise<boolean> {
  const value = await storage().consentCookie.parse(request.headers.get("Cookie"));
  return value === true || value === "true";
}

export function serializeCookieConsent(): Promise<string> {
  return storage().consentCookie.serialize(true);
}

type SessionValues = Partial<SessionData> & Record<string, unknown>;

let lastPurge = 0;
const PURGE_INTERVAL_MS = 10 * 60_000;

async function createSessionRow(db: Db, data: SessionValues): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  const now = clock();
  if (now - lastPurge >= PURGE_INTERVAL_MS) {
    lastPurge = now;
    await purgeExpiredSessions(db, now);
  }
  await db
    .insertInto("sessions")
    .values({
      id,
      data: JSON.stringify(data),
      user_id: typeof data.userId === "string" ? data.userId : null,
      created_at: new Date(now).toISOString(),
      last_seen_at: new Date(now).toISOString(),
      expires_at: new Date(now + ABSOLUTE_LIFETIME_MS).toISOString(),
    })
    .execute();
  return id;
}

async function readSessionRow(db: Db, id: string, { touch = true } = {}): Promise<SessionValues | null> {
  const row = await db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const now = clock();
  const lastSeen = Date.parse(row.last_seen_at);
  if (now >= Date.parse(row.expires_at) || now - lastSeen >= IDLE_TIMEOUT_MS) {
    await deleteSessionRow(db, id);
    return null;
  }
  if (touch && now - lastSeen >= TOUCH_INTERVAL_MS) {
    await db
      .updateTable("sessions")
      .set({ last_seen_at: new Date(now).toISOString() })
      .where("id", "=", id)
      .execute();
  }
  try {
    return JSON.parse(row.data) as SessionValues;
  } catch {
    return null;
  }
}

async function updateSessionRow(db: Db, id: string, data: SessionValues): Promise<void> {
  const userId = typeof data.userId === "string" ? data.userId : null;
  // An update, never an insert: a session that ended meanwhile (log-out in another tab) is not brought back.
  await db
    .updateTable("sessions")
    .set({ data: JSON.stringify(data), user_id: userId, last_seen_at: new Date(clock()).toISOString() })
    .where("id", "=", id)
    .execute();
}

async function deleteSessionRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

/**
 * Whether a session is still alive (the live channel checks its connections with this). It does not count as
 * activity: an open tab's live connection must not keep an idle session alive.
 */
export async function sessionIsActive(id: string, db: Db = getDb()): Promise<boolean> {
  return (await readSessionRow(db, id, { touch: false })) !== null;
}

/** Removes sessions past their absolute or idle end; run periodically (the job runner can call it). */
export async function purgeExpiredSessions(db: Db, now = clock()): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where((eb) =>
      eb.or([
        eb("expires_at", "<=", new Date(now).toISOString()),
        eb("last_seen_at", "<=", new Date(now - IDLE_TIMEOUT_MS).toISOString()),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * A new id for a session that just signed in, carrying its values over: an id planted before sign-in (session
 * fixation) never becomes a signed-in session.
 */
export async function rotateSession(session: Session<SessionData>): Promise<Session<SessionData>> {
  const storage = getSessionStorage();
  const fresh = await storage.getSession();
  for (const [key, value] of Object.entries(session.data))
    fresh.set(key as keyof SessionData, value as never);
  if (session.id) await deleteSessionRow(getDb(), session.id);
  return fresh;
}
