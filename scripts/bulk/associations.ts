import { luhnCheckDigit } from "~/lib/personnummer";
import { REGISTRY_ASSOCIATIONS } from "../../app/server/integrations/company-registry/index.server";
import type { Db } from "../../app/server/db/kysely.server";
import { BULK_ID_PREFIX, bulkId, type Context } from "./context";
import { pad } from "./format";
import { item, type Rng } from "./rng";
import type { ObjectRow } from "./rows";
import { BLOCK_NAMES, PLACE_NAMES, REGIONS, STREETS, TENANT_REGIONS, type City } from "./words";

// The associations a run plans, with their places, prices and objects (apartments).

/** Where the registry associations are managed (as in the demo seed) when it has no objects for them yet. */
const REGISTRY_TENANTS: Record<keyof typeof REGISTRY_ASSOCIATIONS, string> = {
  kvarnen: "stadsbo",
  sjoutsikten: "stadsbo",
  solglantan: "stadsbo",
  vasaparken: "stadsbo",
  tallbacken: "kvarnstaden",
  larkan: "nordhem",
  stenhuggaren: "nordhem",
  masen: "nordhem",
};
// A registry association is a large one, so that the demo board members have a list worth measuring.
const REGISTRY_WEIGHT = 3;

export interface PlannedAssociation {
  id: string;
  name: string;
  organisationNumber: string;
  /** False for a registry association that the demo data already has. */
  insert: boolean;
  tenantId: string;
  providerId: string;
  weight: number;
  code: number;
  city: City;
  postalCode: string;
  addresses: string[];
  pricePerSqm: number;
  objects: PlannedObject[];
  transfers: number;
}

export interface PlannedObject {
  row: ObjectRow;
  rooms: number;
}

function associationName(rng: Rng, riksbyggen: boolean): string {
  const block = () => `${rng.pick(BLOCK_NAMES)} ${rng.int(1, 40)}`;
  const place = () => rng.pick(PLACE_NAMES);
  if (riksbyggen) {
    return rng.weighted<() => string>([
      [() => `Riksbyggens Bostadsrättsförening ${place()}`, 45],
      [() => `Riksbyggens Brf ${block()}`, 30],
      [() => `Riksbyggens Bostadsrättsförening ${block()}`, 10],
      [() => `Bostadsrättsföreningen ${place()}`, 15],
    ])();
  }
  return rng.weighted<() => string>([
    [() => `Bostadsrättsföreningen ${block()}`, 40],
    [() => `Brf ${place()}`, 28],
    [() => `Bostadsrättsföreningen ${place()}`, 15],
    [() => `Brf ${block()}`, 11],
    [() => `Bostadsföreningen ${place()}`, 6],
  ])();
}

/** A housing association's number, 769… or 716…, with the Luhn check digit. */
export function organisationNumber(rng: Rng, taken: Set<string>): string {
  for (;;) {
    const first9 = `${rng.chance(0.7) ? "769" : "716"}${pad(rng.int(0, 999_999), 6)}`;
    const number = `${first9}${luhnCheckDigit(first9)}`;
    if (!taken.has(number)) {
      taken.add(number);
      return number;
    }
  }
}

