import { beforeAll, describe, expect, it } from "vitest";
import * as wizard from "~/routes/transfers.$id.application.($page)";
import { getDb } from "~/server/db/db.server";
import { generatePersonnummer } from "~/lib/personnummer";
import { addDays, todayInStockholm } from "~/lib/dates";
import type { FormStepData } from "~/schemas/wizard-form";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";
import { addDocument } from "../support/documents";

/**
 * Decision 023: the wizard's step 2 (`Uppgifter`) through its route, as a browser without JavaScript uses it:
 * the page's data, adding and removing people with conform's intent buttons (nothing saved, nothing lost), bad
 * input (400 with the Swedish message, the values kept), forged ids and intents, a save that loses to another one
 * (`Kunde inte spara ansökan`, the values kept), and `Fortsätt` saving before it moves on.
 */

const context = { clientIp: "192.0.2.20" };
const ANNA = generatePersonnummer({ year: 1960, month: 3, day: 14 }, 242);
const PER = generatePersonnummer({ year: 1958, month: 11, day: 2 }, 131);
const SARA = generatePersonnummer({ year: 1990, month: 6, day: 30 }, 482);
const OLLE = generatePersonnummer({ year: 1988, month: 2, day: 11 }, 173);
const MAJA = generatePersonnummer({ year: 1992, month: 8, day: 19 }, 264);
const CONTRACT = addDays(todayInStockholm(), -10);
const ENTRY = addDays(todayInStockholm(), 30);

let maria: string;
let anders: string;

function transferors(prefix: string) {
  const half = { owner_share_numerator: 1, owner_share_denominator: 2 };
  return [
    {
      id: `${prefix}-anna`,
      kind: "Transferor",
      identifier_value: ANNA,
      first_name: "Anna",
      last_name: "Ek",
      ...half,
    },
    {
      id: `${prefix}-per`,
      kind: "Transferor",
      identifier_value: PER,
      first_name: "Per",
      last_name: "Ek",
      ...half,
    },
  ].map((p) => ({ ...p, transfer_share_numerator: null, transfer_share_denominator: null }));
}

async function transferWithDocuments(id: string, type = "Purchase", objectId: string = WORLD.objectA) {
  await insertTransfer(
    getDb(),
    {
      id,
      objectId,
      status: "Initiated",
      initiator_role: "PropertyManager",
      transfer_type: type,
      purchase_price: null,
      contract_date: null,
      entry_date: null,
    },
    transferors(id),
  );
  await addDocument(`${id}-ma`, id, { category: "MembershipApplication" });
  const agreement = { Purchase: "TransferAgreement", Gift: "DeedOfGift", Inheritance: "EstateInventory" }[
    type
  ];
  await addDocument(`${id}-agreement`, id, { category: agreement ?? "DivisionOfPropertyAgreement" });
}

const path = (id: string) => `/transfers/${id}/application/form`;

async function load(id: string, cookie = maria): Promise<Response> {
  return answered(
    wizard.loader({ request: request(path(id), { cookie }), params: { id, page: "form" }, context }),
  );
}

async function data(id: string): Promise<FormStepData> {
  const response = await load(id);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: FormStepData }).data;
}

async function post(id: string, fields: Record<string, string>, cookie = maria): Promise<Response> {
  return answered(
    wizard.action({
      request: formRequest(path(id), fields, { cookie }),
      params: { id, page: "form" },
      context,
    }),
  );
}

type Person = Record<string, string | Record<string, string>>;

/** The step's fields as a browser posts them (conform's flat names). */
function fields(
  id: string,
  options: {
    version?: number;
    shares?: [string, string];
    acquirers?: Person[];
    guarantors?: Person[];
    recipient?: string;
    agreement?: Record<string, string>;
  } = {},
): Record<string, string> {
  const out: Record<string, string> = { version: String(options.version ?? 1) };
  const [a, b] = options.shares ?? ["50", "50"];
  out["transferors[0].id"] = `${id}-anna`;
  out["transferors[0].transferShare"] = a;
  out["transferors[1].id"] = `${id}-per`;
  out["transferors[1].transferShare"] = b;
  const put = (prefix: string, person: Person) => {
    for (const [key, value] of Object.entries(person)) {
      if (typeof value === "string") out[`${prefix}.${key}`] = value;
      else for (const [k, v] of Object.entries(value)) out[`${prefix}.${key}.${k}`] = v;
    }
  };
  (options.acquirers ?? [acquirer("Sara", SARA, "100")]).forEach((p, i) => put(`acquirers[${i}]`, p));
  (options.guarantors ?? []).forEach((p, i) => put(`guarantors[${i}]`, p));
  out.paymentNoticeRecipient = options.recipient ?? "Acquirer:0";
  const agreement = {
    purchasePrice: "2 450 000",
    contractDate: CONTRACT,
    entryDate: ENTRY,
    ...options.agreement,
  };
  for (const [k, v] of Object.entries(agreement)) out[`agreement.${k}`] = v;
  return out;
}

