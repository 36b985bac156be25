import { useRouteLoaderData } from "@remix-run/react";

/**
 * How often, in seconds, a page waiting for an analysis refreshes itself: its own interval, unless the server sets
 * PAGE_REFRESH_SECONDS (test servers, so that the browser tests need not wait out the product's intervals). The
 * root loader passes the setting; without a root (component tests) the page's own interval.
 */
export function usePageRefreshSeconds(ownSeconds: number): number {
  const root = useRouteLoaderData("root") as
    { settings?: { pageRefreshSeconds?: number | null } } | undefined;
  return root?.settings?.pageRefreshSeconds ?? ownSeconds;
}
