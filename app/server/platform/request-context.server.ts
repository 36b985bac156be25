import { AsyncLocalStorage } from "node:async_hooks";
import crypto from "node:crypto";

/**
 * What is known of the request a piece of server code runs for: its id (returned as X-Request-Id, on every log
 * line and shown on error pages as the error code), the Remix route that answered and the signed-in user. Set by
 * server.js around the whole request; the route wrappers and the session fill in the rest as they learn it.
 */
export interface RequestScope {
  readonly requestId: string;
  routeId?: string;
  userId?: string;
  tenantId?: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

/** The current request's scope, or undefined outside a request (jobs, start-up, tests calling a loader bare). */
export function currentRequest(): RequestScope | undefined {
  return storage.getStore();
}

export function runInRequest<T>(scope: RequestScope, fn: () => T): T {
  return storage.run(scope, fn);
}

/** The route that answers: the deepest of those whose loader or action ran (a longer id is a nested route). */
export function noteRoute(routeId: string): void {
  const scope = storage.getStore();
  if (scope && (!scope.routeId || routeId.length > scope.routeId.length)) scope.routeId = routeId;
}

export function noteUser(user: { id: string; tenantId: string }): void {
  const scope = storage.getStore();
  if (scope) {
    scope.userId = user.id;
    scope.tenantId = user.tenantId;
  }
}

/** Letters a support person can read out over the telephone: no 0/O or 1/I/L. */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const INCOMING = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id of a new request: the proxy's X-Request-Id when the proxy is trusted (TRUST_PROXY=1) and the id is a
 * plain token (letters, digits, `._:-`, 8-128 characters), so a proxy's log and ours name the same request;
 * otherwise, or when it carries anything else (control characters, spaces, a forged header from a client), a new
 * one of 12 characters.
 */
export function requestIdOf(incoming: string | undefined, { trustProxy }: { trustProxy: boolean }): string {
  if (trustProxy && incoming && INCOMING.test(incoming)) return incoming;
  const bytes = crypto.randomBytes(12);
  let id = "";
  for (const byte of bytes) id += ALPHABET[byte % ALPHABET.length];
  return id;
}
