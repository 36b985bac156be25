import type { ActionFunction, ServerBuild } from "@remix-run/node";
import { isCrossSiteWrite } from "./security.server";

/** Wraps every route action so that a write from another site is refused before the action runs. */
export function protectRoutes(routes: ServerBuild["routes"]): ServerBuild["routes"] {
  const protectedRoutes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(routes)) {
    const original = route.module.action as ActionFunction | undefined;
    protectedRoutes[id] = original
      ? { ...route, module: { ...route.module, action: guardAction(original) } }
      : route;
  }
  return protectedRoutes;
}

export function guardAction(action: ActionFunction): ActionFunction {
  return async (args) => {
    if (isCrossSiteWrite(args.request)) {
      throw new Response("Forbidden: cross-site request", { status: 403, statusText: "Forbidden" });
    }
    return action(args);
  };
}
