import type { ActionFunction, LoaderFunction, ServerBuild } from "@remix-run/node";
import { bindLoaderRequest } from "./request-memo.server";
import { cameOverHttps, isCrossSiteWrite, securityHeaders, servedFileHeaders } from "./security.server";
import { getEnv } from "./env.server";
import { noteRoute } from "./request-context.server";
import { redirectToUnavailable, UNAVAILABLE_STATUSES } from "./unavailable.server";

/**
 * Wraps every route action so that a write from another site is refused before the action runs, every loader so
 * that the loaders of one request share their per-request memo (request-memo.server), and every answer of a
 * resource route (the JSON API, the live channel) so that it is never sniffed as another type nor cached
 * (decision 012, Headers). Documents get the same headers from entry.server.tsx. A page whose load answers 403 or
 * 503 leads to /unavailable (spec 01 §8), unless the page is about that status itself (`handle.ownStatus`).
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
    const resource = !route.module.default;
    if (action) module.action = named(id, guardAction(resource ? personalAnswers(action) : action));
    const ownStatus = (route.module.handle as { ownStatus?: boolean } | undefined)?.ownStatus === true;
    if (loader)
      module.loader = named(
        id,
        shareLoads(resource ? personalAnswers(loader) : ownStatus ? loader : unavailableOnRefusal(loader)),
      );
    protectedRoutes[id] = { ...route, module };
  }
  return protectedRoutes;
}

/** The request's log lines and metrics name the route that answered (its id, never the path). */
function named<F extends LoaderFunction | ActionFunction>(id: string, fn: F): F {
  return ((args: Parameters<F>[0]) => {
    noteRoute(id);
    return fn(args as never);
  }) as F;
}

export function shareLoads(loader: LoaderFunction): LoaderFunction {
  return (args) => {
    bindLoaderRequest(args.request, args.context);
    return loader(args);
  };
}

export function guardAction(action: ActionFunction): ActionFunction {
  return async (args) => {
    if (isCrossSiteWrite(args.request, { trustProxy: getEnv().trustProxy })) {
      throw new Response("Forbidden: cross-site request", { status: 403, statusText: "Forbidden" });
    }
    return action(args);
  };
}

/**
 * A resource route's answers, returned or thrown: nosniff, and no-store unless the route chose its caching; over
 * https, Strict-Transport-Security as on pages; an answer that serves a file (it names one in Content-Disposition) is
 * sandboxed, whichever route made it.
 */
export function personalAnswers<F extends LoaderFunction | ActionFunction>(fn: F): F {
  const mark = (value: unknown, request: Request) => {
    if (value instanceof Response) {
      if (!value.headers.has("Cache-Control")) value.headers.set("Cache-Control", "no-store");
      value.headers.set("X-Content-Type-Options", "nosniff");
      if (cameOverHttps(request, { trustProxy: getEnv().trustProxy })) {
        value.headers.set(
          "Strict-Transport-Security",
          securityHeaders({ https: true })["Strict-Transport-Security"]!,
        );
      }
      if (value.headers.has("Content-Disposition")) {
        for (const [name, header] of Object.entries(servedFileHeaders())) value.headers.set(name, header);
      }
    }
    return value;
  };
  return (async (args: Parameters<F>[0]) => {
    try {
      return mark(await fn(args as never), args.request);
    } catch (error) {
      throw mark(error, args.request);
    }
  }) as F;
}

/**
 * A page's load answered 403 or 503, returned or thrown (spec 01 §8, the shared handling of every call a page makes):
 * the path is kept and the user goes to /unavailable, which offers `Försök igen` back to it and `Logga ut`. The same
 * redirect serves a full page load and a client-side navigation. A form's answer (an action) keeps its own errors.
 */
export function unavailableOnRefusal(loader: LoaderFunction): LoaderFunction {
  const refused = (value: unknown) => value instanceof Response && UNAVAILABLE_STATUSES.has(value.status);
  return async (args) => {
    let answer: unknown;
    try {
      answer = await loader(args);
    } catch (error) {
      if (refused(error)) throw await redirectToUnavailable(args.request);
      throw error;
    }
    if (refused(answer)) throw await redirectToUnavailable(args.request);
    return answer;
  };
}
