import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/db.server";
import { createTransfer, objectForCreate } from "~/server/domain/transfers/create.server";
import { registerFoundObjects } from "~/server/domain/transfers/objects.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import { getUserById } from "~/server/domain/users.server";
import { createHttpPropertyManager } from "~/server/integrations/property-managers/http.server";
import { searchPropertyObjects } from "~/server/integrations/property-managers/search.server";
import type { PropertyManagerSystem } from "~/server/integrations/property-managers/types.server";
import { contextForActor } from "~/server/web/transfer-api.server";
import { startFreshApp } from "../support/app";

/**
 * Decision 039: a real manager system knows objects the portal's register (property_objects) has never seen. The
 * search registers them before their hits go out, so the object a manager picks can be created; an id another
 * system or tenant already holds is not taken over.
 */

const OWNER = "199106021257";
const NEW_OBJECT = {
  objectId: "SK-NEW-4711",
  managerId: "stadsbo",
  objectNumber: "9901-0101",
  name: "Ringvägen 101, Lägenhet 1101",
  description: "Lägenhet 1101, 2 rok, 58 kvm",
  association: { organisationNumber: "7894262265", name: "Bostadsrättsföreningen Ringen 9" },
  address: { street: "Ringvägen 101", postalCode: "118 60", city: "Stockholm", country: "Sverige" },
  underMaintenance: false,
  rules: { requirePhoneNumber: false, requireEmail: true },
  owners: [
    {
      identifier: { type: "SocialSecurityNumber", value: OWNER },
      firstName: "Viktor",
      lastName: "Hallberg",
      share: { numerator: 1, denominator: 1 },
    },
  ],
};

let server: Server;
let system: PropertyManagerSystem;
const cases: string[] = [];

beforeAll(async () => {
  await startFreshApp();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
      if (req.method === "POST" && req.url === "/v1/objects/search")
        return json(200, { objects: [NEW_OBJECT], complete: true });
      if (req.method === "GET" && req.url === `/v1/objects/${NEW_OBJECT.objectId}`)
        return json(200, NEW_OBJECT);
      if (req.method === "PUT" && req.url?.startsWith(`/v1/objects/${NEW_OBJECT.objectId}/transfer-cases/`)) {
        cases.push(req.url);
        return json(201, { caseId: "SK-2026-0042" });
      }
      return json(404, { error: "no such path" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  system = createHttpPropertyManager({
    providerId: "simpleko",
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`,
    token: "t",
  });
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("objects a manager system returns that the portal did not know", () => {
  it("are registered by the search before their hits go out, and can be created", async () => {
    const db = getDb();
    const before = await db
      .selectFrom("property_objects")
      .select("id")
      .where("id", "=", NEW_OBJECT.objectId)
      .execute();
    expect(before).toEqual([]);
    const order: string[] = [];
    const outcome = await searchPropertyObjects(
      {
        searchId: "s-1",
        query: { identifier: { type: "SocialSecurityNumber", value: OWNER } },
        tenantId: "stadsbo",
      },
      {
        systems: [system],
        timeLimitMs: 5_000,
        register: async (objects) => {
          await registerFoundObjects(db, objects);
          order.push("registered");
        },
        live: {
          group: "search:s-1",
          publisher: {
            async publish(_group, event) {
              order.push(event);
            },
          },
        },
      },
    );
    expect(outcome.objects.map((o) => o.objectId)).toEqual([NEW_OBJECT.objectId]);
    expect(order).toEqual(["registered", "propertyMangerSearchResultFound", "searchPropertyObjectCompleted"]);
    const row = await db
      .selectFrom("property_objects")
      .innerJoin("associations", "associations.id", "property_objects.association_id")
      .select([
        "property_objects.tenant_id",
        "property_objects.provider_id",
        "associations.organisation_number",
        "associations.name",
      ])
      .where("property_objects.id", "=", NEW_OBJECT.objectId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      tenant_id: "stadsbo",
      provider_id: "simpleko",
      organisation_number: "7894262265",
      name: "Bostadsrättsföreningen Ringen 9",
    });

    const maria = (await getUserById(db, "user-maria"))!;
    const ctx = {
      ...contextForActor({
        viewer: await viewerFor(db, maria),
        firstName: maria.firstName,
        lastName: maria.lastName,
      }),
      propertyManagers: {
        systemOf: () => system,
        search: () => Promise.reject(new Error("unused")),
        cacheable: false,
      },
    };
    const { object, openCase } = await objectForCreate(ctx, NEW_OBJECT.objectId);
    const requestId = crypto.randomUUID();
    const created = await createTransfer(ctx, { requestId, object }, openCase);
    expect(created).toMatchObject({ transferId: requestId, status: "Initiated", created: true });
    expect(cases).toEqual([`/v1/objects/${NEW_OBJECT.objectId}/transfer-cases/${requestId}`]);
    const transfer = await db
      .selectFrom("transfers")
      .select(["object_id", "association_name", "tenant_id"])
      .where("id", "=", requestId)
      .executeTakeFirstOrThrow();
    expect(transfer).toEqual({
      object_id: NEW_OBJECT.objectId,
      association_name: "Bostadsrättsföreningen Ringen 9",
      tenant_id: "stadsbo",
    });
  });

  it("never takes over an id registered by another system or tenant, nor registers a tenant the portal lacks", async () => {
    const db = getDb();
    const taken = await db
      .selectFrom("property_objects")
      .selectAll()
      .where("tenant_id", "=", "nordhem")
      .executeTakeFirstOrThrow();
    const foreign = {
      ...(await system.getObject(NEW_OBJECT.objectId))!,
      objectId: taken.id,
      providerId: "simpleko",
      tenantId: "stadsbo",
    };
    expect(await registerFoundObjects(db, [foreign])).toBe(0);
    const after = await db
      .selectFrom("property_objects")
      .selectAll()
      .where("id", "=", taken.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(taken);
    const unknownTenant = { ...foreign, objectId: "SK-ELSEWHERE-1", tenantId: "no-such-tenant" };
    expect(await registerFoundObjects(db, [unknownTenant])).toBe(0);
    expect(
      await db.selectFrom("property_objects").select("id").where("id", "=", "SK-ELSEWHERE-1").execute(),
    ).toEqual([]);
  });
});