function acquirer(firstName: string, identifier: string, share: string, extra: Person = {}): Person {
  return {
    firstName,
    lastName: "Lind",
    identifier,
    transferShare: share,
    emailAddress: `${firstName.toLowerCase()}@example.se`,
    address: { street: "Kvarngatan 3", postalCode: "118 47", city: "Stockholm", country: "Sverige" },
    ...extra,
  };
}

const intent = (value: unknown) => ({ __intent__: JSON.stringify(value) });

async function version(id: string): Promise<number> {
  return (
    await getDb().selectFrom("transfers").select("version").where("id", "=", id).executeTakeFirstOrThrow()
  ).version;
}

async function savedAcquirers(id: string) {
  return getDb()
    .selectFrom("transfer_parties")
    .select([
      "first_name",
      "transfer_share_numerator",
      "transfer_share_denominator",
      "is_payment_notice_recipient",
    ])
    .where("transfer_id", "=", id)
    .where("kind", "=", "Acquirer")
    .orderBy("sort_order")
    .execute();
}

async function analysis(transferId: string, status: "Ready" | "Failed", acquirers: unknown[] = []) {
  await getDb()
    .insertInto("document_analyses")
    .values({
      transfer_id: transferId,
      status,
      extraction:
        status === "Ready"
          ? JSON.stringify({
              documents: [],
              transferType: "Purchase",
              purchasePrice: 1_950_000,
              contractDate: CONTRACT,
              entryDate: ENTRY,
              transferors: [],
              acquirers,
              guarantors: [],
              objectNumber: null,
              associationOrganisationNumber: null,
              clauses: {
                cancellationAgreement: false,
                guarantor: false,
                trustee: false,
                estateOfDeceased: false,
                powerOfAttorney: false,
                privateAgreement: false,
              },
            })
          : null,
      failure: status === "Failed" ? "NoText" : null,
      document_ids: "[]",
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    })
    .execute();
}

beforeAll(async () => {
  process.env.PROPERTY_MANAGERS_LATENCY_MS = "0";
  await startFreshApp();
  await buildWorld(getDb());
  for (const id of ["wf-1", "wf-2", "wf-3", "wf-4", "wf-ready", "wf-failed"]) await transferWithDocuments(id);
  await transferWithDocuments("wf-gift", "Gift");
  await transferWithDocuments("wf-other", "Purchase", WORLD.objectB);
  await analysis("wf-ready", "Ready", [
    { firstName: "Sara", lastName: "Lind", identifier: SARA, share: 0.5 },
    { firstName: "Olle", lastName: "Berg", identifier: OLLE, share: 0.5 },
  ]);
  await analysis("wf-failed", "Failed");
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
});

