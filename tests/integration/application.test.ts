import { beforeAll, describe, expect, it } from "vitest";
import * as applicationRoute from "~/routes/api.core.transfers.$id.application";
import * as typeRoute from "~/routes/api.core.transfers.$id.transferType";
import * as validationRoute from "~/routes/api.core.transfers.$id.application.validation";
import * as submitRoute from "~/routes/api.core.transfers.$id.application.submit";
import { getDb } from "~/server/db/db.server";
import { commitSession, getSession } from "~/server/platform/session.server";
import { generatePersonnummer } from "~/lib/personnummer";
import { addDays, todayInStockholm } from "~/lib/dates";
import {
  getApplication,
  saveApplication,
  setTransferType,
  validateForSubmission,
} from "~/server/domain/application/application.server";
import type { UseCaseContext } from "~/server/domain/core/context.server";
import { isDomainError } from "~/server/domain/core/errors.server";
import { isManagerUnavailable, readManagerFacts } from "~/server/domain/application/manager.server";
import { PropertyManagerError } from "~/server/integrations/property-managers/index.server";
import { answered, request, startFreshApp } from "../support/app";
import { WORLD, actorFor, buildWorld, insertTransfer } from "../support/transfers";
import { addDocument } from "../support/documents";
import { buildUseCaseContext } from "~/server/context/use-case.server";

const context = { clientIp: "192.0.2.10" };
const NOW = new Date("2026-11-26T10:00:00Z");
/** The API calls run on the real clock. */
const TOMORROW = addDays(todayInStockholm(), 1);

const ANNA = generatePersonnummer({ year: 1960, month: 3, day: 14 }, 242);
const PER = generatePersonnummer({ year: 1958, month: 11, day: 2 }, 131);
const SARA = generatePersonnummer({ year: 1990, month: 6, day: 30 }, 482);
const GUN = generatePersonnummer({ year: 1965, month: 1, day: 20 }, 368);
/** Gun's number as a coordination number (day + 60), with its own check digit. */
const GUN_COORDINATION = (() => {
  const first11 = `${GUN.slice(0, 6)}80${GUN.slice(8, 11)}`;
  for (let d = 0; d <= 9; d++) {
    const digits = `${first11}${d}`.slice(2);
    let sum = 0;
    for (let i = 0; i < 10; i++) {
      let n = Number(digits[i]) * (i % 2 === 0 ? 2 : 1);
      if (n > 9) n -= 9;
      sum += n;
    }
    if (sum % 10 === 0) return `${first11}${d}`;
  }
  throw new Error("no check digit");
})();

const half = { owner_share_numerator: 1, owner_share_denominator: 2 };
function transferors(prefix: string) {
  return [
    {
      id: `${prefix}-anna`,
      kind: "Transferor",
      identifier_value: ANNA,
      first_name: "Anna",
      last_name: "Ek",
      ...half,
      transfer_share_numerator: 1,
      transfer_share_denominator: 2,
      membership_status: "MEMBER",
    },
    {
      id: `${prefix}-per`,
      kind: "Transferor",
      identifier_value: PER,
      first_name: "Per",
      last_name: "Ek",
      ...half,
      transfer_share_numerator: 1,
      transfer_share_denominator: 2,
      membership_status: "MEMBER",
    },
  ];
}

const EMPTY_AGREEMENT = { purchase_price: null, contract_date: null, entry_date: null };

let maria: string;
let anders: string;
let erik: string;

async function cookieFor(userId: string, tenantId: string): Promise<string> {
  const session = await getSession(request("/"));
  session.set("userId", userId);
  session.set("tenantId", tenantId);
  return (await commitSession(session)).split(";")[0] ?? "";
}

function jsonRequest(path: string, method: string, body: unknown, cookie: string) {
  return request(path, {
    method,
    cookie,
    body: typeof body === "string" ? body : JSON.stringify(body),
    headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
  });
}

function acquirer(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Sara",
    lastName: "Lind",
    identifier: SARA,
    emailAddress: "sara@example.se",
    address: { street: "Kvarngatan 3", postalCode: "118 47", city: "Stockholm", country: "Sverige" },
    transferShare: "100",
    ...overrides,
  };
}

