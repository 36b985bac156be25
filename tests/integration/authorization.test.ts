import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/db.server";
import { simulatedReport } from "~/server/integrations/credit-bureau/simulated-reports.server";
import { closeLive } from "~/server/live/live.server";
import { answered, signedInSession, startFreshApp } from "../support/app";
import { paramNames, routeModules, urlOf, type RouteFn } from "../support/routes";

/**
 * Who may see what, walked over the route table (ARCHITECTURE.md §3, rules 2 and 3): every loader of every page and
 * API call, as every demo persona, on transfers in and out of their scope.
 *
 * - Out of scope, a transfer (and anything nested in it: a document, a credit check, a message) is answered exactly
 *   as a missing one, and an action changes nothing.
 * - In scope, the private parts of the views reach only their audience: a credit report only the board of the
 *   transfer's association; each side's notes only that side; a message addressed to one side only that side and
 *   the sender's.
 *
 * Every route file has a rule below: a new route without one fails the first test.
 */

type Rule =
  /** Anyone, signed in or not; nothing of a transfer. */
  | "public"
  /** A signed-in user's own things (lists, account, counters): whatever it shows is checked for private parts. */
  | "user"
  /** Under a transfer (`$id` or `$transferId`), with ids nested in it. */
  | "transfer"
  /** A transfer's document by its id alone. */
  | "document"
  /** A property object's document (`$id` is the object). */
  | "object"
  /** The live hub's own endpoints (SignalR; their own tests in app/server/live). */
  | "hub";

