import { beforeAll, describe, expect, it } from "vitest";
import * as tab from "~/routes/transfers.$id.additionals";
import { buildUseCaseContext } from "~/server/context/use-case.server";
import { getDb } from "~/server/db/db.server";
import { isDomainError } from "~/server/domain/core/errors.server";
import { createSupplementRequest } from "~/server/domain/supplements/create-request.server";
import { answered, request, signedInSession, startFreshApp } from "../support/app";
import { actorFor, buildWorld, insertTransfer } from "../support/transfers";

/**
 * Who receives a supplement request (decision 025, spec-choices "Supplements"): `Ny komplettering` names them before
 * the request is made, and a transfer where nobody would see it (a manager's own, without a broker's e-mail) does not
 * take one at all.
 */

let maria: string;
const acquirer = (id: string) => [
  { id: `${id}-acq`, kind: "Acquirer" as const, first_name: "Ronja", last_name: "Vik" },
];

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(
    db,
    {
      id: "rcp-broker",
      intermediary_first_name: "Mona",
      intermediary_last_name: "Mäklare",
      intermediary_email: "mona@maklarna.example",
    },
    acquirer("rcp-broker"),
  );
  await insertTransfer(
    db,
    { id: "rcp-private", initiator_role: "PrivateIntermediary", created_by_user_id: "user-elin" },
    acquirer("rcp-private"),
  );
  await insertTransfer(
    db,
    { id: "rcp-nobody", initiator_role: "PropertyManager", created_by_user_id: "user-maria" },
    acquirer("rcp-nobody"),
  );
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
});

type NewRequest = { disabled: boolean; disabledReason: string | null; recipient: string | null };

async function newRequestOn(id: string): Promise<NewRequest> {
  const answer = await answered(
    tab.loader({
      request: request(`/transfers/${id}/additionals`, { cookie: maria }),
      params: { id },
      context: {},
    }),
  );
  return ((await answer.json()) as { newRequest: NewRequest }).newRequest;
}

describe("a supplement request's recipient", () => {
  it("is named before the request is made: the broker by e-mail, the private party in the portal", async () => {
    expect(await newRequestOn("rcp-broker")).toMatchObject({
      disabled: false,
      disabledReason: null,
      recipient: "Begäran skickas med e-post till Mona Mäklare (mona@maklarna.example).",
    });
    expect((await newRequestOn("rcp-private")).recipient).toMatch(
      /^Begäran visas för Elin Sandberg på överlåtelsens sida i portalen och skickas med e-post till \S+@\S+\.$/,
    );
  });

  it("is required: with nobody to receive it the action is disabled with the reason, and refused", async () => {
    expect(await newRequestOn("rcp-nobody")).toMatchObject({
      disabled: true,
      disabledReason:
        "Det finns ingen som kan ta emot en komplettering: överlåtelsen saknar förmedlare med e-postadress",
      recipient: null,
    });
    const ctx = buildUseCaseContext(getDb(), await actorFor(getDb(), "user-maria"));
    const refused = await createSupplementRequest(ctx, "rcp-nobody", {
      category: "TransferAgreement",
      message: "Vänligen komplettera.",
      personId: null,
    }).then(
      () => null,
      (error: unknown) => (isDomainError(error) ? { code: error.code, key: error.messageKey } : error),
    );
    expect(refused).toEqual({ code: "Forbidden", key: "blockers.noSupplementRecipient" });
    const rows = await getDb()
      .selectFrom("supplement_requests")
      .select("id")
      .where("transfer_id", "=", "rcp-nobody")
      .execute();
    expect(rows).toEqual([]);
  });
});