function application(prefix: string, overrides: Record<string, unknown> = {}) {
  return {
    transferors: [
      { id: `${prefix}-anna`, transferShare: "50" },
      { id: `${prefix}-per`, transferShare: "50" },
    ],
    acquirers: [acquirer()],
    guarantors: [],
    paymentNoticeRecipient: "Acquirer:0",
    agreement: { purchasePrice: "2450000", contractDate: "2026-11-01", entryDate: "2026-12-01" },
    ...overrides,
  };
}

const put = (id: string, body: unknown, cookie = maria) =>
  answered(
    applicationRoute.action({
      request: jsonRequest(`/api/core/transfers/${id}/application`, "PUT", body, cookie),
      params: { id },
      context,
    }),
  );
const get = (id: string, cookie = maria) =>
  answered(
    applicationRoute.loader({
      request: request(`/api/core/transfers/${id}/application`, { cookie }),
      params: { id },
      context,
    }),
  );

async function snapshot(id: string) {
  const db = getDb();
  const transfer = await db
    .selectFrom("transfers")
    .select(["version", "status", "purchase_price", "contract_date", "entry_date", "transfer_type"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
  const parties = await db
    .selectFrom("transfer_parties")
    .selectAll()
    .where("transfer_id", "=", id)
    .orderBy("id")
    .execute();
  return { transfer, parties };
}

async function domainContext(userId: string): Promise<UseCaseContext> {
  return buildUseCaseContext(getDb(), await actorFor(getDb(), userId), { now: NOW });
}

beforeAll(async () => {
  process.env.PROPERTY_MANAGERS_LATENCY_MS = "0";
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  const initiated = { status: "Initiated", initiator_role: "PropertyManager", ...EMPTY_AGREEMENT };
  for (const id of ["app-1", "app-2", "app-3", "app-4", "app-5", "app-6"]) {
    await insertTransfer(db, { id, objectId: WORLD.objectA, ...initiated }, transferors(id));
  }
  await insertTransfer(
    db,
    { id: "app-sent", objectId: WORLD.objectA, status: "ApplicationSent" },
    transferors("app-sent"),
  );
  await insertTransfer(db, { id: "app-b", objectId: WORLD.objectB, ...initiated }, transferors("app-b"));
  await insertTransfer(db, { id: "app-org", objectId: WORLD.objectA, ...initiated }, [
    {
      id: "app-org-ab",
      kind: "Transferor",
      identifier_type: "OrganizationNumber",
      identifier_value: "5560360793",
      first_name: "Fastighets AB Ek",
      last_name: "",
      owner_share_numerator: 1,
      owner_share_denominator: 1,
      transfer_share_numerator: 1,
      transfer_share_denominator: 1,
    },
  ]);
  await insertTransfer(
    db,
    {
      id: "app-private",
      objectId: WORLD.objectA,
      status: "DraftTransfer",
      initiator_role: "PrivateIntermediary",
      created_by_user_id: "user-elin",
      ...EMPTY_AGREEMENT,
    },
    transferors("app-private"),
  );
  maria = await cookieFor("user-maria", "stadsbo");
  anders = await cookieFor("user-anders", "nordhem");
  erik = await cookieFor("user-erik", "styrelse");
});

describe("GET application", () => {
  it("reads the application in the shape of spec 03 §3, with the manager's rules and the validation result", async () => {
    const response = await get("app-1");
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      transferId: "app-1",
      status: "Initiated",
      acquirers: [],
      guarantors: [],
      paymentNoticeRecipient: null,
      agreement: { purchasePrice: null, contractDate: null, entryDate: null },
      transferType: {
        selectedTransferType: "Purchase",
        possibleTransferTypes: ["Purchase", "Gift", "Inheritance", "DivisionOfProperty"],
      },
      proposedApplication: null,
      // The object is simpleko's, whose system requires the acquirers' e-mail.
      rules: { acquirer: { requirePhoneNumber: false, requireEmail: true } },
      sharePrecision: 2,
    });
    expect(body.transferors).toEqual([
      expect.objectContaining({ id: "app-1-anna", ownerShare: { numerator: 1, denominator: 2 } }),
      expect.objectContaining({ id: "app-1-per", transferShare: { numerator: 1, denominator: 2 } }),
    ]);
    expect(body.validationResult.isValid).toBe(false);
    expect(body.validationResult.errors).toEqual(
      expect.arrayContaining([
        {
          category: "Document",
          property: "MembershipApplication,TransferAgreement",
          message: "transfer:application.missingRequiredDocuments",
          text: "Det saknas obligatoriska dokument",
        },
        expect.objectContaining({
          category: "Acquirer",
          property: "acquirers",
          text: "Det behövs minst en förvärvare",
        }),
        expect.objectContaining({ property: "agreement.purchasePrice", text: "Ange köpeskilling" }),
      ]),
    );
    expect(body.form.value.transferors[0]).toMatchObject({ id: "app-1-anna", transferShare: "50" });
  });

  it("answers another manager's transfer exactly like a missing one, and 401 without a session", async () => {
    const outOfScope = await get("app-1", anders);
    const missing = await get("nope", anders);
    expect(outOfScope.status).toBe(404);
    expect(await outOfScope.json()).toEqual(await missing.json());
    expect((await get("app-1", "")).status).toBe(401);
  });

  it("includes the document analysis's proposal", async () => {
    await getDb()
      .insertInto("document_analyses")
      .values({
        transfer_id: "app-6",
        status: "Ready",
        extraction: JSON.stringify({
          documents: [],
          transferType: "Purchase",
          purchasePrice: 1_950_000,
          contractDate: "2026-10-20",
          entryDate: "2026-12-01",
          transferors: [],
          acquirers: [{ firstName: "Sara", lastName: "Lind", identifier: SARA, share: 0.5 }],
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
        }),
        failure: null,
        document_ids: "[]",
        created_at: NOW.toISOString(),
        updated_at: NOW.toISOString(),
      })
      .execute();
    const body = await (await get("app-6")).json();
    expect(body.proposedApplication).toEqual({
      status: "Ready",
      acquirers: [
        {
          firstName: "Sara",
          lastName: "Lind",
          identifier: SARA,
          transferShare: { numerator: 1, denominator: 2 },
        },
      ],
      agreement: { purchasePrice: 1_950_000, contractDate: "2026-10-20", entryDate: "2026-12-01" },
    });
  });
});