const RULES: Record<string, Rule> = {
  $: "public",
  _index: "public",
  account: "user",
  "admin.jobs": "user",
  "api.core.messages.count": "user",
  "api.core.messages.unresolved": "user",
  "api.core.privateAgreements": "user",
  "api.core.privateAgreements_.createTransfer": "user",
  "api.core.privateAgreements_.searchUserObjects": "user",
  "api.core.propertyManagers.transfers.create": "user",
  "api.core.propertyManagers.transfers.existing": "user",
  "api.core.propertyObjects.$id.documents.$documentId": "object",
  "api.core.reviews.$transferId.creditchecks.$orderId.result": "transfer",
  "api.core.reviews.$transferId.creditchecks": "transfer",
  "api.core.reviews.memberships.$signId.cancel": "user",
  "api.core.reviews.memberships.$signId.collect": "user",
  "api.core.reviews.memberships.approve.v2": "user",
  "api.core.reviews.memberships.approve.v3": "user",
  "api.core.reviews.memberships.reject.v2": "user",
  "api.core.reviews.memberships.reject.v3": "user",
  "api.core.reviews.private.transfers.$id": "transfer",
  "api.core.reviews.transfers": "user",
  "api.core.reviews.transfers_.$id.$flag": "transfer",
  "api.core.reviews.transfers_.$id.analysis": "transfer",
  "api.core.reviews.transfers_.$id": "transfer",
  "api.core.reviews.transfers_.completed": "user",
  "api.core.reviews.transfers_.sendToMembershipReview": "user",
  "api.core.search.propertyObjects": "user",
  "api.core.transfers.$id.abort": "transfer",
  "api.core.transfers.$id.additionalinformationrequests.$requestId.answers.accept": "transfer",
  "api.core.transfers.$id.additionalinformationrequests.$requestId.answers.document": "transfer",
  "api.core.transfers.$id.additionalinformationrequests.$requestId.answers.guarantors": "transfer",
  "api.core.transfers.$id.additionalinformationrequests.$requestId.answers.reject": "transfer",
  "api.core.transfers.$id.additionalinformationrequests.$requestId.answers.submit": "transfer",
  "api.core.transfers.$id.additionalinformationrequests.$requestId.answers": "transfer",
  "api.core.transfers.$id.additionalinformationrequests.$requestId.cancel": "transfer",
  "api.core.transfers.$id.additionalinformationrequests.$requestId.forward": "transfer",
  "api.core.transfers.$id.additionalinformationrequests.$requestId": "transfer",
  "api.core.transfers.$id.additionalinformationrequests.descriptions": "transfer",
  "api.core.transfers.$id.additionalinformationrequests": "transfer",
  "api.core.transfers.$id.agreementChangeRequests.$requestId.decisions": "transfer",
  "api.core.transfers.$id.agreementChangeRequests.possible": "transfer",
  "api.core.transfers.$id.agreementChangeRequests": "transfer",
  "api.core.transfers.$id.application.proposed": "transfer",
  "api.core.transfers.$id.application.requiredDocuments": "transfer",
  "api.core.transfers.$id.application.submit": "transfer",
  "api.core.transfers.$id.application": "transfer",
  "api.core.transfers.$id.application.validation": "transfer",
  "api.core.transfers.$id.documentrequirements": "transfer",
  "api.core.transfers.$id.documents.$documentId.category": "transfer",
  "api.core.transfers.$id.documents.$documentId": "transfer",
  "api.core.transfers.$id.documents.$documentId.uploaded": "transfer",
  "api.core.transfers.$id.documents": "transfer",
  "api.core.transfers.$id.messages.$messageId.reply": "transfer",
  "api.core.transfers.$id.messages.$messageId.resolve": "transfer",
  "api.core.transfers.$id.messages.$messageId.unresolve": "transfer",
  "api.core.transfers.$id.messages.recipients": "transfer",
  "api.core.transfers.$id.messages": "transfer",
  "api.core.transfers.$id.notes": "transfer",
  "api.core.transfers.$id.status": "transfer",
  "api.core.transfers.$id.transferType": "transfer",
  "api.core.users.register": "user",
  "api.core.users": "user",
  "api.documents.$documentId.file": "document",
  "api.login": "public",
  "api.logout": "user",
  "api.session": "user",
  "api.tenant": "user",
  "api.tenant_.supportContactInformation": "user",
  "api.tenants": "public",
  "api.uploads.$documentId": "document",
  "api.ws.negotiate": "hub",
  "api.ws.token": "hub",
  "api.ws": "hub",
  completedTransfers: "user",
  contact: "public",
  cookies: "public",
  "dev.bankid": "public",
  "dev.mail": "user",
  "dev.registry": "user",
  "error.$status": "public",
  faq: "public",
  integrity: "public",
  login: "public",
  "login_.bankid": "public",
  "login_.bankid_.qr": "public",
  "login_.bankid_.status": "public",
  "login_.bankid_.wait": "public",
  "login_.bankid_.wait_.status": "public",
  logout: "user",
  messages: "user",
  newTransfer: "user",
  noPermissions: "public",
  terms: "public",
  "transfers.$id._index": "transfer",
  "transfers.$id.additionals": "transfer",
  "transfers.$id.additionals_.changeRequests.$requestId.accept": "transfer",
  "transfers.$id.additionals_.changeRequests.$requestId.reject": "transfer",
  "transfers.$id.additionals_.changeRequests.new": "transfer",
  "transfers.$id.analysis": "transfer",
  "transfers.$id.application.($page)": "transfer",
  "transfers.$id.creditcheck.$orderId": "transfer",
  "transfers.$id.creditcheck.order": "transfer",
  "transfers.$id.decision": "transfer",
  "transfers.$id.decision_.qr": "transfer",
  "transfers.$id.decision_.record": "transfer",
  "transfers.$id.decision_.sign": "transfer",
  "transfers.$id.decision_.sign_.status": "transfer",
  "transfers.$id.documents.$documentId": "transfer",
  "transfers.$id.documents._index": "transfer",
  "transfers.$id.messages": "transfer",
  "transfers.$id.overview": "transfer",
  "transfers._index": "user",
  "transfers.private.$id._index": "transfer",
  "transfers.private.$id.additionals": "transfer",
  "transfers.private.$id.application.($page)": "transfer",
  "transfers.private.$id.documents": "transfer",
  "transfers.private.$id.messages": "transfer",
  "transfers.private.$id.overview": "transfer",
  "transfers.private._index": "user",
  "transfers.private.new": "user",
  unavailable: "public",
  "user.pending": "user",
  "user.register": "user",
  "user.register_.terms": "user",
};

type Side = "pm" | "board" | "private";
type TransferKey = "kvarnen" | "larkan" | "tallbacken";

