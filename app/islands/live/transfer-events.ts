import { useNavigation, useRevalidator } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { liveConnection } from "./connection";
import { useLiveConnection } from "./hooks";

/**
 * Calls `onEvent` when one of the transfer's live events arrives (spec 02 §4 "Live events"): the page joins the
 * transfer's group while mounted. `since` is when the page's data was read (its loader's clock): the join asks the
 * server for what the group was sent from then on, so an event between the render and the connection is not
 * missed. After a reconnect `onEvent` is called without a payload, since events may have been missed meanwhile.
 * Without JavaScript, or while the channel is down, pages fall back to their refresh.
 */
export function useTransferEvents(
  transferId: string,
  events: readonly string[],
  /** Gets the event's payload (undefined after a reconnect, when events may have been missed). */
  onEvent: (payload?: unknown) => void,
  { since, enabled = true }: { since?: number; enabled?: boolean } = {},
) {
  const state = useLiveConnection(enabled);
  const callback = useRef(onEvent);
  callback.current = onEvent;
  const sinceRef = useRef(since);
  sinceRef.current = since;
  /** The transfer this hook was connected for: connected again for the same one means a reconnect. */
  const connectedFor = useRef<string | null>(null);
  const eventsKey = events.join(",");
  useEffect(() => {
    if (!enabled || state !== "connected") return;
    const connection = liveConnection();
    const leave = connection.join(
      `transfer:${transferId}`,
      "JoinGroup",
      () => (sinceRef.current === undefined ? [transferId] : [transferId, sinceRef.current]),
      { method: "LeaveGroup", args: [transferId] },
    );
    const offs = eventsKey.split(",").map((name) =>
      connection.on(name, (payload: { transferId?: string } | undefined) => {
        if (!payload?.transferId || payload.transferId === transferId) callback.current(payload);
      }),
    );
    if (connectedFor.current === transferId) callback.current(undefined);
    connectedFor.current = transferId;
    return () => {
      leave();
      for (const off of offs) off();
    };
  }, [enabled, state, transferId, eventsKey]);
}

/** Calls `tick` every `ms` while `active` (a poll beside the live events, as spec 02 §4 asks for pending uploads). */
export function useInterval(active: boolean, ms: number, tick: () => void) {
  const callback = useRef(tick);
  callback.current = tick;
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => callback.current(), ms);
    return () => clearInterval(timer);
  }, [active, ms]);
}

/**
 * Reloads the page's data for a live event without getting in the way of the user: while a navigation or form
 * post is under way the reload waits until it has finished (a reload then would abort its loads, and a flash
 * toast read by an aborted load is lost); several events meanwhile make one reload.
 */
export function useLiveRevalidate(): () => void {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const [wanted, setWanted] = useState(false);
  const busy = navigation.state !== "idle" || revalidator.state !== "idle";
  useEffect(() => {
    if (!wanted || busy) return;
    setWanted(false);
    revalidator.revalidate();
  }, [wanted, busy, revalidator]);
  return useCallback(() => setWanted(true), []);
}