describe("PUT application", () => {
  it("saves and reads back the application; the first save starts it (Draft)", async () => {
    const response = await put("app-1", application("app-1"));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: "Draft", version: 2 });
    const body = await (await get("app-1")).json();
    expect(body.acquirers).toEqual([
      expect.objectContaining({
        firstName: "Sara",
        identifier: { type: "SocialSecurityNumber", value: SARA },
        transferShare: { numerator: 1, denominator: 1 },
        address: { street: "Kvarngatan 3", postalCode: "118 47", city: "Stockholm", country: "Sverige" },
        isTransferor: false,
      }),
    ]);
    expect(body.paymentNoticeRecipient).toEqual({
      type: "Acquirer",
      selectedPaymentNoticeRecipientId: body.acquirers[0].id,
    });
    expect(body.agreement).toEqual({
      purchasePrice: 2450000,
      contractDate: "2026-11-01",
      entryDate: "2026-12-01",
    });
    // Saved again with the saved acquirer's id: the same row, nothing duplicated.
    const again = await put(
      "app-1",
      application("app-1", {
        version: 2,
        acquirers: [acquirer({ id: body.acquirers[0].id, firstName: "Sarah" })],
      }),
    );
    expect(again.status).toBe(200);
    const reread = await (await get("app-1")).json();
    expect(reread.acquirers).toHaveLength(1);
    expect(reread.acquirers[0]).toMatchObject({ id: body.acquirers[0].id, firstName: "Sarah" });
    const audit = await getDb()
      .selectFrom("audit_log")
      .select(["action", "user_id"])
      .where("transfer_id", "=", "app-1")
      .execute();
    expect(audit.filter((a) => a.action === "saveApplication")).toHaveLength(2);
  });

  it("accepts the Swedish comma and the point alike, and stores exact fractions", async () => {
    const response = await put(
      "app-2",
      application("app-2", {
        acquirers: [
          acquirer({ transferShare: "50,5" }),
          acquirer({ firstName: "Olle", identifier: GUN, transferShare: "49.5" }),
        ],
      }),
    );
    expect(response.status).toBe(200);
    const shares = await getDb()
      .selectFrom("transfer_parties")
      .select(["first_name", "transfer_share_numerator", "transfer_share_denominator"])
      .where("transfer_id", "=", "app-2")
      .where("kind", "=", "Acquirer")
      .orderBy("sort_order")
      .execute();
    expect(shares).toEqual([
      { first_name: "Sara", transfer_share_numerator: 101, transfer_share_denominator: 200 },
      { first_name: "Olle", transfer_share_numerator: 99, transfer_share_denominator: 200 },
    ]);
  });

  it("refuses bad input with a 400 and a Swedish message, and keeps what was saved", async () => {
    const before = await snapshot("app-1");
    const cases: Array<[string, unknown, string, string]> = [
      [
        "share 1e309",
        application("app-1", { acquirers: [acquirer({ transferShare: "1e309" })] }),
        "acquirers[0].transferShare",
        "Ange andelen som ett tal i procent, till exempel 50 eller 33,33",
      ],
      [
        "share NaN",
        application("app-1", { acquirers: [acquirer({ transferShare: "NaN" })] }),
        "acquirers[0].transferShare",
        "Ange andelen som ett tal i procent, till exempel 50 eller 33,33",
      ],
      [
        "too many decimals",
        application("app-1", { acquirers: [acquirer({ transferShare: "99,995" })] }),
        "acquirers[0].transferShare",
        "Ange andelen med högst 2 decimaler",
      ],
      [
        "2026-02-30",
        application("app-1", {
          agreement: { purchasePrice: "1", contractDate: "2026-02-30", entryDate: "2026-12-01" },
        }),
        "agreement.contractDate",
        "Ogiltigt datum",
      ],
      [
        "future contract",
        application("app-1", {
          agreement: { purchasePrice: "1", contractDate: TOMORROW, entryDate: addDays(TOMORROW, 30) },
        }),
        "agreement.contractDate",
        "Avtalsdatum måste vara dagens datum eller tidigare",
      ],
      [
        "price 0",
        application("app-1", {
          agreement: { purchasePrice: 0, contractDate: "2026-11-01", entryDate: "2026-12-01" },
        }),
        "agreement.purchasePrice",
        "Minst 1 SEK",
      ],
      [
        "coordination guarantor",
        application("app-1", {
          guarantors: [{ identifier: GUN_COORDINATION, firstName: "Gun", lastName: "Borg" }],
        }),
        "guarantors[0].identifier",
        "Borgensman måste ha ett personnummer, samordningsnummer kan inte användas",
      ],
      [
        "another transfer's transferor",
        application("app-1", {
          transferors: [
            { id: "app-2-anna", transferShare: "50" },
            { id: "app-1-per", transferShare: "50" },
          ],
        }),
        "transferors[0].id",
        "Personen finns inte i överlåtelsen",
      ],
      [
        "no e-mail (simpleko requires it)",
        application("app-1", { acquirers: [acquirer({ emailAddress: "" })] }),
        "acquirers[0].emailAddress",
        "Förvaltaren av objektet kräver e-post",
      ],
      [
        "above owned",
        application("app-1", {
          transferors: [
            { id: "app-1-anna", transferShare: "50,01" },
            { id: "app-1-per", transferShare: "50" },
          ],
        }),
        "transferors[0].transferShare",
        "Överlåten andel kan inte överstiga ägd andel 50%",
      ],
      [
        "sum below",
        application("app-1", {
          acquirers: [
            acquirer({ transferShare: "60" }),
            acquirer({ firstName: "Olle", identifier: GUN, transferShare: "30" }),
          ],
        }),
        "acquirers",
        "Förvärvad total andel 90% understiger överlåten andel 100%",
      ],
      [
        "sum above",
        application("app-1", {
          acquirers: [
            acquirer({ transferShare: "60" }),
            acquirer({ firstName: "Olle", identifier: GUN, transferShare: "40,5" }),
          ],
        }),
        "acquirers",
        "Förvärvad total andel 100,5% överstiger överlåten andel 100%",
      ],
    ];
    for (const [name, body, field, text] of cases) {
      const response = await put("app-1", body);
      expect(response.status, name).toBe(400);
      const answer = await response.json();
      expect(answer.errors?.[field], name).toEqual([text]);
    }
    // A JSON number that overflows arrives as Infinity: refused the same way.
    const overflow = await put(
      "app-1",
      JSON.stringify(application("app-1")).replace('"transferShare":"100"', '"transferShare":1e309'),
    );
    expect(overflow.status).toBe(400);
    expect((await overflow.json()).errors["acquirers[0].transferShare"]).toEqual([
      "Ange andelen som ett tal i procent, till exempel 50 eller 33,33",
    ]);
    // Another transfer's acquirer id.
    const other = await getDb()
      .selectFrom("transfer_parties")
      .select("id")
      .where("transfer_id", "=", "app-2")
      .where("kind", "=", "Acquirer")
      .executeTakeFirstOrThrow();
    const stolen = await put("app-1", application("app-1", { acquirers: [acquirer({ id: other.id })] }));
    expect(stolen.status).toBe(400);
    expect((await stolen.json()).errors["acquirers[0].id"]).toEqual(["Personen finns inte i överlåtelsen"]);
    expect((await put("app-1", "{not json")).status).toBe(400);
    expect(await snapshot("app-1")).toEqual(before);
  });

  it("refuses a stale version with 409 and keeps the newer save", async () => {
    const before = await snapshot("app-1");
    const stale = await put("app-1", application("app-1", { version: 1 }));
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({
      message: "Överlåtelsen har ändrats av någon annan under tiden. Ladda om sidan och försök igen.",
    });
    expect(await snapshot("app-1")).toEqual(before);
  });

  it("is refused to a board member (403), for a sent application (403) and out of scope (404)", async () => {
    expect((await put("app-3", application("app-3"), erik)).status).toBe(403);
    expect((await put("app-sent", application("app-sent"))).status).toBe(403);
    const outOfScope = await put("app-b", application("app-b"), maria);
    expect(outOfScope.status).toBe(404);
    expect(await outOfScope.json()).toMatchObject({ message: "Överlåtelsen hittades inte" });
    expect((await snapshot("app-3")).parties.filter((p) => p.kind === "Acquirer")).toHaveLength(0);
  });
});

