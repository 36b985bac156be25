import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/db.server";
import type { LivePublisher } from "~/server/domain/core/events.server";
import {
  createPrivateTransfer,
  createTransfer,
  type NewTransferObject,
  type OpenManagerCase,
} from "~/server/domain/transfers/create.server";
import { isDomainError } from "~/server/domain/core/errors.server";
import { defaultListQuery } from "~/server/domain/transfers/lists/query.server";
import { searchTransfers } from "~/server/domain/transfers/lists/search.server";
import { startFreshApp } from "../support/app";
import { freshPostgres } from "../support/db";
import { WORLD, actorFor, buildWorld } from "../support/transfers";

import { buildUseCaseContext } from "~/server/context/use-case.server";

/**
 * Decision 038: createTransfer (manager) and createPrivateTransfer go through the transfer domain: scope
 * (another manager's object is missing), the lifecycle (Initiating → Initiated after the manager's case is opened,
 * live transferInitiated; DraftTransfer for a private party), transferors from the owners, audit, and the list
 * columns so the transfer is listed at once. A double click (the same request id) makes one transfer.
 */

const events: Array<{ group: string; event: string; payload: unknown }> = [];
const live: LivePublisher = {
  async publish(group, event, payload) {
    events.push({ group, event, payload });
  },
  async publishToUser() {},
  async accessChanged() {},
};

const KARIN = "196803142428";
const owners: NewTransferObject["owners"] = [
  {
    identifier: { type: "SocialSecurityNumber", value: KARIN },
    firstName: "Karin",
    lastName: "Lindqvist",
    share: { numerator: 1, denominator: 2 },
  },
  {
    identifier: { type: "SocialSecurityNumber", value: "199001011239" },
    firstName: "Anna",
    lastName: "Svensson",
    share: { numerator: 1, denominator: 2 },
  },
];
const objectA: NewTransferObject = {
  objectId: WORLD.objectA,
  providerId: "simpleko",
  tenantId: "stadsbo",
  owners,
};
const objectB: NewTransferObject = {
  objectId: WORLD.objectB,
  providerId: "fastighetsagarna",
  tenantId: "nordhem",
  owners,
};

const cases: Array<{ objectId: string; transferId: string }> = [];
const openCase: OpenManagerCase = async (request) => {
  cases.push({ objectId: request.objectId, transferId: request.transferId });
  return { caseId: `case-${cases.length}` };
};

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return error.code;
    throw error;
  }
  return "none";
}

beforeAll(async () => {
  await startFreshApp();
  await buildWorld(getDb());
});

