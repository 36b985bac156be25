import { sql } from "kysely";
import type { DbHandle } from "../../app/server/db/kysely.server";
import {
  location,
  organisationNumber,
  planObjects,
  propertyCode,
  registryAssociations,
  uniqueName,
} from "./associations";
import { BULK_ID_PREFIX, bulkId, loadContext } from "./context";
import { DAY, isoTime } from "./format";
import { brokers } from "./people";
import { item, Rng } from "./rng";
import {
  ASSOCIATION_COLUMNS,
  OBJECT_COLUMNS,
  PARTY_COLUMNS,
  TableWriter,
  TRANSFER_COLUMNS,
  type AssociationRow,
  type Exec,
  type ObjectRow,
  type PartyRow,
  type TransferRow,
} from "./rows";
import { generateTransfer } from "./transfer";

/**
 * Bulk data for benchmarks (`npm run seed:bulk`): believable, valid transfers spread over the property
 * managers' tenants, on top of the demo data. Everything comes from one seeded PRNG and `now`, so the same
 * seed and `now` give the same rows. Rows get ids `bulk-<kind>-<n>`; a second run continues the
 * numbering and draws new organisation and object numbers, so runs add up instead of colliding.
 */

export interface BulkOptions {
  transfers: number;
  seed?: number;
  /** Property-manager tenants to spread the transfers over; default stadsbo, nordhem and kvarnstaden. */
  tenants?: readonly string[];
  /** The moment the data is relative to (decision dates in the 18 months before it, and so on). */
  now?: Date;
  onProgress?(done: number): void;
}

/** Rows inserted by one run (associations: new ones, including registry associations that were missing). */
export interface BulkResult {
  transfers: number;
  parties: number;
  associations: number;
  objects: number;
  ms: number;
}

export const DEFAULT_BULK_TENANTS = ["stadsbo", "nordhem", "kvarnstaden"] as const;

const TENANT_WEIGHTS: Record<string, number> = { stadsbo: 0.45, nordhem: 0.35, kvarnstaden: 0.2 };

/**
 * Adds `transfers` transfers (with their parties, objects and associations) to a migrated database that
 * holds the demo tenants and users. One transaction; ANALYZE afterwards so that the planner knows the sizes.
 */