describe("the private party's application", () => {
  it("is saved by the private party who created it, and by no one else", async () => {
    const elin = await cookieFor("user-elin", "individuals");
    const karin = await cookieFor("user-karin", "styrelse");
    const saved = await put("app-private", application("app-private"), elin);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ status: "DraftTransfer", version: 2 });
    // Karin is a private party too and on the association's board: she sees it, but it is not her application.
    expect((await put("app-private", application("app-private"), karin)).status).toBe(403);
    expect((await put("app-private", application("app-private"), maria)).status).toBe(403);
    expect((await get("app-private", anders)).status).toBe(404);
  });
});

describe("transferors as acquirers and the transfer type", () => {
  it("sets the type, refuses one not possible, and saves a transferor as acquirer for a gift", async () => {
    const setType = (id: string, type: unknown, cookie = maria) =>
      answered(
        typeRoute.action({
          request: jsonRequest(`/api/core/transfers/${id}/transferType`, "PUT", { type }, cookie),
          params: { id },
          context,
        }),
      );
    const bogus = await setType("app-3", "Bogus");
    expect(bogus.status).toBe(400);
    expect(await bogus.json()).toMatchObject({
      errors: { type: ["Fångestypen kan inte väljas för den här överlåtelsen"] },
    });
    const empty = await setType("app-3", "");
    expect(await empty.json()).toMatchObject({ errors: { type: ["Välj fångestyp"] } });
    // An organisation cannot inherit or divide property: only a purchase or a gift.
    const org = await answered(
      typeRoute.loader({
        request: request("/api/core/transfers/app-org/transferType", { cookie: maria }),
        params: { id: "app-org" },
        context,
      }),
    );
    expect(await org.json()).toMatchObject({ possibleTransferTypes: ["Purchase", "Gift"] });
    expect((await setType("app-org", "Inheritance")).status).toBe(400);

    const gift = await setType("app-3", "Gift");
    expect(gift.status).toBe(200);
    expect(await gift.json()).toMatchObject({ transferType: "Gift", status: "Draft" });

    const form = (await (await get("app-3")).json()).form.value;
    // Both transferors are offered as acquirers, switched off with an empty share.
    expect(form.acquirers).toEqual([
      expect.objectContaining({
        isTransferor: "on",
        transferorId: "app-3-anna",
        enabled: "",
        transferShare: "",
      }),
      expect.objectContaining({
        isTransferor: "on",
        transferorId: "app-3-per",
        enabled: "",
        transferShare: "",
      }),
    ]);
    form.acquirers[0] = {
      ...form.acquirers[0],
      enabled: "on",
      transferShare: "50",
      emailAddress: "anna@example.se",
      address: acquirer().address,
    };
    form.acquirers.push(acquirer({ transferShare: "50" }));
    form.paymentNoticeRecipient = "Acquirer:0";
    form.agreement = { purchasePrice: "", contractDate: "2026-11-01", entryDate: "2026-11-01" };
    const saved = await put("app-3", form);
    expect(saved.status).toBe(200);
    const body = await (await get("app-3")).json();
    expect(body.acquirers).toEqual([
      expect.objectContaining({
        isTransferor: true,
        transferorId: "app-3-anna",
        firstName: "Anna",
        transferShare: { numerator: 1, denominator: 2 },
      }),
      expect.objectContaining({ isTransferor: false, firstName: "Sara" }),
    ]);
    expect(body.paymentNoticeRecipient.selectedPaymentNoticeRecipientId).toBe(body.acquirers[0].id);
    expect(body.form.value.acquirers[0]).toMatchObject({ enabled: "on", transferShare: "50" });
    expect(body.form.value.acquirers[1]).toMatchObject({ enabled: "" });
    expect(body.agreement.purchasePrice).toBeNull();

    // Back to a purchase: the transferor acquirer is no longer allowed, and the validation result says so.
    expect((await setType("app-3", "Purchase")).status).toBe(200);
    const validation = await answered(
      validationRoute.loader({
        request: request("/api/core/transfers/app-3/application/validation", { cookie: maria }),
        params: { id: "app-3" },
        context,
      }),
    );
    const result = await validation.json();
    expect(result.isValid).toBe(false);
    expect(result.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          category: "Acquirer",
          text: "Överlåtare kan inte vara förvärvare vid köp",
        }),
        expect.objectContaining({ property: "agreement.purchasePrice", text: "Ange köpeskilling" }),
      ]),
    );
  });
});

