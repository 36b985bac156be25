import { useEffect, useState } from "react";
import type { TransferActivityEvent } from "~/lib/activity";
import { liveConnection } from "./connection";
import { useLiveConnection } from "./hooks";

export type ActivityEvent = TransferActivityEvent;

/** Events live 180 s plus 30 s grace after their last update (spec 01 §9). */
const LIFETIME_MS = 210_000;
/** How often this page tells the hub it still watches a transfer (spec: "not shown"; docs/spec-choices.md). */
export const WATCH_ANNOUNCE_MS = 60_000;

export interface Me {
  id: string;
  tenantId: string;
  firstName: string;
  lastName: string;
}

/**
 * Co-workers per transfer, live: the tenant's activity group gives the whole list on join and every change
 * after. Null until the connection is up, so the server-rendered presence stays until then.
 */
export function useTenantPresence(me: Me | null): Map<string, ActivityEvent[]> | null {
  const state = useLiveConnection(me !== null);
  const meKey = me ? `${me.id}|${me.tenantId}` : null;
  const [events, setEvents] = useState<Map<string, ActivityEvent> | null>(null);

  useEffect(() => {
    if (!meKey) return;
    const connection = liveConnection();
    const offAll = connection.on("transferActivityEvents", (list: ActivityEvent[]) => {
      setEvents(new Map(list.map((e) => [e.id, e])));
    });
    const offUpdated = connection.on("transferActivityEventUpdated", (event: ActivityEvent) => {
      setEvents((current) => {
        const next = new Map(current ?? []);
        for (const [id, e] of next)
          if (e.userId === event.userId && e.transferId === event.transferId) next.delete(id);
        next.set(event.id, event);
        return next;
      });
    });
    const offDeleted = connection.on("transferActivityEventDeleted", (event: ActivityEvent) => {
      setEvents((current) => {
        if (!current) return current;
        const next = new Map(current);
        next.delete(event.id);
        return next;
      });
    });
    const leave = connection.join("tenant-activity", "JoinTenantTransferActivityGroup", [], {
      method: "LeaveTenantTransferActivityGroup",
      args: [],
    });
    // Expired events are also dropped here, in case the deletion was missed while reconnecting.
    const prune = setInterval(() => {
      setEvents((current) => {
        if (!current) return current;
        const cutoff = Date.now() - LIFETIME_MS;
        const next = new Map([...current].filter(([, e]) => Date.parse(e.updatedAt) >= cutoff));
        return next.size === current.size ? current : next;
      });
    }, 15_000);
    return () => {
      offAll();
      offUpdated();
      offDeleted();
      leave();
      clearInterval(prune);
    };
  }, [meKey]);

  if (state !== "connected" || events === null || !me) return null;
  const byTransfer = new Map<string, ActivityEvent[]>();
  for (const event of events.values()) {
    if (event.userId === me.id) continue;
    const list = byTransfer.get(event.transferId) ?? [];
    list.push(event);
    byTransfer.set(event.transferId, list);
  }
  return byTransfer;
}

/** While a transfer page is open the user announces watching it; leaving the page says so. */
export function useWatchTransfer(me: Me | null, transferId: string) {
  const state = useLiveConnection(me !== null);
  const meKey = me ? [me.tenantId, me.id, me.firstName, me.lastName].join("\u0000") : null;
  useEffect(() => {
    if (!meKey || state !== "connected") return;
    const connection = liveConnection();
    const [tenantId = "", userId = "", firstName = "", lastName = ""] = meKey.split("\u0000");
    const args = [tenantId, transferId, userId, firstName, lastName];
    const announce = () => {
      if (document.visibilityState === "visible")
        void connection.invoke("WatchingTransfer", ...args).catch(() => undefined);
    };
    announce();
    const timer = setInterval(announce, WATCH_ANNOUNCE_MS);
    const stop = () =>
      void connection.invoke("StopWatchingTransfer", tenantId, transferId, userId).catch(() => undefined);
    window.addEventListener("pagehide", stop);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", stop);
      stop();
    };
  }, [meKey, state, transferId]);
}