export async function generateBulk(handle: DbHandle, options: BulkOptions): Promise<BulkResult> {
  const started = performance.now();
  const total = options.transfers;
  if (!Number.isSafeInteger(total) || total < 0) {
    throw new RangeError(`transfers must be a non-negative integer, got ${total}`);
  }
  const { db, kind } = handle;
  const now = (options.now ?? new Date()).getTime();
  const nowYear = new Date(now).getUTCFullYear();
  const tenantIds = options.tenants && options.tenants.length > 0 ? options.tenants : DEFAULT_BULK_TENANTS;
  const context = await loadContext(db, tenantIds);
  if (total === 0) return { transfers: 0, parties: 0, associations: 0, objects: 0, ms: 0 };

  // A later run on the same database draws other data instead of repeating the first one.
  const rng = new Rng(((options.seed ?? 1) + Math.imul(context.nextIndex.transfer - 1, 0x9e3779b1)) >>> 0);
  // Before the oldest transfer (an aborted one: 730 + 90 days back, less its contract date).
  const createdAt = isoTime(now - 3 * 365 * DAY);

  const associations = await registryAssociations(db, context, rng);
  const newCount = Math.max(context.tenants.length, Math.round(total / 40));
  for (let i = 0; i < newCount; i++) {
    const tenant =
      i < context.tenants.length
        ? item(context.tenants, i)
        : rng.weighted(context.tenants.map((t) => [t, TENANT_WEIGHTS[t.id] ?? 0.3] as const));
    const place = location(rng, tenant.id);
    associations.push({
      id: bulkId(BULK_ID_PREFIX.association, context.nextIndex.association++),
      name: uniqueName(rng, tenant.providerId === "riksbyggen", context.associationNames),
      organisationNumber: organisationNumber(rng, context.organisationNumbers),
      insert: true,
      tenantId: tenant.id,
      providerId: tenant.providerId,
      // Log-normal sizes: a few large associations, many small ones.
      weight: Math.exp(0.6 * rng.normal()),
      code: propertyCode(rng, context.usedCodes.get(tenant.id) ?? new Set()),
      ...place,
      objects: [],
      transfers: 0,
    });
  }

  const cumulative: number[] = [];
  let weightSum = 0;
  for (const a of associations) cumulative.push((weightSum += a.weight));
  const transferAssociation = new Int32Array(total);
  for (let i = 0; i < total; i++) {
    const r = rng.next() * weightSum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (item(cumulative, mid) > r) hi = mid;
      else lo = mid + 1;
    }
    transferAssociation[i] = lo;
    item(associations, lo).transfers++;
  }
  const objectOrder: number[][] = [];
  for (const a of associations) {
    planObjects(rng, a, Math.max(3, Math.round(a.transfers * rng.between(1.15, 1.45))), context, createdAt);
    const order = a.objects.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = rng.int(0, i);
      [order[i], order[j]] = [item(order, j), item(order, i)];
    }
    objectOrder.push(order);
  }

  const brokerPools = new Map(context.tenants.map((t) => [t.id, brokers(rng, t.id)]));

  let previousPragmas: { synchronous: unknown; cacheSize: unknown } | null = null;
  if (kind === "sqlite") {
    previousPragmas = {
      synchronous: (await sql<{ synchronous: number }>`pragma synchronous`.execute(db)).rows[0]?.synchronous,
      cacheSize: (await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size,
    };
    // A throwaway bulk load need not survive a power cut; a big cache keeps the nine list indexes in memory.
    await sql`pragma synchronous = OFF`.execute(db);
    await sql`pragma cache_size = -262144`.execute(db);
  }

  const counts = { associations: 0, objects: 0, transfers: 0, parties: 0 };
  try {
    await db.transaction().execute(async (trx) => {
      const exec: Exec = (query) => trx.executeQuery(query);
      const associationWriter = new TableWriter<AssociationRow>(
        exec,
        kind,
        "associations",
        ASSOCIATION_COLUMNS,
      );
      const objectWriter = new TableWriter<ObjectRow>(exec, kind, "property_objects", OBJECT_COLUMNS);
      const transferWriter = new TableWriter<TransferRow>(exec, kind, "transfers", TRANSFER_COLUMNS);
      const partyWriter = new TableWriter<PartyRow>(
        exec,
        kind,
        "transfer_parties",
        PARTY_COLUMNS,
        transferWriter,
      );

      for (const a of associations) {
        if (!a.insert) continue;
        await associationWriter.add({
          id: a.id,
          organisation_number: a.organisationNumber,
          name: a.name,
          created_at: createdAt,
        });
      }
      await associationWriter.flush();
      for (const a of associations) for (const o of a.objects) await objectWriter.add(o.row);
      await objectWriter.flush();

      const used = new Int32Array(associations.length);
      const chunk = 1000;
      for (let i = 0; i < total; i++) {
        const index = transferAssociation[i] ?? 0;
        const association = item(associations, index);
        const nth = used[index] ?? 0;
        used[index] = nth + 1;
        const object = item(
          association.objects,
          item(item(objectOrder, index), nth % association.objects.length),
        );
        const generated = generateTransfer(rng, {
          id: bulkId(BULK_ID_PREFIX.transfer, context.nextIndex.transfer++),
          association,
          object,
          now,
          nowYear,
          context,
          brokers: brokerPools.get(association.tenantId) ?? [],
        });
        await transferWriter.add(generated.transfer);
        for (const party of generated.parties) {
          party.id = bulkId(BULK_ID_PREFIX.party, context.nextIndex.party++);
          await partyWriter.add(party);
        }
        if ((i + 1) % chunk === 0 || i + 1 === total) {
          await partyWriter.flush();
          options.onProgress?.(i + 1);
        }
      }
      counts.associations = associationWriter.written;
      counts.objects = objectWriter.written;
      counts.transfers = transferWriter.written;
      counts.parties = partyWriter.written;
    });
  } finally {
    if (previousPragmas) {
      await sql`pragma synchronous = ${sql.raw(String(Number(previousPragmas.synchronous ?? 1)))}`.execute(
        db,
      );
      await sql`pragma cache_size = ${sql.raw(String(Number(previousPragmas.cacheSize ?? -2000)))}`.execute(
        db,
      );
    }
  }
  await sql`analyze`.execute(db);

  return { ...counts, ms: Math.round(performance.now() - started) };
}
