/// <reference types="vite/client" />
import { parseWithZod } from "@conform-to/zod/v4";
import * as fc from "fast-check";
import * as z from "zod";
import { beforeAll, describe, expect, it } from "vitest";
import { splitMessage } from "~/lib/messages";
import { getDb } from "~/server/db/db.server";
import { svT } from "~/server/platform/i18n.server";
import { scopedTransfers, viewerFor } from "~/server/domain/transfers/scope.server";
import { getUserById } from "~/server/domain/users.server";
import { closeLive } from "~/server/live/live.server";
import { answered, signedInSession, startFreshApp } from "../support/app";
import { NOT_SWEDISH, probeUrlOf, shownTexts } from "../support/shown-texts";
import { routeModules } from "../support/routes";

/**
 * Decision 012: no answer shows zod's English or a key missing from the locale files. First the bodies a security
 * probe found answered `Översättning saknas: Too small…`, posted to every action and API call as the product's
 * sides; then every schema of app/schemas, given arbitrary JSON and arbitrary form posts (as conform parses them in
 * the browser and in the page actions), must say whatever it refuses in Swedish.
 */

const routes = routeModules();
const schemaModules = import.meta.glob<Record<string, unknown>>(
  ["/app/schemas/**/*.ts", "!/app/schemas/**/*.test.ts"],
  { eager: true },
);

const PERSONAS = [
  { id: "user-maria", tenant: "stadsbo" },
  { id: "user-karin", tenant: "styrelse" },
  { id: "user-elin", tenant: "privatpersoner" },
] as const;

const PROBED: Array<{ name: string; contentType: string; body: string }> = [
  { name: "a negative version", contentType: "application/json", body: '{"version":-1}' },
  {
    name: "a negative version in a form",
    contentType: "application/x-www-form-urlencoded",
    body: "version=-1",
  },
  { name: "a null body", contentType: "application/json", body: "null" },
  { name: "a note body of null", contentType: "application/json", body: '{"body":null}' },
  { name: "an identifier of null", contentType: "application/json", body: '{"identifier":null}' },
  { name: "guarantors as numbers", contentType: "application/json", body: '{"guarantors":[1,2]}' },
  { name: "an empty list", contentType: "application/json", body: "[]" },
  {
    name: "a forged confirmation on an action button",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=MarkAsSaleStopped&version=1&confirmed=True",
  },
  {
    name: "a forged confirmation on the abort button",
    contentType: "application/x-www-form-urlencoded",
    body: "intent=AbortTransfer&version=1&confirmed=True",
  },
];

const sessions: Array<{ cookie: string; transferId: string; persona: string }> = [];

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  for (const persona of PERSONAS) {
    const user = await getUserById(db, persona.id);
    const inScope = await scopedTransfers(db, await viewerFor(db, user!))
      .select("transfers.id")
      .orderBy("transfers.id")
      .executeTakeFirstOrThrow();
    const { cookie } = await signedInSession(persona.id, persona.tenant);
    sessions.push({ cookie, transferId: inScope.id, persona: persona.id });
  }
  return () => closeLive();
});

describe("the bodies the probe found answered in English", () => {
  it.each(PROBED)("$name: every action and API call answers in Swedish", async ({ contentType, body }) => {
    let answers = 0;
    for (const { cookie, transferId, persona } of sessions) {
      for (const [file, module] of Object.entries(routes)) {
        if (!module.action || file.startsWith("api.ws")) continue;
        const { path, params } = probeUrlOf(file, transferId);
        // Page forms post; the JSON calls take POST or PUT.
        for (const method of contentType === "application/json" ? ["POST", "PUT"] : ["POST"]) {
          const request = new Request(new URL(path, "http://localhost:3000"), {
            method,
            headers: { Origin: "http://localhost:3000", Cookie: cookie, "Content-Type": contentType },
            body,
          });
          const response = await answered(
            module.action({ request, params, context: { clientIp: "192.0.2.98" } }),
          );
          const where = `${method} ${file} as ${persona}`;
          expect(response.status, where).toBeLessThan(500);
          for (const text of await shownTexts(response)) expect(text, where).not.toMatch(NOT_SWEDISH);
          answers++;
        }
      }
    }
    expect(answers).toBeGreaterThan(100);
  });
});

