import type { Db } from "../../db/kysely.server";
import type {
  ObjectSearchRequest,
  PropertyObject,
  SearchOutcome,
} from "../../integrations/property-managers/index.server";
import type { UseCaseContext } from "../core/context.server";
import type { SearchPublisher } from "../../integrations/property-managers/search.server";

/**
 * The portal's register of the objects it has seen (property_objects, associations). A transfer names its object
 * and association by row, so an object a manager's system returns that the register lacks (a real system knows
 * far more objects than the demo seed) is written into it as the search finds it, before its hit is shown: the
 * object a user picks from the hits can always be created. An object is only ever registered under the manager
 * system and tenant that returned it; an id already registered by another system or tenant is left alone (that
 * object is then not creatable from this hit, which objectForCreate answers as missing).
 */
export async function registerFoundObjects(db: Db, objects: readonly PropertyObject[]): Promise<number> {
  let added = 0;
  // The tenants the portal serves among those named (one query for the whole answer).
  const tenantIds = [...new Set(objects.map((o) => o.tenantId))];
  const served = new Set(
    tenantIds.length === 0
      ? []
      : (await db.selectFrom("tenants").select("id").where("id", "in", tenantIds).execute()).map((t) => t.id),
  );
  for (const object of objects) {
    const organisationNumber = object.association.organisationNumber.replace(/\D/g, "").slice(-10);
    // A tenant the portal does not serve: nobody here could create a transfer of the object.
    if (!served.has(object.tenantId) || organisationNumber.length !== 10) continue;
    const at = new Date().toISOString();
    await db
      .insertInto("associations")
      .values({
        id: `assoc-${organisationNumber}`,
        organisation_number: organisationNumber,
        name: object.association.name,
        created_at: at,
      })
      .onConflict((oc) => oc.column("organisation_number").doNothing())
      .execute();
    const association = await db
      .selectFrom("associations")
      .select("id")
      .where("organisation_number", "=", organisationNumber)
      .executeTakeFirstOrThrow();
    const result = await db
      .insertInto("property_objects")
      .values({
        id: object.objectId,
        object_number: object.objectNumber,
        description: object.description,
        street: object.address.street,
        postal_code: object.address.postalCode,
        city: object.address.city,
        country: object.address.country,
        association_id: association.id,
        tenant_id: object.tenantId,
        provider_id: object.providerId,
        under_maintenance: object.underMaintenance ? 1 : 0,
        area: null,
        created_at: at,
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) added++;
  }
  return added;
}

/** The object search over the configured manager systems, registering what it finds (see above). */
export function searchObjects(
  ctx: Pick<UseCaseContext, "db" | "propertyManagers">,
  request: ObjectSearchRequest,
  options: { signal?: AbortSignal; live?: { publisher: SearchPublisher; group: string } } = {},
): Promise<SearchOutcome> {
  return ctx.propertyManagers.search(request, {
    ...options,
    register: (objects) => registerFoundObjects(ctx.db, objects).then(() => undefined),
  });
}