/** Three demo transfers: a manager's transfer of Stadsbo, Elin's private one (Nordhem), one of Kvarnstaden. */
const TRANSFERS: Record<TransferKey, string> = {
  kvarnen: "t-kvarnen-membership-review",
  larkan: "t-larkan-elin-private",
  tallbacken: "t-tallbacken-board-initiated",
};

/** Each persona's side on each transfer, written out by hand from the rule (README's demo people). */
const PERSONAS: Record<
  string,
  { id: string; tenant: string; sides: Partial<Record<TransferKey, Side>> } | null
> = {
  anonymous: null,
  maria: { id: "user-maria", tenant: "stadsbo", sides: { kvarnen: "pm" } },
  johan: { id: "user-johan", tenant: "stadsbo", sides: { kvarnen: "pm" } },
  anders: { id: "user-anders", tenant: "nordhem", sides: { larkan: "pm" } },
  karin: { id: "user-karin", tenant: "styrelse", sides: { kvarnen: "board" } },
  erik: { id: "user-erik", tenant: "styrelse", sides: { kvarnen: "board" } },
  fatima: { id: "user-fatima", tenant: "styrelse", sides: { tallbacken: "board" } },
  elin: { id: "user-elin", tenant: "privatpersoner", sides: { larkan: "private" } },
  goran: { id: "user-goran", tenant: "styrelse", sides: {} },
};

/** The private parts planted on each transfer, each a text that appears nowhere else. */
const secret = (key: TransferKey) => ({
  report: `Betalningsanmärkning hos ${key}-kronofogden`,
  managerNote: `Förvaltarens egen anteckning om ${key}`,
  boardNote: `Styrelsens egen anteckning om ${key}`,
  toAssociation: `Förvaltaren till föreningen om ${key}`,
});

/** Who may see each part, by side (docs/spec-choices.md for messages). */
const AUDIENCE: Record<keyof ReturnType<typeof secret>, Side[]> = {
  report: ["board"],
  managerNote: ["pm"],
  boardNote: ["board"],
  toAssociation: ["pm", "board"],
};

/** Report fields that only a report holds: none of them may reach anyone who does not read reports. */
const REPORT_FIELDS = ['"taxAssessments"', '"remarksOfPayment"', '"debtBalance"', '"creditDecision"'];

interface Children {
  orderId: string;
  documentId: string;
  messageId: string;
  supplementId: string;
  changeRequestId: string;
  objectId: string;
}
const children = {} as Record<TransferKey, Children>;
const modules = routeModules();
let requests = 0;

function valueOf(rule: Rule, file: string, transferId: string, c: Children) {
  return (param: string): string => {
    if (param === "id") return rule === "object" ? c.objectId : transferId;
    if (param === "transferId") return transferId;
    if (param === "orderId") return c.orderId;
    if (param === "documentId") return c.documentId;
    if (param === "messageId") return c.messageId;
    if (param === "requestId") return file.includes("hangeRequests") ? c.changeRequestId : c.supplementId;
    if (param === "flag") return "markSaleStopped";
    if (param === "status") return "404";
    return "x";
  };
}

async function call(
  fn: RouteFn,
  path: string,
  params: Record<string, string>,
  cookie: string,
  post: boolean,
) {
  const headers = new Headers({ Origin: "http://localhost:3000" });
  if (cookie) headers.set("Cookie", cookie);
  if (post) headers.set("Content-Type", "application/x-www-form-urlencoded");
  const request = new Request(new URL(path, "http://localhost:3000"), {
    method: post ? "POST" : "GET",
    headers,
    body: post ? "" : undefined,
  });
  requests++;
  const response = await answered(fn({ request, params, context: { clientIp: "192.0.2.98" } }));
  const location = response.headers.get("Location");
  return { status: response.status, location, text: await response.text() };
}