describe("a property manager creates a transfer", () => {
  it("writes it Initiating, opens the manager's case, initiates it, and lists it at once", async () => {
    const db = getDb();
    const maria = await actorFor(db, "user-maria");
    const requestId = crypto.randomUUID();
    const created = await createTransfer(
      buildUseCaseContext(db, maria, { live }),
      { requestId, object: objectA },
      openCase,
    );
    expect(created).toEqual({ transferId: requestId, status: "Initiated", created: true });
    expect(cases).toContainEqual({ objectId: WORLD.objectA, transferId: requestId });
    expect(events).toContainEqual({
      group: expect.stringContaining(requestId) as string,
      event: "transferInitiated",
      payload: { transferId: requestId },
    });
    const row = await db
      .selectFrom("transfers")
      .selectAll()
      .where("id", "=", requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      status: "Initiated",
      initiator_role: "PropertyManager",
      tenant_id: "stadsbo",
      object_number: "T-1102-0304",
      association_name: WORLD.associationA.name,
      created_by_user_id: "user-maria",
    });
    const parties = await db
      .selectFrom("transfer_parties")
      .select(["kind", "identifier_value", "owner_share_numerator", "transfer_share_denominator"])
      .where("transfer_id", "=", requestId)
      .orderBy("sort_order")
      .execute();
    expect(parties).toEqual([
      {
        kind: "Transferor",
        identifier_value: KARIN,
        owner_share_numerator: 1,
        transfer_share_denominator: 2,
      },
      {
        kind: "Transferor",
        identifier_value: "199001011239",
        owner_share_numerator: 1,
        transfer_share_denominator: 2,
      },
    ]);
    const audit = await db
      .selectFrom("audit_log")
      .select("action")
      .where("transfer_id", "=", requestId)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["createTransfer", "initiate"]);
    const listed = await searchTransfers(db, maria.viewer, defaultListQuery("active"), { now: new Date() });
    expect(listed.rows.map((r) => r.id)).toContain(requestId);
  });

  it("makes exactly one transfer of a double click (the same request id twice, even at once)", async () => {
    const db = getDb();
    const maria = await actorFor(db, "user-maria");
    const requestId = crypto.randomUUID();
    const [a, b] = await Promise.allSettled([
      createTransfer(buildUseCaseContext(db, maria), { requestId, object: objectA }, openCase),
      createTransfer(buildUseCaseContext(db, maria), { requestId, object: objectA }, openCase),
    ]);
    const answers = [a, b].filter((r) => r.status === "fulfilled").map((r) => r.value);
    expect(answers).toHaveLength(2);
    expect(answers.filter((r) => r.created)).toHaveLength(1);
    const again = await createTransfer(
      buildUseCaseContext(db, maria),
      { requestId, object: objectA },
      openCase,
    );
    expect(again).toEqual({ transferId: requestId, status: "Initiated", created: false });
    const rows = await db.selectFrom("transfers").select("id").where("id", "=", requestId).execute();
    expect(rows).toHaveLength(1);
  });

  it("leaves the transfer Initiating when the manager's system fails, and finishes it on a retry", async () => {
    const db = getDb();
    const maria = await actorFor(db, "user-maria");
    const requestId = crypto.randomUUID();
    const down: OpenManagerCase = async () => {
      throw new Error("manager system unavailable");
    };
    await expect(
      createTransfer(buildUseCaseContext(db, maria), { requestId, object: objectA }, down),
    ).rejects.toThrow("unavailable");
    const stuck = await db
      .selectFrom("transfers")
      .select("status")
      .where("id", "=", requestId)
      .executeTakeFirst();
    expect(stuck?.status).toBe("Initiating");
    const retried = await createTransfer(
      buildUseCaseContext(db, maria),
      { requestId, object: objectA },
      openCase,
    );
    expect(retried.status).toBe("Initiated");
  });

  it("answers another manager's object as missing, and refuses a board member and a bad request id", async () => {
    const db = getDb();
    const maria = await actorFor(db, "user-maria");
    const anders = await actorFor(db, "user-anders");
    const erik = await actorFor(db, "user-erik");
    expect(
      await refusal(
        createTransfer(
          buildUseCaseContext(db, maria),
          { requestId: crypto.randomUUID(), object: objectB },
          openCase,
        ),
      ),
    ).toBe("NotFound");
    // The object claimed for maria's tenant but registered to another: still missing.
    expect(
      await refusal(
        createTransfer(
          buildUseCaseContext(db, maria),
          { requestId: crypto.randomUUID(), object: { ...objectB, tenantId: "stadsbo" } },
          openCase,
        ),
      ),
    ).toBe("NotFound");
    expect(
      await refusal(
        createTransfer(
          buildUseCaseContext(db, anders),
          { requestId: crypto.randomUUID(), object: objectA },
          openCase,
        ),
      ),
    ).toBe("NotFound");
    expect(
      await refusal(
        createTransfer(
          buildUseCaseContext(db, erik),
          { requestId: crypto.randomUUID(), object: objectA },
          openCase,
        ),
      ),
    ).toBe("Forbidden");
    expect(
      await refusal(
        createTransfer(
          buildUseCaseContext(db, maria),
          { requestId: "not-a-uuid", object: objectA },
          openCase,
        ),
      ),
    ).toBe("Validation");
    // Someone else's request id is not theirs to finish.
    const taken = crypto.randomUUID();
    await createTransfer(buildUseCaseContext(db, maria), { requestId: taken, object: objectA }, openCase);
    const johan = await actorFor(db, "user-johan");
    expect(
      await refusal(
        createTransfer(buildUseCaseContext(db, johan), { requestId: taken, object: objectA }, openCase),
      ),
    ).toBe("Conflict");
  });
});

describe("a private party creates a transfer of their own object", () => {
  it("makes a DraftTransfer when the user owns the object, and nothing otherwise", async () => {
    const db = getDb();
    const karin = await actorFor(db, "user-karin");
    const requestId = crypto.randomUUID();
    const created = await createPrivateTransfer(
      buildUseCaseContext(db, karin),
      { requestId, object: objectA },
      { personalNumber: KARIN },
    );
    expect(created).toEqual({ transferId: requestId, status: "DraftTransfer", created: true });
    const row = await db
      .selectFrom("transfers")
      .selectAll()
      .where("id", "=", requestId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ initiator_role: "PrivateIntermediary", created_by_user_id: "user-karin" });
    const notOwner = { ...objectA, owners: owners.slice(1) };
    expect(
      await refusal(
        createPrivateTransfer(
          buildUseCaseContext(db, karin),
          { requestId: crypto.randomUUID(), object: notOwner },
          { personalNumber: KARIN },
        ),
      ),
    ).toBe("NotFound");
    const erik = await actorFor(db, "user-erik");
    expect(
      await refusal(
        createPrivateTransfer(
          buildUseCaseContext(db, erik),
          { requestId: crypto.randomUUID(), object: objectA },
          { personalNumber: "197509025172" },
        ),
      ),
    ).toBe("Forbidden");
  });
});

describe("a double click on PostgreSQL, where two transactions really run at once", () => {
  let pg: Awaited<ReturnType<typeof freshPostgres>> = null;
  beforeAll(async () => {
    pg = await freshPostgres("seeded");
    if (!pg) return;
    await buildWorld(pg.handle.db);
  });
  afterAll(async () => {
    await pg?.drop();
  });

  it("makes one transfer and answers both clicks with it", async (context) => {
    if (!pg) return context.skip();
    const db = pg.handle.db;
    const maria = await actorFor(db, "user-maria");
    for (let round = 0; round < 5; round++) {
      const requestId = crypto.randomUUID();
      const answers = await Promise.all([
        createTransfer(buildUseCaseContext(db, maria), { requestId, object: objectA }, openCase),
        createTransfer(buildUseCaseContext(db, maria), { requestId, object: objectA }, openCase),
      ]);
      expect(answers.filter((a) => a.created)).toHaveLength(1);
      expect(answers.map((a) => a.transferId)).toEqual([requestId, requestId]);
      const rows = await db.selectFrom("transfers").select("id").where("id", "=", requestId).execute();
      expect(rows).toHaveLength(1);
    }
  });
});
