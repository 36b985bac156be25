import crypto from "node:crypto";
import type { Db } from "~/server/db/kysely.server";
import type { NewParty, NewTransfer } from "~/server/db/schema.server";
import { getUserById } from "~/server/domain/users.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import type { Actor } from "~/server/domain/core/context.server";

/**
 * A small, explicit world for domain tests: two property-manager tenants (stadsbo, nordhem), two
 * associations each managed by one of them, and board engagements for the demo board users.
 */
export const WORLD = {
  associationA: {
    id: "assoc-a",
    organisation_number: "7696001234",
    name: "Bostadsrättsföreningen Testkvarnen 1",
  },
  associationB: {
    id: "assoc-b",
    organisation_number: "7164552312",
    name: "Riksbyggens Bostadsrättsförening Testtallen",
  },
  objectA: "object-a",
  objectA2: "object-a2",
  objectB: "object-b",
} as const;

export async function buildWorld(db: Db): Promise<void> {
  const at = "2026-01-01T00:00:00.000Z";
  // Only this world's engagements count, so that each user's scope is known exactly.
  await db.deleteFrom("board_engagements").execute();
  for (const a of [WORLD.associationA, WORLD.associationB]) {
    await db
      .insertInto("associations")
      .values({ ...a, created_at: at })
      .execute();
  }
  const objects = [
    {
      id: WORLD.objectA,
      object_number: "T-1102-0304",
      association_id: WORLD.associationA.id,
      tenant_id: "stadsbo",
      provider_id: "simpleko",
      under_maintenance: 0,
    },
    {
      id: WORLD.objectA2,
      object_number: "T-1102-0501",
      association_id: WORLD.associationA.id,
      tenant_id: "stadsbo",
      provider_id: "simpleko",
      under_maintenance: 1,
    },
    {
      id: WORLD.objectB,
      object_number: "T-2201-0101",
      association_id: WORLD.associationB.id,
      tenant_id: "nordhem",
      provider_id: "fastighetsagarna",
      under_maintenance: 0,
    },
  ];
  for (const o of objects) {
    await db
      .insertInto("property_objects")
      .values({
        ...o,
        description: `Lägenhet ${o.object_number}, 3 rok, 74 kvm`,
        street: "Kvarngatan 3",
        postal_code: "118 47",
        city: "Stockholm",
        country: "Sverige",
        area: 74,
        created_at: at,
      })
      .execute();
  }
  const engagements = [
    ["197509025172", WORLD.associationA.id, "Member"], // Erik
    ["196803142428", WORLD.associationA.id, "Chair"], // Karin
    ["198311273869", WORLD.associationB.id, "Chair"], // Fatima
  ] as const;
  for (const [pn, association, role] of engagements) {
    await db
      .insertInto("board_engagements")
      .values({
        id: crypto.randomUUID(),
        personal_number: pn,
        association_id: association,
        role,
        source: "registry",
        refreshed_at: at,
      })
      .execute();
  }
}

export interface TransferSeed extends Partial<NewTransfer> {
  id: string;
  objectId?: string;
}

export async function insertTransfer(
  db: Db,
  seed: TransferSeed,
  parties: Array<Partial<NewParty>> = [],
): Promise<void> {
  const objectId = seed.objectId ?? WORLD.objectA;
  const object = await db
    .selectFrom("property_objects")
    .selectAll()
    .where("id", "=", objectId)
    .executeTakeFirstOrThrow();
  const association = await db
    .selectFrom("associations")
    .selectAll()
    .where("id", "=", object.association_id)
    .executeTakeFirstOrThrow();
  const { objectId: _ignored, ...row } = seed;
  const at = "2026-10-01T08:00:00.000Z";
  await db
    .insertInto("transfers")
    .values({
      object_id: object.id,
      object_number: object.object_number,
      association_id: association.id,
      association_name: association.name,
      tenant_id: object.tenant_id,
      provider_id: object.provider_id,
      street: object.street,
      postal_code: object.postal_code,
      city: object.city,
      country: object.country,
      search_text: `${object.object_number} ${association.name}`.toLowerCase(),
      transfer_type: "Purchase",
      initiator_role: "Intermediary",
      status: "TransferReviewInProgress",
      purchase_price: 2_450_000,
      contract_date: "2026-10-01",
      entry_date: "2026-12-01",
      created_at: at,
      modified_at: at,
      ...row,
    })
    .execute();
  let order = 0;
  for (const p of parties) {
    await db
      .insertInto("transfer_parties")
      .values({
        id: crypto.randomUUID(),
        transfer_id: seed.id,
        kind: "Acquirer",
        identifier_type: "SocialSecurityNumber",
        identifier_value: "199001011239",
        first_name: "Anna",
        last_name: "Svensson",
        transfer_share_numerator: 1,
        transfer_share_denominator: 1,
        membership_status: "NOTMEMBER",
        sort_order: order++,
        created_at: at,
        ...p,
      })
      .execute();
  }
}

export async function actorFor(db: Db, userId: string): Promise<Actor> {
  const user = await getUserById(db, userId);
  if (!user) throw new Error(`No user ${userId}`);
  return { viewer: await viewerFor(db, user), firstName: user.firstName, lastName: user.lastName };
}
