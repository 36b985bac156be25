import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import * as page from "~/routes/newTransfer";
import type { NewTransferData } from "~/routes/newTransfer";
import { getDb } from "~/server/db/db.server";
import { OTHER_IDENTIFIER_MAX } from "~/schemas/new-transfer";
import { MAX_OTHER_IDENTIFIER_LENGTH } from "~/server/integrations/property-managers/index.server";
import { renderedPage } from "../support/render";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";

/**
 * /newTransfer (spec 03 §2.1; decision 038) without JavaScript — the search post waits for the managers' systems and
 * renders what they found for the user's own client; the create post asks first when the object has transfers under
 * way, and makes exactly one transfer per request id.
 */

const VIKTOR = "19910602-1257"; // owns half of Kvarnen 3, lgh 1203 (SimpleKo, Stadsbo): README's table
const ELIN = "19870608-3246"; // Nordhem's objects only
let maria: string;
let anders: string;
let erik: string;

const post = async (fields: Record<string, string>, cookie = maria) =>
  answered(
    page.action({ request: formRequest("/newTransfer", fields, { cookie }), params: {}, context: {} }),
  );

beforeAll(async () => {
  process.env.PROPERTY_MANAGERS_LATENCY_MS = "5";
  await startFreshApp();
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
  erik = (await signedInSession("user-erik")).cookie;
});

describe("/newTransfer without JavaScript", () => {
  it("takes Other identifiers as long as the managers' systems do", () => {
    expect(OTHER_IDENTIFIER_MAX).toBe(MAX_OTHER_IDENTIFIER_LENGTH);
  });

  it("describes every identifier type's format, since without JavaScript the hint cannot follow the choice", async () => {
    const shown = await renderedPage(page, "/newTransfer", request("/newTransfer", { cookie: maria }));
    expect(shown.status).toBe(200);
    expect(shown.html).toContain(
      "Personnummer skrivs ÅÅÅÅMMDD-NNNN och organisationsnummer NNNNNN-NNNN. En annan identifierare skrivs som förvaltaren har den.",
    );
    expect(shown.html).not.toContain('placeholder="YYYYMMDD-NNNN"');
  });

  it("is a property manager's page", async () => {
    const ok = await answered(
      page.loader({ request: request("/newTransfer", { cookie: maria }), params: {}, context: {} }),
    );
    expect(ok.status).toBe(200);
    const board = await answered(
      page.loader({ request: request("/newTransfer", { cookie: erik }), params: {}, context: {} }),
    );
    expect(board.status).toBe(302);
    expect(board.headers.get("Location")).toBe("/");
  });

  it("finds the owner's objects of the user's own client, and none of another client's", async () => {
    const answer = await post({
      intent: "search",
      identifierType: "SocialSecurityNumber",
      identifier: VIKTOR,
    });
    expect(answer.status).toBe(200);
    const data = (await answer.json()) as NewTransferData;
    expect(data.search?.objects.length).toBeGreaterThan(0);
    expect(data.search?.objects.map((o) => o.association).join(" ")).toMatch(/Kvarnen/);
    const other = (await (
      await post({ intent: "search", identifierType: "SocialSecurityNumber", identifier: ELIN })
    ).json()) as NewTransferData;
    expect(other.search?.objects).toEqual([]);
    const nordhem = (await (
      await post({ intent: "search", identifierType: "SocialSecurityNumber", identifier: ELIN }, anders)
    ).json()) as NewTransferData;
    expect(nordhem.search?.objects.length).toBeGreaterThan(0);
  });

  it("answers bad identifiers with the spec's texts, keeping what was typed", async () => {
    const cases: Array<[string, string, string]> = [
      ["SocialSecurityNumber", "", "Ange personnummer"],
      ["SocialSecurityNumber", "1991 06 02 125X", "Ogiltigt personnummer"],
      ["SocialSecurityNumber", "1991060212577", "Ogiltigt personnummer"],
      ["SocialSecurityNumber", "9".repeat(20_000), "Ogiltigt personnummer"],
      ["OrganizationNumber", "", "Ange organisationsnummer"],
      ["OrganizationNumber", "76960012345", "Ogiltigt organisationsnummer"],
      ["Other", "   ", "Ange identifierare"],
      ["Other", "x".repeat(101), "Identifieraren får vara högst 100 tecken"],
    ];
    for (const [identifierType, identifier, message] of cases) {
      const answer = await post({ intent: "search", identifierType, identifier });
      expect(answer.status, `${identifierType} ${identifier.slice(0, 20)}`).toBe(400);
      const reply = await formReplyOf(answer);
      expect(reply.fields.identifier, identifier.slice(0, 20)).toEqual([message]);
    }
    const noType = await formReplyOf(await post({ intent: "search", identifier: VIKTOR }));
    expect(noType.fields.identifierType).toEqual(["Ange identifierare"]);
    expect(noType.values.identifier).toBe(VIKTOR);
  });

  it("creates the transfer, asks first the next time (a duplicate), and makes one per request id", async () => {
    const found = (await (
      await post({ intent: "search", identifierType: "SocialSecurityNumber", identifier: VIKTOR })
    ).json()) as NewTransferData;
    const objectId = found.search!.objects[0]!.objectId;
    const fields = { intent: "create", identifierType: "SocialSecurityNumber", identifier: VIKTOR, objectId };
    const first = crypto.randomUUID();
    // The seeded Kvarnen transfers of this object may already be under way: confirm if asked.
    let answer = await post({ ...fields, requestId: first });
    if (answer.status === 200) answer = await post({ ...fields, requestId: first, confirmed: "yes" });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe(`/transfers/${first}/overview`);
    // Sent again (a double click): the same transfer, not a second.
    const again = await post({ ...fields, requestId: first, confirmed: "yes" });
    expect(again.headers.get("Location")).toBe(`/transfers/${first}/overview`);
    const second = crypto.randomUUID();
    const asked = await post({ ...fields, requestId: second });
    expect(asked.status).toBe(200);
    const data = (await asked.json()) as NewTransferData;
    expect(data.duplicates?.list.map((d) => d.transferId)).toContain(first);
    const rows = await getDb()
      .selectFrom("transfers")
      .select("id")
      .where("id", "in", [first, second])
      .execute();
    expect(rows.map((r) => r.id)).toEqual([first]);
  });

  it("refuses an object the search did not return, or no object, with Välj objekt", async () => {
    const base = {
      intent: "create",
      identifierType: "SocialSecurityNumber",
      identifier: VIKTOR,
      requestId: crypto.randomUUID(),
    };
    const none = await post(base);
    expect(none.status).toBe(400);
    expect((await formReplyOf(none)).fields.objectId).toEqual(["Välj objekt"]);
    const nordhemObject = await getDb()
      .selectFrom("property_objects")
      .select("id")
      .where("tenant_id", "=", "nordhem")
      .executeTakeFirstOrThrow();
    const foreign = await post({ ...base, objectId: nordhemObject.id });
    expect(foreign.status).toBe(400);
    expect((await formReplyOf(foreign)).form).toEqual(["Välj objekt"]);
    const notOwned = await getDb()
      .selectFrom("property_objects")
      .select("id")
      .where("tenant_id", "=", "stadsbo")
      .where("id", "not like", "%kvarnen%")
      .executeTakeFirstOrThrow();
    const wrong = await post({ ...base, objectId: notOwned.id });
    expect(wrong.status).toBe(400);
  });
});