describe("submission", () => {
  const submit = (id: string, cookie = maria) =>
    answered(
      submitRoute.action({
        request: jsonRequest(`/api/core/transfers/${id}/application/submit`, "POST", {}, cookie),
        params: { id },
        context,
      }),
    );

  it("is refused with the remaining items until documents, people and guarantee are in order", async () => {
    expect(
      (
        await put(
          "app-4",
          application("app-4", { guarantors: [{ identifier: GUN, firstName: "Gun", lastName: "Borg" }] }),
        )
      ).status,
    ).toBe(200);
    const refused = await submit("app-4");
    expect(refused.status).toBe(400);
    const errors = (await refused.json()).errors;
    expect(errors["MembershipApplication,TransferAgreement"]).toEqual(["Det saknas obligatoriska dokument"]);
    expect(errors.PersonalGuarantee).toEqual([
      "Det saknas en verifierad borgensförbindelse för borgensmännen",
    ]);
    expect((await snapshot("app-4")).transfer.status).toBe("Draft");

    await addDocument("app-4-ma", "app-4", { category: "MembershipApplication" });
    await addDocument("app-4-ta", "app-4", { category: "TransferAgreement" });
    const stillGuarantee = await submit("app-4");
    expect(stillGuarantee.status).toBe(400);
    expect(Object.keys((await stillGuarantee.json()).errors)).toEqual(["PersonalGuarantee"]);

    await addDocument("app-4-pg-pending", "app-4", {
      category: "PersonalGuarantee",
      status: "UploadPending",
    });
    expect((await submit("app-4")).status).toBe(400);
    await addDocument("app-4-pg", "app-4", { category: "PersonalGuarantee" });
    const validation = await answered(
      validationRoute.loader({
        request: request("/api/core/transfers/app-4/application/validation", { cookie: maria }),
        params: { id: "app-4" },
        context,
      }),
    );
    expect(await validation.json()).toEqual({ isValid: true, errors: [] });

    expect((await submit("app-4", erik)).status).toBe(403);
    expect((await submit("app-4", anders)).status).toBe(404);
    const sent = await submit("app-4");
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ status: "ApplicationSent" });
    // Sent: the wizard's writes are no longer offered.
    expect((await put("app-4", application("app-4"))).status).toBe(403);
  });

  it("re-checks the saved application with today's date (a contract date in the future is refused)", async () => {
    const ctx = await domainContext("user-maria");
    await saveApplication(ctx, { transferId: "app-5", application: application("app-5") });
    await addDocument("app-5-ma", "app-5", { category: "MembershipApplication" });
    await addDocument("app-5-ta", "app-5", { category: "TransferAgreement" });
    expect((await validateForSubmission(ctx, "app-5")).isValid).toBe(true);
    // Seen from a day before the contract date, the same application is not valid.
    const earlier = await validateForSubmission({ ...ctx, now: new Date("2026-10-15T10:00:00Z") }, "app-5");
    expect(earlier.errors).toEqual([
      expect.objectContaining({
        property: "agreement.contractDate",
        text: "Avtalsdatum måste vara dagens datum eller tidigare",
      }),
    ]);
  });
});