describe("the form step's page", () => {
  it("gives the form its values, the schema's context and the transferors as the page names them", async () => {
    const step = await data("wf-1");
    expect(step.value.version).toBe("1");
    expect(step.value.transferors).toEqual([
      expect.objectContaining({ id: "wf-1-anna", transferShare: "" }),
      expect.objectContaining({ id: "wf-1-per", transferShare: "" }),
    ]);
    expect(step.value.acquirers).toEqual([]);
    expect(step.transferors.map((t) => [t.name, t.ownerShare])).toEqual([
      ["Anna Ek", "50"],
      ["Per Ek", "50"],
    ]);
    expect(step.context.transferType).toBe("Purchase");
    expect([step.prefilled, step.analysisFailed, step.guaranteeVerified]).toEqual([false, false, false]);
  });

  it("offers the transferors as acquirers for a gift, switched off with an empty share", async () => {
    const step = await data("wf-gift");
    expect(step.value.acquirers).toEqual([
      expect.objectContaining({
        isTransferor: "on",
        transferorId: "wf-gift-anna",
        enabled: "",
        transferShare: "",
      }),
      expect.objectContaining({
        isTransferor: "on",
        transferorId: "wf-gift-per",
        enabled: "",
        transferShare: "",
      }),
    ]);
  });

  it("pre-fills what the analysis read when it is Ready, and says so when it Failed", async () => {
    const ready = await data("wf-ready");
    expect(ready.prefilled).toBe(true);
    expect(ready.value.acquirers).toEqual([
      expect.objectContaining({ firstName: "Sara", identifier: SARA, transferShare: "50" }),
      expect.objectContaining({ firstName: "Olle", identifier: OLLE, transferShare: "50" }),
    ]);
    expect(ready.value.acquirers[0]).toMatchObject({ address: { country: "Sverige" } });
    expect(ready.value.agreement).toEqual({
      purchasePrice: "1950000",
      contractDate: CONTRACT,
      entryDate: ENTRY,
    });
    expect(ready.value.paymentNoticeRecipient).toBe("Acquirer:0");
    const failed = await data("wf-failed");
    expect([failed.analysisFailed, failed.prefilled, failed.value.acquirers]).toEqual([true, false, []]);
  });

  it("answers another manager's transfer like a missing one", async () => {
    expect((await load("wf-other")).status).toBe(404);
    expect((await load("wf-1", anders)).status).toBe(404);
    expect((await post("wf-other", fields("wf-other"))).status).toBe(404);
  });
});

describe("adding and removing people without JavaScript", () => {
  it("adds an acquirer and a guarantor: the step again with the new row, every value kept, nothing saved", async () => {
    const typed = fields("wf-2", { shares: ["50,5", "49,5"], acquirers: [acquirer("Sara", SARA, "100")] });
    const added = await post("wf-2", {
      ...typed,
      ...intent({ type: "insert", payload: { name: "acquirers" } }),
    });
    expect(added.status).toBe(200);
    const reply = await formReplyOf(added);
    expect(reply.fields).toEqual({});
    const values = reply.values as { acquirers: Person[]; transferors: Person[] };
    expect(values.acquirers).toHaveLength(2);
    expect(values.acquirers[0]).toMatchObject({ firstName: "Sara", identifier: SARA, transferShare: "100" });
    // The new row is the schema's NEW_ACQUIRER: country Sverige by default.
    expect(values.acquirers[1]).toEqual({ address: { country: "Sverige" } });
    expect(values.transferors[0]).toMatchObject({ transferShare: "50,5" });

    const guarantor = await post("wf-2", {
      ...typed,
      ...intent({ type: "insert", payload: { name: "guarantors", defaultValue: { id: "forged" } } }),
    });
    const withGuarantor = (await formReplyOf(guarantor)).values as { guarantors?: unknown[] };
    // The row is the page's own empty guarantor (all empty, so null in the reply), whatever the button claimed.
    expect(withGuarantor.guarantors).toEqual([null]);
    expect(await version("wf-2")).toBe(1);
    expect(await savedAcquirers("wf-2")).toEqual([]);
  });

  it("removes an acquirer; the payment-notice recipient follows its person, or falls back to the first option", async () => {
    const three = [acquirer("Sara", SARA, "40"), acquirer("Olle", OLLE, "30"), acquirer("Maja", MAJA, "30")];
    const remove = (index: number) => intent({ type: "remove", payload: { name: "acquirers", index } });
    const follows = await post("wf-2", {
      ...fields("wf-2", { acquirers: three, recipient: "Acquirer:2" }),
      ...remove(0),
    });
    expect(follows.status).toBe(200);
    const kept = (await formReplyOf(follows)).values as {
      acquirers: Person[];
      paymentNoticeRecipient: string;
    };
    expect(kept.acquirers.map((a) => a.firstName)).toEqual(["Olle", "Maja"]);
    expect(kept.paymentNoticeRecipient).toBe("Acquirer:1");

    const gone = await post("wf-2", {
      ...fields("wf-2", { acquirers: three, recipient: "Acquirer:1" }),
      ...remove(1),
    });
    const fallback = (await formReplyOf(gone)).values as {
      acquirers: Person[];
      paymentNoticeRecipient: string;
    };
    expect(fallback.acquirers.map((a) => a.firstName)).toEqual(["Sara", "Maja"]);
    expect(fallback.paymentNoticeRecipient).toBe("Acquirer:0");
    expect(await savedAcquirers("wf-2")).toEqual([]);
  });

  it("refuses forged changes with a Swedish 400 that keeps the values, never a 500", async () => {
    const typed = fields("wf-2");
    const forged = [
      { __intent__: "{not json" },
      intent({ type: "remove", payload: { name: "acquirers", index: 5 } }),
      intent({ type: "remove", payload: { name: "acquirers", index: -1 } }),
      intent({ type: "remove", payload: { name: "acquirers", index: "0" } }),
      intent({ type: "remove", payload: { name: "transferors", index: 0 } }),
      intent({ type: "insert", payload: { name: "agreement" } }),
      intent({ type: "reorder", payload: { name: "acquirers", from: 0, to: 1 } }),
      intent({ type: "reset", payload: {} }),
      intent(null),
    ];
    for (const extra of forged) {
      const answer = await post("wf-2", { ...typed, ...extra });
      expect(answer.status, JSON.stringify(extra)).toBe(400);
      const reply = await formReplyOf(answer);
      expect(reply.form).toEqual(["Ändringen kunde inte göras. Försök igen."]);
      expect(reply.values).toMatchObject({ agreement: { purchasePrice: "2 450 000" } });
    }
    // A transferor's own acquirer row is switched off, not removed.
    const gift = await data("wf-gift");
    expect(gift.value.acquirers[0]).toMatchObject({ isTransferor: "on" });
    const giftFields = {
      ...fields("wf-gift", { acquirers: [] }),
      "acquirers[0].isTransferor": "on",
      "acquirers[0].transferorId": "wf-gift-anna",
      ...intent({ type: "remove", payload: { name: "acquirers", index: 0 } }),
    };
    expect((await post("wf-gift", giftFields)).status).toBe(400);
  });

  it("says when no more people can be added", async () => {
    const twenty = Array.from({ length: 20 }, (_, i) => acquirer(`P${i}`, SARA, "5"));
    const answer = await post("wf-2", {
      ...fields("wf-2", { acquirers: twenty }),
      ...intent({ type: "insert", payload: { name: "acquirers" } }),
    });
    expect(answer.status).toBe(400);
    const reply = await formReplyOf(answer);
    expect(reply.fields).toEqual({ acquirers: ["Går inte lägga till fler personer"] });
    expect((reply.values as { acquirers: unknown[] }).acquirers).toHaveLength(20);
  });
});

