/// <reference types="vite/client" />
import * as fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/db.server";
import { scopedTransfers, viewerFor } from "~/server/domain/transfers/scope.server";
import { getUserById } from "~/server/domain/users.server";
import { closeLive } from "~/server/live/live.server";
import { answered, signedInSession, startFreshApp } from "../support/app";
import { NOT_SWEDISH, probeUrlOf, shownTexts } from "../support/shown-texts";
import { routeModules, type RouteFn } from "../support/routes";

/**
 * Decision 012's fuzzing: generated bodies of every kind posted to every route action and API call found in
 * app/routes, as each persona. Whatever arrives, the answer is never a 5xx, an error says what is wrong in
 * Swedish, and nothing outside the persona's scope changes. `npm test` runs FUZZ_RUNS cases (default 150);
 * `npm run fuzz` runs many more.
 */

const modules = routeModules();
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);

// The live hub's own endpoints speak the SignalR protocol and have their own tests (record limits, malformed
// records); the fuzz targets the product's forms and JSON calls.
const EXCLUDED = new Set(["api.ws", "api.ws.negotiate"]);

interface Target {
  file: string;
  path: string;
  params: Record<string, string>;
  kind: "action" | "loader";
  fn: RouteFn;
}

const PERSONAS = {
  anonymous: null,
  maria: { id: "user-maria", tenant: "stadsbo" },
  anders: { id: "user-anders", tenant: "nordhem" },
  karin: { id: "user-karin", tenant: "styrelse" },
  goran: { id: "user-goran", tenant: "styrelse" },
  elin: { id: "user-elin", tenant: "privatpersoner" },
} as const;
type Persona = keyof typeof PERSONAS;

let transferOfMaria = "";
let transferOfAnders = "";
let tried = 0;
let serverErrors: string[] = [];
const leaks: string[] = [];

function targets(transferId: string): Target[] {
  const list: Target[] = [];
  for (const [file, module] of Object.entries(modules)) {
    if (EXCLUDED.has(file)) continue;
    const { path, params } = probeUrlOf(file, transferId);
    if (module.action) list.push({ file, path, params, kind: "action", fn: module.action });
    // API loaders take query strings only; a GET with a body cannot be sent, so they are fuzzed by method.
    if (module.loader && !module.default)
      list.push({ file, path, params, kind: "loader", fn: module.loader });
  }
  return list;
}

const unicodeText = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "\u202eKarin",
    "\u200b",
    "\ufeff",
    "\u0000",
    "\ud800",
    "'; DROP TABLE users; --",
    "<script>",
  ),
  fc.string({ minLength: 5_000, maxLength: 70_000 }).filter(() => true),
);
const fieldName = fc.oneof(
  fc.constantFrom(
    "intent",
    "body",
    "version",
    "transferId",
    "firstName",
    "lastName",
    "email",
    "device",
    "r",
    "redirectTo",
    "mode",
    "page",
    "filters",
    "search",
    "__proto__",
    "constructor",
    "prototype",
  ),
  fc.string({ maxLength: 12 }),
);
const fields = fc.array(fc.tuple(fieldName, unicodeText), { maxLength: 8 });
const jsonValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(fieldName, fc.oneof(unicodeText, fc.integer(), fc.double(), fc.constant(null))),
  fc.constant({ __proto__: { admin: true } }),
);

type Body =
  | { kind: "urlencoded"; fields: Array<[string, string]> }
  | { kind: "multipart"; fields: Array<[string, string]> }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string | null; text: string };

const body: fc.Arbitrary<Body> = fc.oneof(
  fields.map((f) => ({ kind: "urlencoded" as const, fields: f })),
  fields.map((f) => ({ kind: "multipart" as const, fields: f })),
  jsonValue.map((value) => ({ kind: "json" as const, value })),
  fc.record({
    kind: fc.constant("raw" as const),
    contentType: fc.constantFrom(
      null,
      "text/plain",
      "application/json",
      "application/x-www-form-urlencoded",
      "multipart/form-data",
      "multipart/form-data; boundary=x",
      "application/xml",
    ),
    text: unicodeText,
  }),
);

