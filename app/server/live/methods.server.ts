// The product's hub methods (spec 01 §7, 02 §7, 03 §7). Authorization comes from the domain.
import {
  createEventPublisher,
  scopedActivityGroup,
  searchGroup,
  tenantGroup,
  transferGroup,
  userGroup,
} from "./events.server";
import { HubError, type Hub, type HubContext, type HubMethods, type Principal } from "./hub.server";
import type { PresenceStore, TransferActivityEvent } from "./presence.server";
import { getLog } from "../platform/log.server";

export const GROUP_NOT_ALLOWED = "Group not allowed";
export const NOT_ALLOWED = "Not allowed";
export const INVALID_ARGUMENTS = "Invalid arguments";

export interface ProductMethodsOptions {
  /** False for unknown transfers and for transfers outside the user's scope alike. */
  canSeeTransfer(principal: Principal, transferId: string): Promise<boolean>;
  ownsSearch(principal: Principal, searchId: string): boolean;
  /** The principal's units of scope (scope.server `scopeUnits`), read fresh when a list is joined. */
  scopeUnitsOf(principal: Principal): Promise<string[]>;
  /** Each transfer's units of scope; a missing transfer has none, so its presence reaches nobody. */
  transferUnits(transferIds: readonly string[]): Promise<Map<string, string[]>>;
  presence: PresenceStore;
  hub: Hub;
  /** Period of the presence expiry sweep; 0 disables the timer. */
  presenceSweepMs?: number;
  now?: () => number;
  onSweepError?: (error: unknown) => void;
}

export interface ProductMethods {
  methods: HubMethods;
  /** A page load of a transfer counts as watching it (server-rendered presence). */
  watchTransfer(principal: Principal, transferId: string): Promise<TransferActivityEvent>;
  /** Tells the watcher's co-workers that a removed presence event has ended (as StopWatchingTransfer does). */
  watcherLeft(tenantId: string, event: TransferActivityEvent): Promise<void>;
  /** Removes expired presence and tells the tenants; returns how many expired. */
  sweepPresence(now?: number): Promise<number>;
  dispose(): void;
}

const MAX_ID_LENGTH = 200;
/**
 * A page's `since` comes from the clock of the instance that rendered it, the replayed messages' times from the
 * clock of the instance that delivers them; this much earlier covers the instances' clock difference. A message
 * replayed twice costs the page one more reload; one missed leaves it stale.
 */
export const REPLAY_CLOCK_MARGIN_MS = 500;

function id(value: unknown): string {
  if (typeof value !== "string" || value === "" || value.length > MAX_ID_LENGTH) {
    throw new HubError(INVALID_ARGUMENTS);
  }
  return value;
}