export function uniqueName(rng: Rng, riksbyggen: boolean, taken: Set<string>): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const name = associationName(rng, riksbyggen);
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  // Only a very large run exhausts the combinations; a number keeps the name unique and still plausible.
  for (let n = 2; ; n++) {
    const name = `${associationName(rng, riksbyggen)} nr ${n}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
}

export function propertyCode(rng: Rng, used: Set<number>): number {
  for (let attempt = 0; attempt < 50; attempt++) {
    const code = rng.int(1000, 9999);
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
  for (let code = 1000; ; code++) {
    if (!used.has(code)) {
      used.add(code);
      return code;
    }
  }
}

export function location(rng: Rng, tenantId: string) {
  const cities = REGIONS[TENANT_REGIONS[tenantId] ?? "national"] ?? [];
  const city = rng.weighted(cities.map((c) => [c, c.weight] as const));
  const postalCode = `${rng.pick(city.postalPrefixes)} ${pad(rng.int(10, 99), 2)}`;
  const streets = Array.from({ length: rng.int(1, 2) }, () => rng.pick(STREETS));
  const addresses: string[] = [];
  for (const street of new Set(streets)) {
    const first = rng.int(1, 60);
    const entrances = rng.int(1, 4);
    for (let e = 0; e < entrances; e++) addresses.push(`${street} ${first + e * 2}`);
  }
  return { city, postalCode, addresses, pricePerSqm: rng.between(...city.pricePerSqm) };
}

const ROOM_AREAS: ReadonlyArray<readonly [number, number]> = [
  [22, 40],
  [38, 64],
  [58, 86],
  [78, 112],
  [98, 145],
];

export function planObjects(
  rng: Rng,
  association: PlannedAssociation,
  count: number,
  context: Context,
  createdAt: string,
): void {
  const perFloor = Math.max(rng.int(2, 6), Math.ceil(count / 20));
  let made = 0;
  for (let floor = 1; made < count; floor++) {
    for (let apartment = 1; apartment <= perFloor && made < count; apartment++) {
      const objectNumber = `${association.code}-${pad(floor, 2)}${pad(apartment, 2)}`;
      const key = `${association.tenantId}|${objectNumber}`;
      if (context.objectNumbers.has(key)) continue;
      context.objectNumbers.add(key);
      const rooms = rng.weighted([
        [1, 20],
        [2, 35],
        [3, 28],
        [4, 12],
        [5, 5],
      ]);
      const [low, high] = item(ROOM_AREAS, rooms - 1);
      const area = rng.chance(0.95) ? rng.int(low, high) : null;
      const lgh = (10 + floor) * 100 + apartment;
      association.objects.push({
        rooms,
        row: {
          id: bulkId(BULK_ID_PREFIX.object, context.nextIndex.object++),
          object_number: objectNumber,
          description: `Lgh ${lgh}, ${rooms} rok${area === null ? "" : `, ${area} kvm`}`,
          street: rng.pick(association.addresses),
          postal_code: association.postalCode,
          city: association.city.name,
          country: "Sverige",
          association_id: association.id,
          tenant_id: association.tenantId,
          provider_id: association.providerId,
          under_maintenance: rng.chance(0.01) ? 1 : 0,
          area,
          created_at: createdAt,
        },
      });
      made++;
    }
  }
}

export async function registryAssociations(db: Db, context: Context, rng: Rng) {
  const planned: PlannedAssociation[] = [];
  for (const [key, registry] of Object.entries(REGISTRY_ASSOCIATIONS) as Array<
    [keyof typeof REGISTRY_ASSOCIATIONS, (typeof REGISTRY_ASSOCIATIONS)[keyof typeof REGISTRY_ASSOCIATIONS]]
  >) {
    const existing = await db
      .selectFrom("associations")
      .select(["id", "name"])
      .where("organisation_number", "=", registry.organisationNumber)
      .executeTakeFirst();
    const demoObject = existing
      ? await db
          .selectFrom("property_objects")
          .select(["tenant_id", "provider_id", "street", "postal_code", "city"])
          .where("association_id", "=", existing.id)
          .orderBy("id")
          .executeTakeFirst()
      : undefined;
    const tenantId = demoObject?.tenant_id ?? REGISTRY_TENANTS[key];
    const tenant = context.tenants.find((t) => t.id === tenantId);
    if (!tenant) continue;
    const place = location(rng, tenantId);
    planned.push({
      // The id the demo seed gives the same association.
      id: existing?.id ?? `assoc-${key}`,
      name: existing?.name ?? registry.name,
      organisationNumber: registry.organisationNumber,
      insert: !existing,
      tenantId,
      providerId: demoObject?.provider_id ?? tenant.providerId,
      weight: REGISTRY_WEIGHT,
      code: propertyCode(rng, context.usedCodes.get(tenantId) ?? new Set()),
      city: demoObject ? { ...place.city, name: demoObject.city } : place.city,
      postalCode: demoObject?.postal_code ?? place.postalCode,
      addresses: demoObject ? [demoObject.street] : place.addresses,
      pricePerSqm: place.pricePerSqm,
      objects: [],
      transfers: 0,
    });
    context.organisationNumbers.add(registry.organisationNumber);
    context.associationNames.add(existing?.name ?? registry.name);
  }
  return planned;
}
