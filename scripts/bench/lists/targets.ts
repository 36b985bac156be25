import type { ListUser } from "../database";
import type { Target } from "../load";
import type { RunningServer } from "../server";

// Whom and what the list benchmark loads: the two users, the pages and calls, and the check before the load.

type BenchUser = ListUser & { tenantId: string };
export const MANAGER: BenchUser = {
  userId: "user-maria",
  tenantId: "stadsbo",
  kind: "active",
  label: "property manager (user-maria)",
};
// Erik is on the board of Kvarnen 3, a registry association that the bulk generator fills generously.
export const BOARD: BenchUser = {
  userId: "user-erik",
  tenantId: "styrelse",
  kind: "board",
  label: "board member (user-erik)",
};
export const LIST_USERS: ListUser[] = [MANAGER, BOARD];

// Explicit sort and direction: a list URL with state never redirects to the saved search.
const LIST_PATH = "/transfers?sort=Modified&dir=Desc";
const API_PATH = "/api/core/reviews/transfers";
const STATIC_PATH = "/favicon.svg";
// A demo transfer in membership review at Kvarnen 3: Stadsbo's (Maria) and on Erik's board, so both may open it.
const OVERVIEW_PATH = "/transfers/t-kvarnen-membership-review/overview";
// The cheapest Remix route there is (one indexed query of a few rows, a small JSON answer): what the
// framework and the HTTP stack cost per request on this machine, below which no list route can go.
const FLOOR_PATH = "/api/tenants";
// What a browser sends; the server compresses what it answers to such a request.
const BROWSER = { Accept: "text/html,application/xhtml+xml", "Accept-Encoding": "gzip, deflate, br" };

export function targets(origin: string, cookies: Record<string, string>): Target[] {
  const cookie = (userId: string) => {
    const value = cookies[userId];
    if (!value) throw new Error(`no session cookie for ${userId}`);
    return value;
  };
  const api = (userId: string): Target => ({
    name: `JSON ${userId === MANAGER.userId ? "manager" : "board"}`,
    method: "POST",
    path: API_PATH,
    headers: {
      Cookie: cookie(userId),
      Origin: origin,
      "Content-Type": "application/json",
      Accept: "application/json",
      "Accept-Encoding": BROWSER["Accept-Encoding"],
    },
    body: JSON.stringify({ page: 1 }),
  });
  return [
    {
      name: "page manager",
      method: "GET",
      path: LIST_PATH,
      headers: { ...BROWSER, Cookie: cookie(MANAGER.userId) },
    },
    {
      name: "page board",
      method: "GET",
      path: LIST_PATH,
      headers: { ...BROWSER, Cookie: cookie(BOARD.userId) },
    },
    api(MANAGER.userId),
    api(BOARD.userId),
    // One transfer's Översikt (spec 02 §2.4), for the manager and for a board member of its association (Kvarnen 3).
    {
      name: "overview manager",
      method: "GET",
      path: OVERVIEW_PATH,
      headers: { ...BROWSER, Cookie: cookie(MANAGER.userId) },
    },
    {
      name: "overview board",
      method: "GET",
      path: OVERVIEW_PATH,
      headers: { ...BROWSER, Cookie: cookie(BOARD.userId) },
    },
    {
      name: "floor /api/tenants",
      method: "GET",
      path: FLOOR_PATH,
      headers: { Accept: "application/json", "Accept-Encoding": BROWSER["Accept-Encoding"] },
    },
    {
      name: "static favicon",
      method: "GET",
      path: STATIC_PATH,
      headers: { ...BROWSER, Accept: "image/svg+xml" },
    },
  ];
}

/** One request per target before the load: each user gets 200 and real rows, not a redirect to /login. */
export async function checkTargets(server: RunningServer, list: Target[]): Promise<void> {
  for (const target of list) {
    const response = await fetch(`${server.origin}${target.path}`, {
      method: target.method,
      headers: target.headers,
      body: target.body,
      redirect: "manual",
    });
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(
        `${target.name}: ${target.method} ${target.path} answered ${response.status}` +
          `${response.headers.get("location") ? ` -> ${response.headers.get("location")}` : ""}\n${text.slice(0, 400)}`,
      );
    }
    let detail = `${text.length} bytes`;
    if (target.path === LIST_PATH) {
      const tbody = text.split("<tbody")[1] ?? "";
      const rows = (tbody.match(/<tr[\s>]/g) ?? []).length;
      if (rows < 25) throw new Error(`${target.name}: ${rows} table rows in the page, expected 25`);
      detail = `${rows} rows in the table, ${detail}`;
    } else if (target.path === API_PATH) {
      const body = JSON.parse(text) as { results: unknown[]; totalResults: number; hasMoreResults: boolean };
      if (body.results.length !== 25 || !body.hasMoreResults) {
        throw new Error(
          `${target.name}: ${body.results.length} results of ${body.totalResults}, expected a full page`,
        );
      }
      detail = `25 of totalResults ${body.totalResults}`;
    } else if (target.path === OVERVIEW_PATH) {
      if (!text.includes("1102-")) throw new Error(`${target.name}: the overview does not name its object`);
      detail = `the transfer's overview, ${detail}`;
    }
    console.log(`[bench] check ${target.name}: 200, ${detail}`);
  }
}