describe("Fortsätt", () => {
  it("refuses bad input with a 400, the Swedish messages and every value typed; nothing is saved", async () => {
    const answer = await post(
      "wf-3",
      fields("wf-3", {
        shares: ["1e309", "NaN"],
        acquirers: [acquirer("Sara", SARA, "0,001", { firstName: " " })],
        agreement: { purchasePrice: "2450000,50", contractDate: "2026-02-30", entryDate: "" },
      }),
    );
    expect(answer.status).toBe(400);
    const reply = await formReplyOf(answer);
    expect(reply.fields).toMatchObject({
      "transferors[0].transferShare": ["Ange andelen som ett tal i procent, till exempel 50 eller 33,33"],
      "transferors[1].transferShare": ["Ange andelen som ett tal i procent, till exempel 50 eller 33,33"],
      "acquirers[0].firstName": ["Ange förnamn"],
      "acquirers[0].transferShare": ["Ange andelen med högst 2 decimaler"],
      "agreement.purchasePrice": ["Ange köpeskillingen i hela kronor"],
      "agreement.contractDate": ["Ogiltigt datum"],
      "agreement.entryDate": ["Ange tillträdesdatum"],
    });
    expect(reply.values).toMatchObject({
      transferors: [{ transferShare: "1e309" }, { transferShare: "NaN" }],
      agreement: { contractDate: "2026-02-30", purchasePrice: "2450000,50" },
    });
    expect(await version("wf-3")).toBe(1);
  });

  it("gives the sum rule's texts on the acquirers' list", async () => {
    const above = await post("wf-3", fields("wf-3", { acquirers: [acquirer("Sara", SARA, "100,5")] }));
    expect((await formReplyOf(above)).fields.acquirers).toEqual([
      "Förvärvad total andel 100,5% överstiger överlåten andel 100%",
    ]);
    const below = await post("wf-3", fields("wf-3", { acquirers: [acquirer("Sara", SARA, "99")] }));
    expect((await formReplyOf(below)).fields.acquirers).toEqual([
      "Förvärvad total andel 99% understiger överlåten andel 100%",
    ]);
  });

  it("refuses forged person ids: another transfer's, an unknown transferor", async () => {
    const otherAcquirer = await post(
      "wf-3",
      fields("wf-3", { acquirers: [acquirer("Sara", SARA, "100", { id: "wf-1-anna" })] }),
    );
    expect(otherAcquirer.status).toBe(400);
    expect((await formReplyOf(otherAcquirer)).fields["acquirers[0].id"]).toEqual([
      "Personen finns inte i överlåtelsen",
    ]);
    const otherTransferor = await post("wf-3", { ...fields("wf-3"), "transferors[1].id": "wf-other-per" });
    expect(otherTransferor.status).toBe(400);
    expect((await formReplyOf(otherTransferor)).fields["transferors[1].id"]).toEqual([
      "Personen finns inte i överlåtelsen",
    ]);
    expect(await version("wf-3")).toBe(1);
  });

  it("saves three acquirers (shares with a comma, as fractions) and moves on to Övriga dokument", async () => {
    const three = [
      acquirer("Sara", SARA, "50,5"),
      acquirer("Olle", OLLE, "24.75"),
      acquirer("Maja", MAJA, "24,75"),
    ];
    const answer = await post("wf-4", fields("wf-4", { acquirers: three, recipient: "Acquirer:1" }));
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/transfers/wf-4/application/optionalDocuments");
    expect(await savedAcquirers("wf-4")).toEqual([
      {
        first_name: "Sara",
        transfer_share_numerator: 101,
        transfer_share_denominator: 200,
        is_payment_notice_recipient: 0,
      },
      {
        first_name: "Olle",
        transfer_share_numerator: 99,
        transfer_share_denominator: 400,
        is_payment_notice_recipient: 1,
      },
      {
        first_name: "Maja",
        transfer_share_numerator: 99,
        transfer_share_denominator: 400,
        is_payment_notice_recipient: 0,
      },
    ]);
    const transfer = await getDb()
      .selectFrom("transfers")
      .select(["status", "purchase_price", "contract_date", "entry_date"])
      .where("id", "=", "wf-4")
      .executeTakeFirstOrThrow();
    expect(transfer).toEqual({
      status: "Draft",
      purchase_price: 2_450_000,
      contract_date: CONTRACT,
      entry_date: ENTRY,
    });
    // Coming back shows what is saved, the percent with a comma.
    const again = await data("wf-4");
    expect(again.value.acquirers.map((a) => a?.transferShare)).toEqual(["50,5", "24,75", "24,75"]);
    expect(again.value.paymentNoticeRecipient).toBe("Acquirer:1");
  });

  it("stays on the step with everything typed and `Kunde inte spara ansökan` when the save loses to another one", async () => {
    const before = await version("wf-4");
    const other = await post(
      "wf-4",
      fields("wf-4", { version: before, acquirers: [acquirer("Sara", SARA, "100")] }),
    );
    expect(other.status).toBe(303);
    const mine = fields("wf-4", { version: before, acquirers: [acquirer("Olle", OLLE, "100")] });
    const lost = await post("wf-4", mine);
    expect(lost.status).toBe(409);
    const reply = await formReplyOf(lost);
    expect(reply.form).toEqual([
      "Kunde inte spara ansökan",
      "Någon annan har sparat ansökan under tiden. Kontrollera uppgifterna och välj Fortsätt igen för att spara dem.",
    ]);
    expect(reply.values).toMatchObject({ acquirers: [{ firstName: "Olle", identifier: OLLE }] });
    // The form now carries the version it lost to: Fortsätt again saves what this user typed.
    const current = await version("wf-4");
    expect(reply.values.version).toBe(String(current));
    expect((await savedAcquirers("wf-4")).map((a) => a.first_name)).toEqual(["Sara"]);
    const retried = await post("wf-4", { ...mine, version: String(current) });
    expect(retried.status).toBe(303);
    expect((await savedAcquirers("wf-4")).map((a) => a.first_name)).toEqual(["Olle"]);
  });
});
