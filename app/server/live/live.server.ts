// The live channel of this process (docs/decisions/009): the hub behind /api/ws, the product's hub methods,
// presence and the typed publisher. Created on first use and kept on globalThis, so that Remix's dev
// reloads keep the open connections and timers instead of starting a second hub beside the first.
import { getDb } from "../db/db.server";
import {
  findScopedTransfer,
  scopeUnits,
  transferScopeUnits,
  viewerFor,
  visibleTransferIds,
} from "../domain/transfers/scope.server";
import { getUserById, type User } from "../domain/users.server";
import { getEnv } from "../platform/env.server";
import {
  ACCESS_CHECK_MS,
  announceAccessChanged,
  createAccessCheck,
  listenForAccessChanges,
  type AccessCheck,
  type LiveAccess,
} from "./access.server";
import { createInProcessBackplane, type Backplane } from "./backplane.server";
import { createDatabasePresence } from "./db-presence.server";
import { createLivePublisher, transferGroup, type LivePublisher } from "./events.server";
import { createHub, type Hub, type Principal } from "./hub.server";
import { createProductMethods, type ProductMethods } from "./methods.server";
import type { PresenceStore } from "./presence.server";
import { createRedisBackplane, createRedisPresence } from "./redis.server";
import { ownsSearchId, verifyAccessClaims } from "./tokens.server";
import { sessionIsActive } from "../platform/session.server";
import { getLog } from "../platform/log.server";
import { untraced } from "../platform/tracing.server";

export interface Live {
  hub: Hub;
  presence: PresenceStore;
  methods: ProductMethods;
  publisher: LivePublisher;
  /** Re-checks the open connections' groups on this instance (what a nudge or the timer runs). */
  access: AccessCheck;
  /** Resolves when the backplane listens (at once in process; after SUBSCRIBE with Redis). */
  ready: Promise<void>;
}

interface LiveState {
  live: Live;
  close(): Promise<void>;
}

declare global {
  var __live: LiveState | undefined;
}

export function principalOf(user: User): Principal | null {
  if (user.status !== "Active") return null;
  return { userId: user.id, tenantId: user.tenantId, firstName: user.firstName, lastName: user.lastName };
}

/** Token to principal; read fresh from the users table, so a deactivated user is refused at once. */
async function authenticate(token: string | null): Promise<Principal | null> {
  const claims = verifyAccessClaims(token);
  if (!claims) return null;
  // A token outlives nothing: the session it was minted for must still be alive (log-out ends the channel).
  if (!claims.sessionId || !(await sessionIsActive(claims.sessionId))) return null;
  const user = await getUserById(getDb(), claims.userId);
  const principal = user ? principalOf(user) : null;
  return principal && { ...principal, sessionId: claims.sessionId };
}

/** Ends this instance's connections whose session or user has ended since they connected. */
export async function closeEndedSessions(hub: Hub): Promise<number> {
  let closed = 0;
  const checked = new Map<string, boolean>();
  for (const { connectionId, principal } of hub.connections()) {
    const key = `${principal.sessionId ?? ""}:${principal.userId}`;
    let alive = checked.get(key);
    if (alive === undefined) {
      const user = principal.sessionId ? await getUserById(getDb(), principal.userId) : null;
      alive = Boolean(
        principal.sessionId && user?.status === "Active" && (await sessionIsActive(principal.sessionId)),
      );
      checked.set(key, alive);
    }
    if (!alive && hub.closeConnection(connectionId, { error: "Session ended", allowReconnect: false }))
      closed++;
  }
  return closed;
}

/** How often open connections are checked against their sessions. */
export const SESSION_CHECK_MS = 15_000;

async function canSeeTransfer(principal: Principal, transferId: string): Promise<boolean> {
  const db = getDb();
  const user = await getUserById(db, principal.userId);
  if (!user || user.status !== "Active") return false;
  return (await findScopedTransfer(db, await viewerFor(db, user), transferId)) !== null;
}

async function scopeUnitsOf(principal: Principal): Promise<string[]> {
  const db = getDb();
  const user = await getUserById(db, principal.userId);
  if (!user || user.status !== "Active") return [];
  return scopeUnits(await viewerFor(db, user));
}

/** One read of the user and their boards, and one query for all the transfers asked about. */
async function accessOf(userId: string, transferIds: readonly string[]): Promise<LiveAccess | null> {
  const db = getDb();
  const user = await getUserById(db, userId);
  if (!user || user.status !== "Active") return null;
  const viewer = await viewerFor(db, user);
  return { units: scopeUnits(viewer), transferIds: await visibleTransferIds(db, viewer, transferIds) };
}

function create(): LiveState {
  const { REDIS_URL: redisUrl, LIVE_ACCESS_CHECK_MS } = getEnv();
  let backplane: Backplane;
  let ready: Promise<void> = Promise.resolve();
  let presence: PresenceStore;
  let closePresence = async () => {};
  if (redisUrl) {
    const redisBackplane = createRedisBackplane(redisUrl);
    backplane = redisBackplane;
    ready = redisBackplane.ready;
    const redisPresence = createRedisPresence(redisUrl);
    presence = redisPresence;
    closePresence = () => redisPresence.close();
  } else {
    backplane = createInProcessBackplane();
    presence = createDatabasePresence(getDb);
  }
  // Only a transfer's events are replayed to a page that joins late (methods.server JoinGroup); presence, searches
  // and a user's own counters are not kept.
  const hub = createHub({
    authenticate,
    backplane,
    replayable: (group) => group.startsWith(transferGroup("")),
  });
  const methods = createProductMethods({
    hub,
    presence,
    canSeeTransfer,
    scopeUnitsOf,
    transferUnits: (ids) => transferScopeUnits(getDb(), ids),
    ownsSearch: (principal, searchId) => ownsSearchId(principal.userId, searchId),
  });
  hub.addMethods(methods.methods);
  const onAccessError = (error: unknown) => getLog().error({ err: error }, "live access check failed");
  const access = createAccessCheck({
    hub,
    presence,
    accessOf,
    watcherLeft: methods.watcherLeft,
    intervalMs: LIVE_ACCESS_CHECK_MS ?? ACCESS_CHECK_MS,
    onError: onAccessError,
  });
  const stopListening = listenForAccessChanges(backplane, access, onAccessError);
  const sessionCheck = setInterval(
    () =>
      void closeEndedSessions(hub).catch((error) =>
        getLog().error({ err: error }, "live session check failed"),
      ),
    SESSION_CHECK_MS,
  );
  sessionCheck.unref();
  const publisher = createLivePublisher(hub, (userIds) => announceAccessChanged(backplane, userIds));
  const live: Live = { hub, presence, methods, publisher, access, ready };
  return {
    live,
    async close() {
      clearInterval(sessionCheck);
      stopListening();
      access.dispose();
      methods.dispose();
      await hub.close();
      await backplane.close();
      await closePresence();
    },
  };
}

export function getLive(): Live {
  // Started by whichever request first needs it: its timers (the access and session checks) are not that request's.
  globalThis.__live ??= untraced(create);
  return globalThis.__live.live;
}

/** Ends every connection and releases timers and Redis connections; the next getLive() starts afresh. */
export async function closeLive(): Promise<void> {
  const state = globalThis.__live;
  globalThis.__live = undefined;
  await state?.close();
}