async function plant(db: ReturnType<typeof getDb>, key: TransferKey): Promise<Children> {
  const transferId = TRANSFERS[key];
  const transfer = await db
    .selectFrom("transfers")
    .select(["object_id"])
    .where("id", "=", transferId)
    .executeTakeFirstOrThrow();
  const acquirer = await db
    .selectFrom("transfer_parties")
    .select(["id", "identifier_value"])
    .where("transfer_id", "=", transferId)
    .where("kind", "=", "Acquirer")
    .orderBy("sort_order")
    .executeTakeFirstOrThrow();
  const s = secret(key);
  const now = new Date();
  const report = simulatedReport({
    personalNumber: acquirer.identifier_value,
    orderedAt: now,
    requester: "Behörighetstestet",
  });
  const orderId = crypto.randomUUID();
  await db
    .insertInto("credit_check_orders")
    .values({
      id: orderId,
      transfer_id: transferId,
      party_id: acquirer.id,
      identifier_value: acquirer.identifier_value,
      ordered_by_user_id: "user-maria",
      ordered_at: now.toISOString(),
      status: "Success",
      result: JSON.stringify({
        ...report,
        remarksOfPayment: [{ occuredOn: "2025-03-01", amount: 1234, description: s.report }],
      }),
      completed_at: now.toISOString(),
      data_erased_at: null,
    })
    .execute();
  const at = now.toISOString();
  for (const [audience, body] of [
    ["PropertyManager", s.managerNote],
    ["BoardMember", s.boardNote],
  ] as const) {
    await db
      .insertInto("notes")
      .values({
        id: crypto.randomUUID(),
        transfer_id: transferId,
        audience,
        body,
        created_by_user_id: "user-maria",
        created_by_name: "Maria Ek",
        created_at: at,
      })
      .execute();
  }
  const messageId = crypto.randomUUID();
  await db
    .insertInto("messages")
    .values({
      id: messageId,
      transfer_id: transferId,
      parent_id: null,
      recipient: "BoardMember",
      sent_by_user_id: "user-maria",
      sent_by_first_name: "Maria",
      sent_by_last_name: "Ek",
      sent_by_role: "PropertyManager",
      body: s.toAssociation,
      resolved: 0,
      resolved_by_user_id: null,
      resolved_at: null,
      created_at: at,
      latest_at: at,
    })
    .execute();
  const first = async (table: "documents" | "supplement_requests" | "change_requests") =>
    (
      await db
        .selectFrom(table)
        .select("id")
        .where("transfer_id", "=", transferId)
        .orderBy("id")
        .executeTakeFirst()
    )?.id ?? "x";
  return {
    orderId,
    documentId: await first("documents"),
    messageId,
    supplementId: await first("supplement_requests"),
    changeRequestId: await first("change_requests"),
    objectId: transfer.object_id,
  };
}

/** What of the transfers an out-of-scope call could change: the rows a persona must never touch. */
async function snapshot(transferId: string): Promise<string> {
  const db = getDb();
  const [transfer, notes, messages, documents] = await Promise.all([
    db.selectFrom("transfers").selectAll().where("id", "=", transferId).execute(),
    db
      .selectFrom("notes")
      .select(["id", "body"])
      .where("transfer_id", "=", transferId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("messages")
      .select(["id", "resolved"])
      .where("transfer_id", "=", transferId)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("documents")
      .select(["id", "status", "category"])
      .where("transfer_id", "=", transferId)
      .orderBy("id")
      .execute(),
  ]);
  return JSON.stringify([transfer, notes, messages, documents]);
}

const cookies: Record<string, string> = {};

/** A redirect's target with the transfer's id as a path segment replaced, to compare two answers' targets. */
function samePlace(location: string | null, transferId: string): string | null {
  if (location === null) return null;
  const id = transferId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return decodeURIComponent(location).replace(new RegExp(`/${id}(?=[/?&#]|$)`, "g"), "/{transfer}");
}

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  for (const key of Object.keys(TRANSFERS) as TransferKey[]) children[key] = await plant(db, key);
});

async function signIn() {
  for (const [name, who] of Object.entries(PERSONAS))
    cookies[name] = who ? (await signedInSession(who.id, who.tenant)).cookie : "";
}

afterAll(async () => {
  await closeLive();
});

/** The parts a persona's answer may hold, on every transfer. */
function allowedParts(persona: string): Set<string> {
  const allowed = new Set<string>();
  const who = PERSONAS[persona];
  for (const key of Object.keys(TRANSFERS) as TransferKey[]) {
    const side = who?.sides[key];
    for (const [part, text] of Object.entries(secret(key)))
      if (side && AUDIENCE[part as keyof typeof AUDIENCE].includes(side)) allowed.add(text);
  }
  return allowed;
}

