import { useState } from "react";
import { useRouteLoaderData } from "@remix-run/react";

/**
 * Whether the page has hydrated. An error page rendered by the server (and its hydration) shows the id of the
 * request that failed, from the root loader of that same request; one that appears after a client-side
 * navigation came from other fetches whose ids the page does not know, so it shows the status alone rather than
 * a wrong id.
 */
let hydrated = false;

/** Called once by the document after hydration. */
export function markHydrated(): void {
  hydrated = true;
}

/** The id of the request this error page answers (its X-Request-Id and log lines), when the page knows it. */
export function useFailedRequestId(): string | null {
  const root = useRouteLoaderData("root") as { requestId?: string | null } | undefined;
  const [id] = useState(() => (hydrated ? null : (root?.requestId ?? null)));
  return id;
}
