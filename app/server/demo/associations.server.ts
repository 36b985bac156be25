import { REGISTRY_ASSOCIATIONS, REGISTRY_SEED } from "../integrations/company-registry/index.server";
import type { Row } from "./builder/rows.server";

/**
 * The demo's housing associations with their apartments (the property objects) and the board engagements the
 * company registry reports for them. Stadsbo's, Kvarnstaden's and three of Nordhem's are in the registry.
 */

interface AssociationSeed {
  key: string;
  organisationNumber: string;
  name: string;
  tenantId: string;
  providerId: string;
  /** The property's code, the first part of its object numbers ("1102-0304"), unique within the tenant. */
  code: string;
  streets: readonly string[];
  postal: string;
  city: string;
  /** Apartments: Swedish apartment number (1102: floor 1, door 02), rooms, area. */
  apartments: ReadonlyArray<readonly [string, number, number]>;
}

const R = REGISTRY_ASSOCIATIONS;

export const SEED_ASSOCIATIONS: readonly AssociationSeed[] = [
  {
    key: "kvarnen",
    ...R.kvarnen,
    tenantId: "stadsbo",
    providerId: "simpleko",
    code: "1102",
    streets: ["Tjärhovsgatan 14", "Tjärhovsgatan 16"],
    postal: "116 21",
    city: "Stockholm",
    apartments: [
      ["1001", 2, 48],
      ["1002", 1, 34],
      ["1101", 3, 74],
      ["1102", 3, 74],
      ["1103", 2, 56],
      ["1201", 4, 96],
      ["1202", 2, 51],
      ["1203", 1, 31],
      ["1301", 3, 78],
      ["1302", 2, 58],
      ["1401", 5, 118],
      ["1402", 2, 55],
    ],
  },
  {
    key: "sjoutsikten",
    ...R.sjoutsikten,
    tenantId: "stadsbo",
    providerId: "simpleko",
    code: "1240",
    streets: ["Lugnets Allé 38", "Lugnets Allé 40"],
    postal: "120 66",
    city: "Stockholm",
    apartments: [
      ["1101", 2, 61],
      ["1102", 3, 79],
      ["1201", 2, 59],
      ["1203", 4, 101],
      ["1302", 3, 82],
      ["1401", 1, 38],
      ["1502", 3, 88],
      ["1601", 5, 124],
    ],
  },
  {
    key: "solglantan",
    ...R.solglantan,
    tenantId: "stadsbo",
    providerId: "simpleko",
    code: "1315",
    streets: ["Sysslomansgatan 22"],
    postal: "753 11",
    city: "Uppsala",
    apartments: [
      ["1001", 1, 29],
      ["1002", 2, 52],
      ["1101", 3, 71],
      ["1102", 1, 33],
      ["1201", 2, 49],
      ["1202", 3, 68],
    ],
  },
  {
    key: "vasaparken",
    ...R.vasaparken,
    tenantId: "stadsbo",
    providerId: "simpleko",
    code: "1127",
    streets: ["Dalagatan 34", "Dalagatan 36"],
    postal: "113 24",
    city: "Stockholm",
    apartments: [
      ["1101", 2, 57],
      ["1102", 4, 104],
      ["1201", 3, 83],
      ["1301", 2, 62],
      ["1302", 1, 36],
      ["1401", 3, 90],
    ],
  },
  {
    key: "tallbacken",
    ...R.tallbacken,
    tenantId: "kvarnstaden",
    providerId: "riksbyggen",
    code: "2203",
    streets: ["Tallbacksvägen 12", "Tallbacksvägen 14"],
    postal: "603 61",
    city: "Norrköping",
    apartments: [
      ["1001", 3, 76],
      ["1002", 2, 58],
      ["1101", 4, 92],
      ["1102", 2, 60],
      ["1201", 3, 77],
      ["1202", 1, 41],
    ],
  },
  {
    key: "larkan",
    ...R.larkan,
    tenantId: "nordhem",
    providerId: "fastighetsagarna",
    code: "3101",
    streets: ["Linnégatan 48"],
    postal: "413 08",
    city: "Göteborg",
    apartments: [
      ["1001", 2, 54],
      ["1101", 3, 72],
      ["1201", 2, 55],
      ["1301", 4, 98],
    ],
  },
  {
    key: "stenhuggaren",
    ...R.stenhuggaren,
    tenantId: "nordhem",
    providerId: "fastighetsagarna",
    code: "3112",
    streets: ["Stigbergsliden 9", "Stigbergsliden 11"],
    postal: "414 63",
    city: "Göteborg",
    apartments: [
      ["1001", 1, 35],
      ["1102", 2, 63],
      ["1201", 3, 79],
      ["1302", 2, 57],
    ],
  },
  {
    key: "masen",
    ...R.masen,
    tenantId: "nordhem",
    providerId: "fastighetsagarna",
    code: "3125",
    streets: ["Allmänna vägen 21"],
    postal: "414 60",
    city: "Göteborg",
    apartments: [
      ["1001", 2, 51],
      ["1101", 3, 69],
      ["1201", 2, 53],
      ["1301", 1, 32],
    ],
  },
  {
    key: "havsbrisen",
    organisationNumber: "7927630876",
    name: "Brf Havsbrisen",
    tenantId: "nordhem",
    providerId: "fastighetsagarna",
    code: "3140",
    streets: ["Långedragsvägen 84"],
    postal: "426 71",
    city: "Västra Frölunda",
    apartments: [
      ["1101", 3, 81],
      ["1201", 4, 95],
      ["1302", 2, 60],
    ],
  },
  {
    key: "kastanjen",
    organisationNumber: "7436384585",
    name: "Bostadsrättsföreningen Kastanjen 4",
    tenantId: "nordhem",
    providerId: "fastighetsagarna",
    code: "3151",
    streets: ["Kvarnbygatan 12"],
    postal: "431 34",
    city: "Mölndal",
    apartments: [
      ["1001", 2, 56],
      ["1102", 3, 73],
      ["1201", 2, 58],
    ],
  },
  {
    key: "guldheden",
    organisationNumber: "7935138292",
    name: "Brf Guldhedstornet",
    tenantId: "nordhem",
    providerId: "fastighetsagarna",
    code: "3163",
    streets: ["Doktor Allards gata 5"],
    postal: "413 24",
    city: "Göteborg",
    apartments: [
      ["1101", 2, 57],
      ["1202", 1, 38],
      ["1301", 3, 76],
      ["1502", 2, 61],
      ["1701", 4, 92],
      ["1802", 2, 58],
      ["1901", 3, 80],
      ["1902", 1, 35],
      ["2001", 2, 60],
      ["1401", 2, 59],
      ["1602", 3, 77],
      ["1801", 1, 37],
    ],
  },
  {
    key: "kungsladugard",
    organisationNumber: "7443892000",
    name: "Bostadsrättsföreningen Kungsladugård",
    tenantId: "nordhem",
    providerId: "fastighetsagarna",
    code: "3178",
    streets: ["Mariagatan 11", "Mariagatan 13"],
    postal: "414 71",
    city: "Göteborg",
    apartments: [
      ["1301", 2, 52],
      ["1302", 3, 71],
      ["1401", 2, 50],
      ["1402", 1, 36],
      ["1501", 3, 74],
      ["1502", 2, 55],
      ["1601", 4, 90],
      ["1602", 2, 54],
      ["1701", 3, 72],
      ["1001", 2, 49],
      ["1102", 3, 70],
      ["1201", 4, 88],
    ],
  },
];

