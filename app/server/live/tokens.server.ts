// Short-lived credentials of the live channel, signed with the session secrets (first signs, all verify,
// so rotating SESSION_SECRET keeps tokens valid until they expire).
//
// Access token: `<payload>.<mac>`, payload = base64url(JSON {u: userId, e: expiry epoch s, n: nonce}),
// mac = base64url(HMAC-SHA256(secret, "live-access:" + payload)). The prefix keeps these MACs apart from
// the session cookie's signatures, so no signed cookie value can pass as a token and the other way round.
//
// Search id: `<nonce>.<expiry base36>.<mac>`, mac over (userId, nonce, expiry). The server mints it for the
// user who starts a search; JoinGroup accepts it only from that user until it expires. Nothing is stored.
import crypto from "node:crypto";

import { getEnv } from "../platform/env.server";

export const ACCESS_TOKEN_LIFETIME_MS = 10 * 60_000;
export const SEARCH_ID_LIFETIME_MS = 60 * 60_000;

const ACCESS_PREFIX = "live-access:";
const SEARCH_PREFIX = "live-search:";
const MAX_TOKEN_LENGTH = 1_024;

function mac(secret: string, data: string): string {
  return crypto.createHmac("sha256", secret).update(data).digest("base64url");
}

function secrets(): string[] {
  return getEnv().sessionSecrets;
}

function signer(): string {
  const first = secrets()[0];
  if (!first) throw new Error("No session secret to sign live tokens with.");
  return first;
}

/**
 * Compares in constant time against the MAC under every secret. A 32-byte MAC is 43 base64url characters
 * whose last one carries two unused bits, so four spellings decode to the same bytes: only the canonical
 * spelling is accepted, or a token would have several valid forms.
 */
function validMac(data: string, given: string): boolean {
  const givenBytes = Buffer.from(given, "base64url");
  if (givenBytes.toString("base64url") !== given) return false;
  let ok = false;
  for (const secret of secrets()) {
    const expected = crypto.createHmac("sha256", secret).update(data).digest();
    if (expected.length === givenBytes.length && crypto.timingSafeEqual(expected, givenBytes)) ok = true;
  }
  return ok;
}

export function mintAccessToken(user: { id: string }, now: number = Date.now(), sessionId?: string): string {
  const payload = Buffer.from(
    JSON.stringify({
      u: user.id,
      ...(sessionId ? { s: sessionId } : {}),
      e: Math.floor((now + ACCESS_TOKEN_LIFETIME_MS) / 1000),
      n: crypto.randomBytes(9).toString("base64url"),
    }),
  ).toString("base64url");
  return `${payload}.${mac(signer(), ACCESS_PREFIX + payload)}`;
}

/** The user id of a valid, unexpired token; null for anything else. */
export function verifyAccessToken(token: string | null | undefined, now: number = Date.now()): string | null {
  return verifyAccessClaims(token, now)?.userId ?? null;
}

/** The user and sign-in session of a valid, unexpired token; null for anything else. */
export function verifyAccessClaims(
  token: string | null | undefined,
  now: number = Date.now(),
): { userId: string; sessionId: string | null } | null {
  if (typeof token !== "string" || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split(".");
  if (parts.length !== 2) return null;
  const [payload, signature] = parts as [string, string];
  if (!/^[\w-]+$/.test(payload) || !/^[\w-]{43}$/.test(signature)) return null;
  if (!validMac(ACCESS_PREFIX + payload, signature)) return null;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (typeof claims !== "object" || claims === null) return null;
  const { u, e, s } = claims as { u?: unknown; e?: unknown; s?: unknown };
  if (typeof u !== "string" || u === "" || typeof e !== "number" || !Number.isFinite(e)) return null;
  if (now >= e * 1000) return null;
  return { userId: u, sessionId: typeof s === "string" && s !== "" ? s : null };
}

const searchData = (userId: string, nonce: string, expiry: string) =>
  `${SEARCH_PREFIX}${userId}\u0000${nonce}\u0000${expiry}`;

/** A search id only this user may join (spec 03: results of an object search arrive in its group). */
export function mintSearchId(userId: string, now: number = Date.now()): string {
  const nonce = crypto.randomBytes(12).toString("base64url");
  const expiry = (now + SEARCH_ID_LIFETIME_MS).toString(36);
  return `${nonce}.${expiry}.${mac(signer(), searchData(userId, nonce, expiry))}`;
}

export function ownsSearchId(userId: string, searchId: string, now: number = Date.now()): boolean {
  const parts = searchId.split(".");
  if (parts.length !== 3) return false;
  const [nonce, expiry, signature] = parts as [string, string, string];
  if (!/^[\w-]{16}$/.test(nonce) || !/^[0-9a-z]{1,12}$/.test(expiry) || !/^[\w-]{43}$/.test(signature)) {
    return false;
  }
  if (!validMac(searchData(userId, nonce, expiry), signature)) return false;
  return now < parseInt(expiry, 36);
}
