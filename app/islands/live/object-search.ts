import { useCallback, useEffect, useRef, useState } from "react";
import { liveConnection } from "./connection";
import { useLiveConnection } from "./hooks";

/**
 * An object search whose hits stream in over the live channel (spec 03 §7, decision 039): the page holds a search id
 * the server signed for this user and has joined its group before it searches, so no hit is missed; each answer
 * (202) brings the id for the next search, joined at once. Events of an earlier search are ignored. While the
 * channel is not connected, `live` is false and the page keeps its form post (the server waits for the managers).
 */

export type LiveHit = { objectId: string; name: string; propertyManagerId: string };
export type LiveSearchState =
  | { phase: "idle" }
  | { phase: "searching"; hits: LiveHit[] }
  | { phase: "done"; status: "completed" | "limitedCompleted"; hits: LiveHit[] }
  | { phase: "failed" };

type FoundEvent = {
  searchId: string;
  propertyManagerId: string;
  results: Array<{ objectId: string; name: string }>;
};
type CompletedEvent = {
  searchId: string;
  status: "completed" | "limitedCompleted";
  results: Record<string, Array<{ objectId: string; name: string }>>;
};

/** How long past the server's own time limit the page waits for the completion before it stops waiting. */
const GRACE_MS = 5_000;

const hitsOf = (results: CompletedEvent["results"]): LiveHit[] =>
  Object.entries(results).flatMap(([propertyManagerId, list]) =>
    list.map((hit) => ({ objectId: hit.objectId, name: hit.name, propertyManagerId })),
  );

export function useLiveObjectSearch({
  url,
  firstSearchId,
  limitMs,
  enabled = true,
}: {
  /** The search call: POST api/core/search/propertyObjects or api/core/privateAgreements/searchUserObjects. */
  url: string;
  /** Minted by the page's loader for this user. */
  firstSearchId: string;
  /** The server's search time limit. */
  limitMs: number;
  enabled?: boolean;
}) {
  const connection = useLiveConnection(enabled);
  const nextRef = useRef<string | null>(firstSearchId);
  const [state, setState] = useState<LiveSearchState>({ phase: "idle" });
  const current = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const live = enabled && connection === "connected";
  // The groups this page has joined: the next search's (ahead of it) and the running one's, until it ends.
  const joined = useRef(new Map<string, () => void>());
  const join = useCallback((id: string) => {
    if (joined.current.has(id)) return;
    joined.current.set(
      id,
      liveConnection().join(`search:${id}`, "JoinGroup", [id], { method: "LeaveGroup", args: [id] }),
    );
  }, []);
  const leave = useCallback((id: string | null) => {
    if (!id) return;
    joined.current.get(id)?.();
    joined.current.delete(id);
  }, []);
  useEffect(() => {
    const groups = joined.current;
    return () => {
      for (const off of groups.values()) off();
      groups.clear();
    };
  }, []);

  useEffect(() => {
    if (!live) return;
    if (nextRef.current) join(nextRef.current);
    const conn = liveConnection();
    const offFound = conn.on("propertyMangerSearchResultFound", (event: FoundEvent | undefined) => {
      if (!event || event.searchId !== current.current) return;
      const found = event.results.map((hit) => ({ ...hit, propertyManagerId: event.propertyManagerId }));
      setState((s) =>
        s.phase === "searching"
          ? {
              phase: "searching",
              hits: [...s.hits, ...found.filter((h) => !s.hits.some((x) => x.objectId === h.objectId))],
            }
          : s,
      );
    });
    const offDone = conn.on("searchPropertyObjectCompleted", (event: CompletedEvent | undefined) => {
      if (!event || event.searchId !== current.current) return;
      clearTimeout(timer.current);
      leave(event.searchId);
      current.current = null;
      setState({ phase: "done", status: event.status, hits: hitsOf(event.results) });
    });
    return () => {
      offFound();
      offDone();
    };
  }, [live, join, leave]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // A search id is used once: while a search call is on its way the next id is not known yet, so a newer
  // search waits for it (only the newest waiting one runs).
  const waiting = useRef<Record<string, unknown> | null>(null);

  const search = useCallback(
    async function start(body: Record<string, unknown>): Promise<void> {
      const searchId = nextRef.current;
      clearTimeout(timer.current);
      setState({ phase: "searching", hits: [] });
      if (!searchId) {
        waiting.current = body;
        return;
      }
      nextRef.current = null;
      leave(current.current);
      current.current = searchId;
      let answer: Response | null = null;
      try {
        answer = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ ...body, searchId }),
        });
      } catch {
        answer = null;
      }
      const nextSearchId =
        answer?.status === 202
          ? ((await answer.json().catch(() => ({}))) as { nextSearchId?: string }).nextSearchId
          : undefined;
      if (nextSearchId) {
        nextRef.current = nextSearchId;
        join(nextSearchId);
      }
      const queued = waiting.current;
      waiting.current = null;
      if (queued && nextSearchId) return start(queued);
      if (current.current !== searchId) return;
      if (!nextSearchId) {
        leave(searchId);
        current.current = null;
        setState({ phase: "failed" });
        return;
      }
      // The server ends every search by its time limit; should its completion be lost, stop waiting anyway.
      timer.current = setTimeout(() => {
        if (current.current !== searchId) return;
        leave(searchId);
        current.current = null;
        setState((s) =>
          s.phase === "searching" ? { phase: "done", status: "limitedCompleted", hits: s.hits } : s,
        );
      }, limitMs + GRACE_MS);
    },
    [url, limitMs, join, leave],
  );

  const reset = useCallback(() => {
    leave(current.current);
    current.current = null;
    waiting.current = null;
    clearTimeout(timer.current);
    setState({ phase: "idle" });
  }, [leave]);

  return { live, state, search, reset };
}