/** "masen:1101": the object whose manager shows the maintenance banner. */
const UNDER_MAINTENANCE = new Set(["masen:1101"]);

export const associationId = (key: string) => `assoc-${key}`;
const objectId = (key: string, apartment: string) => `obj-${key}-${apartment}`;

export function objectOf(ref: string) {
  const [key, apartment] = ref.split(":") as [string, string];
  const association = SEED_ASSOCIATIONS.find((a) => a.key === key);
  const index = association?.apartments.findIndex(([number]) => number === apartment) ?? -1;
  const flat = association?.apartments[index];
  if (!association || !flat) throw new Error(`No seed object ${ref}`);
  return {
    id: objectId(key, apartment),
    association,
    objectNumber: `${association.code}-${String(Number(apartment.slice(0, 2)) - 10).padStart(2, "0")}${apartment.slice(2)}`,
    description: `Lägenhet ${apartment}, ${flat[1]} rok, ${flat[2]} kvm`,
    street: association.streets[index % association.streets.length]!,
    area: flat[2],
  };
}

export type SeedObject = ReturnType<typeof objectOf>;

export function objectRows(createdAt: string): Row<"property_objects">[] {
  return SEED_ASSOCIATIONS.flatMap((association) =>
    association.apartments.map(([apartment]) => {
      const object = objectOf(`${association.key}:${apartment}`);
      return {
        id: object.id,
        object_number: object.objectNumber,
        description: object.description,
        street: object.street,
        postal_code: association.postal,
        city: association.city,
        country: "Sverige",
        association_id: associationId(association.key),
        tenant_id: association.tenantId,
        provider_id: association.providerId,
        under_maintenance: UNDER_MAINTENANCE.has(`${association.key}:${apartment}`) ? 1 : 0,
        area: object.area,
        created_at: createdAt,
      };
    }),
  );
}

export function engagementRows(refreshedAt: string): Row<"board_engagements">[] {
  return REGISTRY_SEED.engagements
    .filter((e) => e.to === null)
    .map((e) => {
      const association = SEED_ASSOCIATIONS.find((a) => a.organisationNumber === e.organisationNumber);
      if (!association) throw new Error(`No seed association ${e.organisationNumber}`);
      return {
        id: `be-${association.key}-${e.personalNumber}`,
        personal_number: e.personalNumber,
        association_id: associationId(association.key),
        role: e.role,
        source: "registry" as const,
        refreshed_at: refreshedAt,
      };
    });
}