export function createProductMethods(options: ProductMethodsOptions): ProductMethods {
  const { canSeeTransfer, ownsSearch, scopeUnitsOf, transferUnits, presence, hub } = options;
  const live = createEventPublisher(hub);
  const now = options.now ?? (() => Date.now());

  /** The group a client-supplied id names, or null when this user may not join it. */
  async function allowedGroup(principal: Principal, name: string): Promise<string | null> {
    if (name === principal.userId) return userGroup(name);
    if (ownsSearch(principal, name)) return searchGroup(name);
    // Spec 03 §7: the private flow joins its tenant's group once connected.
    if (name === principal.tenantId) return tenantGroup(name);
    if (await canSeeTransfer(principal, name)) return transferGroup(name);
    return null;
  }

  function requireSelf(principal: Principal, tenant: unknown, userId: unknown): void {
    if (id(tenant) !== principal.tenantId || id(userId) !== principal.userId) {
      throw new HubError(NOT_ALLOWED);
    }
  }

  async function watch(principal: Principal, transferId: string): Promise<TransferActivityEvent> {
    const { event } = await presence.watch(principal.tenantId, {
      transferId,
      userId: principal.userId,
      firstName: principal.firstName,
      lastName: principal.lastName,
    });
    await publishActivity(principal.tenantId, event, "transferActivityEventUpdated");
    return event;
  }

  /** A presence change goes to the watcher's co-workers whose scope holds the transfer, and to nobody else. */
  async function publishActivity(
    tenantId: string,
    event: TransferActivityEvent,
    name: "transferActivityEventUpdated" | "transferActivityEventDeleted",
  ): Promise<void> {
    const units = (await transferUnits([event.transferId])).get(event.transferId) ?? [];
    await Promise.all(units.map((unit) => live.publish(scopedActivityGroup(tenantId, unit), name, event)));
  }

  const methods: HubMethods = {
    /**
     * `since` (optional): when the page was rendered (ms since the epoch, from its loader). What the group was
     * sent from then until this join is sent again, so a page that renders, then connects, misses nothing.
     */
    async JoinGroup({ principal, connectionId, hub: h }: HubContext, name: unknown, since?: unknown) {
      if (since !== undefined && since !== null && (typeof since !== "number" || !Number.isFinite(since))) {
        throw new HubError(INVALID_ARGUMENTS);
      }
      const group = await allowedGroup(principal, id(name));
      if (!group) throw new HubError(GROUP_NOT_ALLOWED);
      h.groups.add(connectionId, group);
      if (typeof since === "number") h.groups.replay(connectionId, group, since - REPLAY_CLOCK_MARGIN_MS);
    },

    // Leaving needs no permission: a user who has lost access must still be able to leave.
    async LeaveGroup({ connectionId, hub: h }: HubContext, name: unknown) {
      const value = id(name);
      for (const group of [userGroup, searchGroup, tenantGroup, transferGroup]) {
        h.groups.remove(connectionId, group(value));
      }
    },

    async JoinTenantTransferActivityGroup({ principal, connectionId, hub: h }: HubContext) {
      const mine = await scopeUnitsOf(principal);
      for (const unit of mine) h.groups.add(connectionId, scopedActivityGroup(principal.tenantId, unit));
      const events = await presence.list(principal.tenantId);
      const units = await transferUnits(events.map((e) => e.transferId));
      const visible = events.filter((e) => (units.get(e.transferId) ?? []).some((u) => mine.includes(u)));
      h.sendToConnection(connectionId, "transferActivityEvents", visible);
    },

    async LeaveTenantTransferActivityGroup({ principal, connectionId, hub: h }: HubContext) {
      // Every unit joined, also one the principal has lost since (a board engagement that ended).
      const prefix = scopedActivityGroup(principal.tenantId, "");
      for (const group of h.groups.of(connectionId)) {
        if (group.startsWith(prefix)) h.groups.remove(connectionId, group);
      }
    },

    // The names come from the session, not from the client; the ids must be the caller's own.
    async WatchingTransfer({ principal }: HubContext, tenant: unknown, transferId: unknown, userId: unknown) {
      requireSelf(principal, tenant, userId);
      const transfer = id(transferId);
      if (!(await canSeeTransfer(principal, transfer))) throw new HubError(NOT_ALLOWED);
      await watch(principal, transfer);
    },

    async StopWatchingTransfer(
      { principal }: HubContext,
      tenant: unknown,
      transferId: unknown,
      userId: unknown,
    ) {
      requireSelf(principal, tenant, userId);
      const removed = await presence.stopWatching(principal.tenantId, id(transferId), principal.userId);
      if (removed) await publishActivity(principal.tenantId, removed, "transferActivityEventDeleted");
    },
  };

  async function sweepPresence(at = now()): Promise<number> {
    const expired = await presence.sweep(at);
    await Promise.all(
      expired.map(({ tenantId, event }) => publishActivity(tenantId, event, "transferActivityEventDeleted")),
    );
    return expired.length;
  }

  const sweepMs = options.presenceSweepMs ?? 10_000;
  const onSweepError =
    options.onSweepError ?? ((error: unknown) => getLog().error({ err: error }, "presence sweep failed"));
  const timer = sweepMs > 0 ? setInterval(() => void sweepPresence().catch(onSweepError), sweepMs) : null;
  timer?.unref();

  return {
    methods,
    watchTransfer: watch,
    watcherLeft: (tenantId, event) => publishActivity(tenantId, event, "transferActivityEventDeleted"),
    sweepPresence,
    dispose() {
      if (timer) clearInterval(timer);
    },
  };
}
