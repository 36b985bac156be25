import { useEffect, useState } from "react";
import { liveConnection, type LiveState } from "./connection";

/** Holds the page's live connection while the component is mounted and reports its state. */
export function useLiveConnection(enabled = true): LiveState {
  const [state, setState] = useState<LiveState>("disconnected");
  useEffect(() => {
    if (!enabled) return;
    const connection = liveConnection();
    const unsubscribe = connection.subscribe(setState);
    const release = connection.acquire();
    return () => {
      unsubscribe();
      release();
    };
  }, [enabled]);
  return state;
}