describe("the manager's system", () => {
  it("is needed for the rules: when it does not answer, the application cannot be read or saved", async () => {
    const ctx: UseCaseContext = {
      ...(await domainContext("user-maria")),
      propertyManagers: {
        systemOf: (providerId) => ({
          providerId,
          searchObjects: () => Promise.reject(new Error("unused")),
          createTransferCase: () => Promise.reject(new Error("unused")),
          getObject: () => Promise.reject(new PropertyManagerError(providerId, "unavailable", "down")),
        }),
        search: () => Promise.reject(new Error("unused")),
        cacheable: false,
      },
    };
    await expect(getApplication(ctx, "app-5")).rejects.toSatisfy(isManagerUnavailable);
    await expect(
      saveApplication(ctx, { transferId: "app-5", application: application("app-5") }),
    ).rejects.toSatisfy(isManagerUnavailable);
    // Scope still comes first: another tenant's transfer is not found, whatever the manager.
    await expect(setTransferType(ctx, { transferId: "app-b", type: "Gift" })).rejects.toSatisfy(
      (e) => isDomainError(e) && e.code === "NotFound",
    );
  });
});

describe("the manager's answer", () => {
  it("is kept for a minute per object, and read fresh for a submission", async () => {
    const object = { provider_id: "simpleko", object_id: WORLD.objectA };
    const managers = buildUseCaseContext(getDb(), "system").propertyManagers;
    const first = await readManagerFacts(object, managers);
    expect(first.owners.map((o) => o.share)).toEqual([
      { numerator: 1, denominator: 2 },
      { numerator: 1, denominator: 2 },
    ]);
    // The object changes owners in the manager's system (the simulator reads the latest transfer's parties).
    await insertTransfer(
      getDb(),
      {
        id: "app-later",
        objectId: WORLD.objectA,
        status: "Initiated",
        created_at: "2026-11-20T08:00:00.000Z",
      },
      [{ kind: "Transferor", identifier_value: SARA, owner_share_numerator: 1, owner_share_denominator: 1 }],
    );
    expect(await readManagerFacts(object, managers)).toEqual(first);
    const fresh = await readManagerFacts(object, managers, { fresh: true });
    expect(fresh.owners).toEqual([
      expect.objectContaining({ identifier: { type: "SocialSecurityNumber", value: SARA } }),
    ]);
    expect(await readManagerFacts(object, managers, { now: Date.now() + 61_000 })).toEqual(fresh);
  });
});
