import { redirect } from "@remix-run/node";
import { safeRedirect } from "./http.server";
import { commitSession, getSession } from "./session.server";

/** The statuses that send a page to /unavailable (spec 01 §8): a forbidden or unavailable service. */
export const UNAVAILABLE_STATUSES: ReadonlySet<number> = new Set([403, 503]);

/**
 * The page the user was on, as the browser shows it: a client-side navigation's data request carries Remix's
 * `_data` parameter, which is not part of the page's address.
 */
function pagePath(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_data");
  return url.pathname + url.search;
}

/** Stores the page's path for `Försök igen` and sends the user to /unavailable (spec 01 §8). */
export async function redirectToUnavailable(request: Request): Promise<Response> {
  const session = await getSession(request);
  session.set("unavailableReturnTo", safeRedirect(pagePath(request)));
  return redirect("/unavailable", { headers: { "Set-Cookie": await commitSession(session) } });
}