function leaksIn(persona: string, text: string, onTransfer: TransferKey | null): string[] {
  const allowed = allowedParts(persona);
  const found: string[] = [];
  for (const key of Object.keys(TRANSFERS) as TransferKey[])
    for (const part of Object.values(secret(key)))
      if (text.includes(part) && !allowed.has(part)) found.push(part);
  const readsReports = onTransfer !== null && PERSONAS[persona]?.sides[onTransfer] === "board";
  if (!readsReports) for (const field of REPORT_FIELDS) if (text.includes(field)) found.push(field);
  return found;
}

describe("authorization over the route table", () => {
  it("has a rule for every route, and every route under a transfer is checked as one", () => {
    expect(Object.keys(modules).sort()).toEqual(Object.keys(RULES).sort());
    for (const [file, rule] of Object.entries(RULES)) {
      const names = paramNames(file);
      if (
        names.includes("transferId") ||
        (names.includes("id") && /^(api\.core\.(reviews|transfers)|transfers)\./.test(file))
      )
        expect({ file, rule }).toEqual({ file, rule: "transfer" });
    }
  });

  it("answers a transfer out of scope exactly like a missing one, and shows no private part to anyone outside its audience", async () => {
    const problems: string[] = [];
    for (const [file, module] of Object.entries(modules)) {
      const rule = RULES[file]!;
      if (rule === "hub") continue;
      // Fresh sessions for each route: a log-out route ends the one it is given.
      await signIn();
      const nested = rule === "transfer" || rule === "document" || rule === "object";
      const keys: Array<TransferKey | null> = nested ? (Object.keys(TRANSFERS) as TransferKey[]) : [null];
      for (const key of keys) {
        const c = key ? children[key] : children.kvarnen;
        const real = urlOf(file, valueOf(rule, file, key ? TRANSFERS[key] : "x", c));
        // The same call with the transfer (or document) missing, everything else the same.
        const missingChildren =
          rule === "transfer" ? c : { ...c, documentId: "no-such-document", objectId: "no-such-object" };
        const missing = urlOf(file, valueOf(rule, file, "no-such-transfer", missingChildren));
        for (const persona of Object.keys(PERSONAS)) {
          const cookie = cookies[persona]!;
          const inScope = key !== null && PERSONAS[persona]?.sides[key] !== undefined;
          const label = `${file} on ${key ?? "-"} as ${persona}`;
          if (module.loader) {
            const answer = await call(module.loader, real.path, real.params, cookie, false);
            for (const leak of leaksIn(persona, answer.text, key)) problems.push(`${label}: shows ${leak}`);
            if (nested && !inScope) {
              const absent = await call(module.loader, missing.path, missing.params, cookie, false);
              // A redirect back after sign-in names the path it came from: the same path, but for the id.
              const location = samePlace(answer.location, TRANSFERS[key!]);
              if (
                answer.status !== absent.status ||
                location !== samePlace(absent.location, "no-such-transfer")
              )
                problems.push(
                  `${label}: answers ${answer.status} ${answer.location ?? ""}, a missing one ${absent.status} ${absent.location ?? ""}`,
                );
            }
          }
          if (module.action && nested && !inScope && key) {
            const before = await snapshot(TRANSFERS[key]);
            const answer = await call(module.action, real.path, real.params, cookie, true);
            const absent = await call(module.action, missing.path, missing.params, cookie, true);
            if (answer.status !== absent.status)
              problems.push(
                `${label}: its action answers ${answer.status}, on a missing one ${absent.status}`,
              );
            if (answer.status < 400 && !/^\/(login|noPermissions)?(\?|$)/.test(answer.location ?? ""))
              problems.push(`${label}: its action answers ${answer.status} ${answer.location ?? ""}`);
            for (const leak of leaksIn(persona, answer.text, key))
              problems.push(`${label}: its action shows ${leak}`);
            if ((await snapshot(TRANSFERS[key])) !== before)
              problems.push(`${label}: its action changed the transfer`);
          }
        }
      }
    }
    console.log(`authorization: ${requests} requests, ${problems.length} problems`);
    expect(problems).toEqual([]);
  }, 180_000);
});