function toRequest(target: Target, method: string, b: Body, cookie: string): Request {
  const url = new URL(target.path, "http://localhost:3000");
  const headers = new Headers({ Origin: "http://localhost:3000" });
  if (cookie) headers.set("Cookie", cookie);
  let payload: BodyInit | null = null;
  if (method !== "GET" && method !== "HEAD") {
    if (b.kind === "urlencoded") {
      payload = new URLSearchParams(b.fields);
      headers.set("Content-Type", "application/x-www-form-urlencoded");
    } else if (b.kind === "multipart") {
      const form = new FormData();
      for (const [k, v] of b.fields) form.append(k, v);
      payload = form;
    } else if (b.kind === "json") {
      payload = JSON.stringify(b.value) ?? "null";
      headers.set("Content-Type", "application/json");
    } else {
      payload = b.text;
      if (b.contentType) headers.set("Content-Type", b.contentType);
      else headers.delete("Content-Type");
    }
  }
  const request = new Request(url, { method, headers, body: payload });
  if (b.kind === "raw" && !b.contentType) request.headers.delete("Content-Type");
  return request;
}

async function snapshotOutside(persona: Persona): Promise<string> {
  const db = getDb();
  const who = PERSONAS[persona];
  let inScope = new Set<string>();
  if (who) {
    const user = await getUserById(db, who.id);
    if (user) {
      const rows = await scopedTransfers(db, await viewerFor(db, user))
        .select("transfers.id")
        .execute();
      inScope = new Set(rows.map((r) => r.id));
    }
  }
  const transfers = await db.selectFrom("transfers").selectAll().orderBy("id").execute();
  const notes = await db.selectFrom("notes").select(["id", "transfer_id", "body"]).orderBy("id").execute();
  return JSON.stringify([
    transfers.filter((t) => !inScope.has(t.id)),
    notes.filter((n) => !inScope.has(n.transfer_id)),
  ]);
}

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  transferOfMaria = (
    await db.selectFrom("transfers").select("id").where("tenant_id", "=", "stadsbo").executeTakeFirstOrThrow()
  ).id;
  transferOfAnders = (
    await db.selectFrom("transfers").select("id").where("tenant_id", "=", "nordhem").executeTakeFirstOrThrow()
  ).id;
});

afterAll(async () => {
  await closeLive();
  console.log(
    `fuzz: ${tried} requests, ${serverErrors.length} answered 5xx, ${leaks.length} changed data outside the persona's scope`,
  );
});

describe("fuzzing every route action and API call", () => {
  it("finds the routes in app/routes", () => {
    const found = targets("t").map((t) => `${t.kind} ${t.file}`);
    expect(found).toContain("action cookies");
    expect(found).toContain("action transfers.$id.overview");
    expect(found).toContain("action api.core.reviews.transfers_.$id.$flag");
    expect(found.length).toBeGreaterThan(20);
  });

  it(
    "never answers 5xx, speaks Swedish, and changes nothing outside the persona's scope",
    async () => {
      serverErrors = [];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...(Object.keys(PERSONAS) as Persona[])),
          fc.boolean(),
          fc.nat(),
          fc.constantFrom("POST", "PUT", "DELETE", "PATCH"),
          body,
          async (persona, ownTransfer, pick, method, b) => {
            const list = targets(ownTransfer ? transferOfMaria : transferOfAnders);
            const target = list[pick % list.length]!;
            const who = PERSONAS[persona];
            const cookie = who ? (await signedInSession(who.id, who.tenant)).cookie : "";
            const before = await snapshotOutside(persona);
            const request = toRequest(target, target.kind === "loader" ? "GET" : method, b, cookie);
            tried++;
            let response: Response;
            try {
              response = await answered(
                target.fn({ request, params: target.params, context: { clientIp: "192.0.2.99" } }),
              );
            } catch (error) {
              serverErrors.push(`${target.kind} ${target.file} as ${persona}: ${String(error)}`);
              throw error;
            }
            if (response.status >= 500) {
              serverErrors.push(`${target.kind} ${target.file} as ${persona}: ${response.status}`);
            }
            expect(response.status, `${target.kind} ${target.file} as ${persona}`).toBeLessThan(500);
            for (const text of await shownTexts(response)) {
              expect(text, `${target.kind} ${target.file} as ${persona}`).not.toMatch(NOT_SWEDISH);
            }
            const after = await snapshotOutside(persona);
            if (after !== before) leaks.push(`${target.file} as ${persona}`);
            expect(after === before, `${target.file} as ${persona} changed data outside its scope`).toBe(
              true,
            );
          },
        ),
        { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
      );
    },
    RUNS * 2_000,
  );
});
