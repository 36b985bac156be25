import { useState } from "react";
import type { Duplicate, Duplicates } from "./types";

/** With JavaScript: the possible duplicates of the chosen object, asked for as soon as it is chosen. */
export function useDuplicateCheck() {
  const [check, setCheck] = useState<
    { phase: "idle" } | { phase: "checking"; objectId: string } | { phase: "done"; result: Duplicates }
  >({ phase: "idle" });
  const run = (objectId: string) => {
    setCheck({ phase: "checking", objectId });
    void fetch(`/api/core/propertyManagers/transfers/existing?objectId=${encodeURIComponent(objectId)}`, {
      headers: { Accept: "application/json" },
    })
      .then(async (answer) =>
        answer.ok ? ((await answer.json()) as { possibleDuplicates: Duplicate[] }).possibleDuplicates : [],
      )
      // A failed check is not a refusal: the create post checks again and asks then.
      .catch(() => [] as Duplicate[])
      .then((list) =>
        setCheck((c) =>
          c.phase === "checking" && c.objectId === objectId
            ? { phase: "done", result: { objectId, list } }
            : c,
        ),
      );
  };
  return { check, run, reset: () => setCheck({ phase: "idle" }) };
}
