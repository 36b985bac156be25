/// <reference types="vite/client" />
import type { LoaderFunction } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/db.server";
import { closeLive } from "~/server/live/live.server";
import { personalAnswers } from "~/server/platform/protect-routes.server";
import { answered, request, signedInSession, startFreshApp } from "../support/app";

/**
 * Every answer of the JSON API depends on who asks (their scope, their side of a transfer), so none may be kept
 * long or by a shared cache: a browser on a shared office computer would hand one user's answer to the next user
 * of the same address. Only fingerprinted static files are immutable (server.js). The walk calls every API
 * loader as signed-in users, wrapped as the server build wraps it (protectRoutes), and reads Cache-Control.
 */

interface RouteModule {
  loader?: LoaderFunction;
  default?: unknown;
}

const modules = import.meta.glob<RouteModule>("/app/routes/api.*.{ts,tsx}", { eager: true });

// These two change the session the walk signs in with (a new sign-in, a log-out); they answer with redirects.
const CHANGES_SESSION = new Set(["api.login", "api.logout"]);

/** URL and params of an API route file (Remix v2 flat routes), with the ids of a transfer the user sees. */
function urlOf(file: string, ids: Record<string, string>) {
  const params: Record<string, string> = {};
  const segments = file.split(".").map((raw) => {
    const segment = raw.endsWith("_") ? raw.slice(0, -1) : raw;
    if (!segment.startsWith("$")) return segment;
    const name = segment.slice(1);
    params[name] = ids[name] ?? "x";
    return params[name];
  });
  return { path: "/" + segments.join("/"), params };
}

/** Why a Cache-Control lets an answer be kept longer than this request, or by someone other than this user. */
function longOrShared(cacheControl: string | null): string | null {
  if (!cacheControl) return "no Cache-Control";
  const directives = cacheControl
    .toLowerCase()
    .split(",")
    .map((d) => d.trim());
  if (directives.includes("public")) return "public";
  if (directives.includes("immutable")) return "immutable";
  const maxAge = directives.find((d) => /^(s-)?max-age=/.test(d));
  if (maxAge && Number(maxAge.split("=")[1]) > 0) return maxAge;
  return null;
}

let ids: Record<string, string> = {};

beforeAll(async () => {
  await startFreshApp();
  const message = await getDb()
    .selectFrom("messages")
    .innerJoin("transfers", "transfers.id", "messages.transfer_id")
    .select(["messages.id as messageId", "messages.transfer_id as transferId"])
    .where("transfers.tenant_id", "=", "stadsbo")
    .executeTakeFirstOrThrow();
  const document = await getDb()
    .selectFrom("documents")
    .select("id")
    .where("transfer_id", "=", message.transferId)
    .executeTakeFirst();
  ids = {
    id: message.transferId,
    transferId: message.transferId,
    messageId: message.messageId,
    documentId: document?.id ?? "x",
  };
});

afterAll(async () => {
  await closeLive();
});

describe("the API's answers to a signed-in user", () => {
  it("are never kept long or shared", async () => {
    const { cookie } = await signedInSession("user-maria", "stadsbo");
    const found: string[] = [];
    const ok: string[] = [];
    for (const [fullPath, module] of Object.entries(modules)) {
      const file = fullPath.replace(/^.*\/routes\//, "").replace(/\.tsx?$/, "");
      if (!module.loader || module.default || CHANGES_SESSION.has(file)) continue;
      const { path, params } = urlOf(file, ids);
      const answer = await answered(
        personalAnswers(module.loader)({
          request: request(path, { cookie, headers: { Accept: "application/json" } }),
          params,
          context: { clientIp: "192.0.2.10" },
        }),
      );
      await answer.body?.cancel();
      if (answer.status === 200) ok.push(file);
      const why = longOrShared(answer.headers.get("Cache-Control"));
      if (why) found.push(`${file} (${answer.status}): ${why}`);
    }
    expect(found).toEqual([]);
    // The walk reached real answers, among them the per-side recipients of the transfer's messages.
    expect(ok.length).toBeGreaterThan(15);
    expect(ok).toContain("api.core.transfers.$id.messages.recipients");
  });
});
