// Group memberships re-checked after they were granted (docs/decisions/042). JoinGroup asks the scope once; a board
// seat that ends, a user deactivated or a transfer that leaves a scope must also end the events already flowing.
import type { Backplane } from "./backplane.server";
import { scopedActivityGroup, transferGroup } from "./events.server";
import type { Hub, Principal } from "./hub.server";
import type { PresenceStore, TransferActivityEvent } from "./presence.server";
import { getLog } from "../platform/log.server";

/** What a user may reach now; null for a user who is missing or no longer active. */
export interface LiveAccess {
  /** The user's units of scope (scope.server `scopeUnits`). */
  units: readonly string[];
  /** Of the transfers asked about, those in the user's scope. */
  transferIds: ReadonlySet<string>;
}

export interface AccessCheckOptions {
  hub: Pick<Hub, "connections" | "groups">;
  presence: PresenceStore;
  /** One read of the user's scope, answering for all the transfers their connections hold or watch. */
  accessOf(userId: string, transferIds: readonly string[]): Promise<LiveAccess | null>;
  /** Tells the co-workers a watcher left (the same event as StopWatchingTransfer). */
  watcherLeft(tenantId: string, event: TransferActivityEvent): Promise<void>;
  /** Period of the re-check of every connection on this instance; 0 disables the timer. */
  intervalMs: number;
  onError?: (error: unknown) => void;
}

export interface AccessCheck {
  /** Re-checks the connections of these users (all on this instance when none are named); the groups dropped. */
  check(userIds?: readonly string[]): Promise<number>;
  dispose(): void;
}

/** How often every open connection's groups are checked against the database (decision 042). */
export const ACCESS_CHECK_MS = 15_000;

const TRANSFER = transferGroup("");

/** User, search and tenant groups name the principal's own ids; only these two depend on the scope. */
function allowed(group: string, principal: Principal, access: LiveAccess | null): boolean {
  if (!access) return false;
  if (group.startsWith(TRANSFER)) return access.transferIds.has(group.slice(TRANSFER.length));
  const activity = scopedActivityGroup(principal.tenantId, "");
  if (group.startsWith(activity)) return access.units.includes(group.slice(activity.length));
  return true;
}

export function createAccessCheck(options: AccessCheckOptions): AccessCheck {
  const { hub, presence, accessOf, watcherLeft } = options;
  const onError =
    options.onError ?? ((error: unknown) => getLog().error({ err: error }, "live access check failed"));

  async function checkUser(
    userId: string,
    connections: ReadonlyArray<{ connectionId: string; principal: Principal }>,
    watching: readonly TransferActivityEvent[],
  ): Promise<number> {
    // The groups held now: a group joined while the scope is read was checked by its own join, and is not in the
    // question asked below, so it is left alone rather than dropped for want of an answer.
    const held = connections.map(({ connectionId, principal }) => ({
      connectionId,
      principal,
      groups: hub.groups.of(connectionId),
    }));
    const transferIds = [
      ...held
        .flatMap(({ groups }) => groups)
        .filter((group) => group.startsWith(TRANSFER))
        .map((group) => group.slice(TRANSFER.length)),
      ...watching.map((event) => event.transferId),
    ];
    const access = await accessOf(userId, [...new Set(transferIds)]);
    let dropped = 0;
    for (const { connectionId, principal, groups } of held) {
      for (const group of groups) {
        if (!allowed(group, principal, access) && hub.groups.remove(connectionId, group)) dropped++;
      }
    }
    const tenantId = connections[0]?.principal.tenantId;
    for (const event of watching) {
      if (tenantId === undefined || access?.transferIds.has(event.transferId)) continue;
      const removed = await presence.stopWatching(tenantId, event.transferId, userId);
      if (removed) await watcherLeft(tenantId, removed);
    }
    return dropped;
  }

  async function check(userIds?: readonly string[]): Promise<number> {
    const named = userIds ? new Set(userIds) : null;
    const byUser = new Map<string, Array<{ connectionId: string; principal: Principal }>>();
    for (const connection of hub.connections()) {
      const { userId } = connection.principal;
      if (named && !named.has(userId)) continue;
      byUser.set(userId, [...(byUser.get(userId) ?? []), connection]);
    }
    // One presence read per tenant, not per user, finds where each user is still shown as watching.
    const watching = new Map<string, TransferActivityEvent[]>();
    const tenants = new Set([...byUser.values()].map((list) => list[0]!.principal.tenantId));
    for (const tenantId of tenants) {
      for (const event of await presence.list(tenantId)) {
        if (byUser.has(event.userId))
          watching.set(event.userId, [...(watching.get(event.userId) ?? []), event]);
      }
    }
    let dropped = 0;
    for (const [userId, connections] of byUser) {
      try {
        dropped += await checkUser(userId, connections, watching.get(userId) ?? []);
      } catch (error) {
        onError(error);
      }
    }
    return dropped;
  }

  let running = false;
  const timer =
    options.intervalMs > 0
      ? setInterval(() => {
          // A slow tick is not stacked on; the next one starts when it is done.
          if (running) return;
          running = true;
          void check()
            .catch(onError)
            .finally(() => (running = false));
        }, options.intervalMs)
      : null;
  timer?.unref();

  return {
    check,
    dispose() {
      if (timer) clearInterval(timer);
    },
  };
}

/** The backplane channel of the nudge, beside the hub's own channel: it reaches every instance. */
export const ACCESS_CHANNEL = "live-access";

/** Publishes the nudge (LivePublisher `accessChanged`). */
export function announceAccessChanged(backplane: Backplane, userIds?: readonly string[]): Promise<void> {
  return backplane.publish(ACCESS_CHANNEL, JSON.stringify(userIds ? { users: [...userIds] } : {}));
}

/** Runs the check on this instance for every nudge that any instance announces. */
export function listenForAccessChanges(
  backplane: Backplane,
  access: AccessCheck,
  onError: (e: unknown) => void,
) {
  return backplane.subscribe((channel, message) => {
    if (channel !== ACCESS_CHANNEL) return;
    try {
      const { users } = JSON.parse(message) as { users?: unknown };
      const named = Array.isArray(users)
        ? users.filter((u): u is string => typeof u === "string")
        : undefined;
      void access.check(named).catch(onError);
    } catch (error) {
      onError(error);
    }
  });
}