/** Schemas made by a function, with the arguments the product calls them with. */
const FACTORY_ARGUMENTS: Record<string, unknown[]> = {
  applicationFormSchema: [
    {
      transferType: "Purchase",
      rules: { requirePhoneNumber: true, requireEmail: true },
      transferors: [
        { id: "t1", ownerShare: { numerator: 1, denominator: 2 } },
        { id: "t2", ownerShare: { numerator: 1, denominator: 2 } },
      ],
      acquirerIds: ["a-saved"],
      guarantorIds: ["g-saved"],
      today: "2026-11-26",
    },
  ],
  changeRequestFieldsSchema: [
    { purchasePrice: 2_000_000, entryDate: "2026-12-01", contractDate: "2026-11-01" },
    { purchasePrice: true, entryDate: true, contractDate: true },
  ],
  changeRequestFormClientSchema: [
    { purchasePrice: 2_000_000, entryDate: "2026-12-01", contractDate: "2026-11-01" },
    { purchasePrice: true, entryDate: true, contractDate: true },
  ],
  objectSearchSchema: [(searchId: string) => (searchId === "s-1" ? "user-maria" : null)],
  ownObjectSearchSchema: [(searchId: string) => (searchId === "s-1" ? "user-elin" : null)],
  approveMembershipSchema: [],
  rejectMembershipSchema: [],
  personName: [],
  ActionViewSchema: [["SendToMembershipReview", "AbortTransfer"]],
};

const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** Every schema exported by app/schemas, by module and name, and those its factories make. */
function everySchema(): Array<[string, z.ZodType]> {
  const found: Array<[string, z.ZodType]> = [];
  for (const [file, exports] of Object.entries(schemaModules)) {
    for (const [name, value] of Object.entries(exports)) {
      if (isSchema(value)) found.push([`${file} ${name}`, value]);
      else if (typeof value === "function" && Object.hasOwn(FACTORY_ARGUMENTS, name)) {
        const made = (value as (...args: unknown[]) => unknown)(...FACTORY_ARGUMENTS[name]!);
        if (isSchema(made)) found.push([`${file} ${name}()`, made]);
      }
    }
  }
  return found;
}

/** The top-level field names of a schema, so the inputs reach its fields and not only its type check. */
function fieldNames(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  if (shape && typeof shape === "object") return Object.keys(shape);
  for (const inner of [def.in, def.innerType, def.schema]) if (isSchema(inner)) return fieldNames(inner);
  return [];
}

const json = fc.jsonValue({ maxDepth: 3 });
const formText = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.constantFrom("", "-1", "0", "1.5", "True", "null", "[]", "on", "yes", "2026-13-45", "1e9"),
);

function inputsFor(names: string[]) {
  const field = names.length ? fc.constantFrom(...names, "extra") : fc.string({ maxLength: 6 });
  return {
    json: fc.oneof(json, fc.dictionary(field, json, { maxKeys: 6 })),
    form: fc.array(fc.tuple(field, formText), { maxLength: 8 }),
  };
}

function swedish(message: string): string {
  const { key, values } = splitMessage(message);
  return svT()(key, { ns: ["common", "domain"], ...values });
}

function notSwedish(messages: string[]): string[] {
  return messages.map(swedish).filter((text) => NOT_SWEDISH.test(text));
}

describe("every schema of app/schemas", () => {
  const schemas = everySchema();

  it("finds the schemas, and each factory named makes one", () => {
    const names = schemas.map(([name]) => name.replace(/^.* /, ""));
    expect(names).toContain("TransferActionFormSchema");
    expect(names).toContain("RawApplicationSchema");
    for (const factory of Object.keys(FACTORY_ARGUMENTS)) expect(names).toContain(`${factory}()`);
    expect(schemas.length).toBeGreaterThan(60);
  });

  it.each(schemas)("%s refuses arbitrary JSON in Swedish", async (_name, schema) => {
    const { json: input } = inputsFor(fieldNames(schema));
    await fc.assert(
      fc.asyncProperty(input, async (value) => {
        const result = await schema.safeParseAsync(value);
        if (!result.success) expect(notSwedish(result.error.issues.map((i) => i.message))).toEqual([]);
      }),
      { numRuns: 40 },
    );
  });

  it.each(schemas)(
    "%s refuses arbitrary form posts in Swedish, as conform parses them",
    async (_name, schema) => {
      const { form: input } = inputsFor(fieldNames(schema));
      await fc.assert(
        fc.asyncProperty(input, async (entries) => {
          const formData = new FormData();
          for (const [name, value] of entries) formData.append(name, value);
          const submission = await parseWithZod(formData, { schema, async: true });
          if (submission.status === "error") {
            const messages = Object.values(submission.error ?? {}).flatMap((m) => m ?? []);
            expect(notSwedish(messages)).toEqual([]);
          }
        }),
        { numRuns: 40 },
      );
    },
  );
});
