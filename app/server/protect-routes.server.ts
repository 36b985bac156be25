import type { ActionFunction, LoaderFunction, ServerBuild } from "@remix-run/node";
import { bindLoaderRequest } from "./request-memo.server";
import { isCrossSiteWrite } from "./security.server";

/**
 * Wraps every route action so that a write from another site is refused before the action runs, and every
 * loader so that the loaders of one request share their per-request memo (request-memo.server).
 */
export function protectRoutes(routes: ServerBuild["routes"]): ServerBuild["routes"] {
  const protectedRoutes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(routes)) {
    const action = route.module.action as ActionFunction | undefined;
    const loader = route.module.loader as LoaderFunction | undefined;
    if (!action && !loader) {
      protectedRoutes[id] = route;
      continue;
    }
    const module = { ...route.module };
    if (action) module.action = guardAction(action);
    if (loader) module.loader = shareLoads(loader);
    protectedRoutes[id] = { ...route, module };
  }
  return protectedRoutes;
}

export function shareLoads(loader: LoaderFunction): LoaderFunction {
  return (args) => {
    bindLoaderRequest(args.request, args.context);
    return loader(args);
  };
}

export function guardAction(action: ActionFunction): ActionFunction {
  return async (args) => {
    if (isCrossSiteWrite(args.request)) {
      throw new Response("Forbidden: cross-site request", { status: 403, statusText: "Forbidden" });
    }
    return action(args);
  };
}
