import { CompiledQuery, sql, type Selectable } from "kysely";
import { luhnCheckDigit, generatePersonnummer } from "~/lib/personnummer";
import type { InitiatorRole, TransferStatus, TransferType } from "~/lib/transfer";
import {
  DEMO_BOARD_PEOPLE,
  FORMER_BOARD_MEMBER,
  OTHER_BOARD_PEOPLE,
  REGISTRY_ASSOCIATIONS,
} from "../../app/server/integrations/company-registry/index.server";
import type { Db, DbHandle, DbKind } from "../../app/server/db/kysely.server";
import type { Database } from "../../app/server/db/schema.server";

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
export const BULK_ID_PREFIX = {
  association: "bulk-a-",
  object: "bulk-o-",
  transfer: "bulk-t-",
  party: "bulk-p-",
} as const;

const TENANT_WEIGHTS: Record<string, number> = { stadsbo: 0.45, nordhem: 0.35, kvarnstaden: 0.2 };

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

const DAY = 86_400_000;
const DECISION_WINDOW_DAYS = 548; // 18 months
const HISTORY_DAYS = 730;
const STALE_AFTER_DAYS = 60;
const EXPIRED_AFTER_DAYS = 90;

const STATUS_WEIGHTS: ReadonlyArray<readonly [TransferStatus, number]> = [
  ["Initiating", 1.5],
  ["Initiated", 3],
  ["Draft", 3],
  ["DraftTransfer", 3],
  ["OngoingApplications", 8],
  ["ApplicationSent", 8],
  ["TransferReviewInProgress", 14],
  ["AwaitingInfoRequestAnswer", 5],
  ["MembershipReviewInProgress", 12],
  ["MembershipDecisionPending", 5],
  ["MembershipApproved", 30],
  ["MembershipRejected", 2],
  ["Aborting", 0.5],
  ["Aborted", 5],
];
const TYPE_WEIGHTS: ReadonlyArray<readonly [TransferType, number]> = [
  ["Purchase", 88],
  ["Gift", 4],
  ["Inheritance", 5],
  ["DivisionOfProperty", 3],
];
const INITIATOR_WEIGHTS: ReadonlyArray<readonly [InitiatorRole, number]> = [
  ["Intermediary", 80],
  ["PropertyManager", 16],
  ["PrivateIntermediary", 4],
];

const EARLY: ReadonlySet<TransferStatus> = new Set(["Initiating", "Initiated", "Draft", "DraftTransfer"]);
const APPLICATION: ReadonlySet<TransferStatus> = new Set(["OngoingApplications", "ApplicationSent"]);
const REVIEW: ReadonlySet<TransferStatus> = new Set([
  "TransferReviewInProgress",
  "AwaitingInfoRequestAnswer",
  "MembershipReviewInProgress",
  "MembershipDecisionPending",
]);
const DECIDED: ReadonlySet<TransferStatus> = new Set(["MembershipApproved", "MembershipRejected"]);

// ---- Swedish word lists ----

/** A word list written as comma-separated text, which the formatter leaves on a few lines. */
function words(text: string): readonly string[] {
  return text
    .split(",")
    .map((w) => w.replace(/\s+/g, " ").trim())
    .filter(Boolean);
}

const MALE_NAMES = words(`
  Lars, Anders, Johan, Per, Erik, Karl, Mikael, Peter, Jan, Hans, Fredrik, Daniel, Magnus, Stefan,
  Mattias, Oskar, Gustav, Axel, Viktor, Emil, Henrik, Niklas, Björn, Olof, Göran, Sven, Åke, Ulf,
  Kristoffer, Jonas, Filip, Ludvig, Hugo, Elias, Ali, Mohammed, Ahmad, Tobias, Martin, Sebastian
`);
const FEMALE_NAMES = words(`
  Anna, Eva, Maria, Karin, Kristina, Lena, Sara, Emma, Ingrid, Malin, Jenny, Linnéa, Elin, Sofia,
  Johanna, Ida, Hanna, Matilda, Ebba, Astrid, Maja, Klara, Frida, Camilla, Annika, Helena, Birgitta,
  Margareta, Ulla, Louise, Amira, Fatima, Leila, Josefin, Therese, Agnes, Alva, Wilma, Saga, Åsa
`);
const LAST_NAMES = words(`
  Andersson, Johansson, Karlsson, Nilsson, Eriksson, Larsson, Olsson, Persson, Svensson, Gustafsson,
  Pettersson, Jonsson, Jansson, Hansson, Bengtsson, Jönsson, Lindberg, Jakobsson, Magnusson, Olofsson,
  Lindström, Lindqvist, Lindgren, Berg, Axelsson, Bergström, Lundberg, Lind, Lundgren, Lundqvist,
  Mattsson, Berglund, Fredriksson, Sandberg, Henriksson, Forsberg, Sjöberg, Wallin, Engström, Eklund,
  Danielsson, Lundin, Håkansson, Björk, Bergman, Gunnarsson, Holm, Wikström, Samuelsson, Isaksson,
  Fransson, Bergqvist, Nyström, Holmberg, Arvidsson, Löfgren, Söderberg, Nyberg, Blomqvist, Claesson,
  Nordström, Mårtensson, Lundström, Åberg, Ek, Haddad, Yusuf, Karimi, Öberg, Strand
`);

// Old block names take a number ("Eken 4"); the others stand alone ("Sjöbris").
const BLOCK_NAMES = words(`
  Eken, Björken, Tallen, Granen, Linden, Almen, Lönnen, Rönnen, Aspen, Hasseln, Kastanjen, Syrenen,
  Vallmon, Klövern, Blåklinten, Smeden, Bagaren, Skräddaren, Mjölnaren, Garvaren, Svalan, Tranan,
  Hägern, Falken, Örnen, Duvan, Ugglan, Korpen, Domherren, Sparven, Vipan, Väduren, Oxen, Hjorten,
  Räven, Bävern, Uttern, Lodjuret, Gäddan, Abborren, Laxen, Ankaret, Roddaren, Seglet, Fyren,
  Kompassen, Murmästaren, Krukmakaren, Timmermannen, Sadelmakaren, Vagnmakaren, Boktryckaren,
  Glasmästaren, Repslagaren, Tunnbindaren, Hammaren, Städet, Mejseln, Lyran, Harpan, Pelikanen,
  Flamingon, Lärkträdet, Idegranen, Järnet, Kopparn, Silvret, Guldet, Tegelbruket, Ölandet, Gotland,
  Jupiter, Saturnus, Merkurius, Orion, Vintergatan, Månskenet
`);
const PLACE_NAMES = words(`
  Sjöbris, Solsidan, Utsikten, Bergshöjden, Ängsbacken, Lugnet, Strandhagen, Parkudden, Glasbruket,
  Kvarnbacken, Sjöstaden, Ekbacken, Björkhagen, Vasahöjden, Fyrmästaren, Stadsträdgården, Kronoparken,
  Allégården, Lindängen, Furuhöjden, Skogsbrynet, Hagalund, Norrsken, Morgonsol, Kvällssol,
  Havsutsikten, Älvstranden, Kajen, Slottsbacken, Kyrkbacken, Brunnsparken, Solrosen, Gullvivan,
  Blåsippan, Vitsippan, Lyktan, Tornet, Valnöten, Hamnkaptenen, Stenhagen, Ekudden, Granparken,
  Lövkojan, Rosendal, Söderljus, Västerport, Norrport, Österbo, Gläntan, Skeppsgården, Bryggeriet,
  Mälarstrand, Vattentornet, Tegelgården, Klippan, Blåbäret, Hjortronet, Lingonet, Vindrosen, Fjärden,
  Ljungen, Gransätet, Aspudden, Solbacken, Måsen, Tärnan
`);

const STREETS = words(`
  Storgatan, Drottninggatan, Kungsgatan, Vasagatan, Sveavägen, Götgatan, Hornsgatan, Ringvägen,
  Skolgatan, Kyrkogatan, Parkvägen, Björkvägen, Tallvägen, Ekvägen, Granvägen, Lindvägen, Almvägen,
  Lönngatan, Sjövägen, Strandvägen, Järnvägsgatan, Nygatan, Östra Långgatan, Västra Hamngatan, Södra
  vägen, Norra Allén, Trädgårdsgatan, Fabriksgatan, Bruksgatan, Kvarngatan, Smedjegatan, Tegnérgatan,
  Linnégatan, Karlavägen, Odengatan, Folkungagatan, Bergsgatan, Klostergatan, Slottsgatan,
  Prästgårdsgatan, Ängsvägen, Solvägen, Backvägen, Hagagatan, Rosenlundsgatan, Åsögatan,
  Industrigatan, Stationsgatan, Torggatan, Hantverkargatan, Fridhemsgatan, Vikingagatan,
  Runebergsgatan, Sturegatan, Valhallavägen, Sibyllegatan, Ekelundsvägen, Mossvägen, Lärkstigen,
  Blåklockevägen, Kaptensgatan, Skeppargatan, Mästargatan, Kopparslagargatan, Rönnbärsvägen
`);

interface City {
  name: string;
  /** First three digits of the postal codes in use. */
  postalPrefixes: readonly number[];
  /** Kronor per square metre, low and high. */
  pricePerSqm: readonly [number, number];
  weight: number;
}

const REGIONS: Record<string, readonly City[]> = {
  stockholm: [
    {
      name: "Stockholm",
      postalPrefixes: [112, 113, 114, 115, 116, 117, 118, 120, 121, 124, 126, 129],
      pricePerSqm: [62_000, 115_000],
      weight: 6,
    },
    { name: "Solna", postalPrefixes: [169, 170, 171], pricePerSqm: [52_000, 85_000], weight: 1.5 },
    { name: "Sundbyberg", postalPrefixes: [172, 174], pricePerSqm: [50_000, 80_000], weight: 1 },
    { name: "Nacka", postalPrefixes: [131, 132], pricePerSqm: [42_000, 70_000], weight: 1 },
    { name: "Täby", postalPrefixes: [183, 187], pricePerSqm: [38_000, 60_000], weight: 0.8 },
    { name: "Huddinge", postalPrefixes: [141], pricePerSqm: [30_000, 48_000], weight: 0.8 },
  ],
  gothenburg: [
    {
      name: "Göteborg",
      postalPrefixes: [411, 412, 413, 414, 415, 416, 417, 418, 421, 422, 424],
      pricePerSqm: [40_000, 72_000],
      weight: 6,
    },
    { name: "Mölndal", postalPrefixes: [431], pricePerSqm: [32_000, 50_000], weight: 1.2 },
    { name: "Partille", postalPrefixes: [433], pricePerSqm: [30_000, 46_000], weight: 0.8 },
    { name: "Kungsbacka", postalPrefixes: [434], pricePerSqm: [28_000, 45_000], weight: 0.8 },
    { name: "Borås", postalPrefixes: [503, 504, 506], pricePerSqm: [15_000, 30_000], weight: 1 },
  ],
  national: [
    { name: "Uppsala", postalPrefixes: [752, 753, 754, 756], pricePerSqm: [34_000, 55_000], weight: 3 },
    { name: "Västerås", postalPrefixes: [722, 723, 724], pricePerSqm: [20_000, 36_000], weight: 2 },
    { name: "Örebro", postalPrefixes: [702, 703], pricePerSqm: [20_000, 34_000], weight: 2 },
    { name: "Linköping", postalPrefixes: [582, 583, 584], pricePerSqm: [22_000, 38_000], weight: 2 },
    { name: "Norrköping", postalPrefixes: [602, 603], pricePerSqm: [17_000, 30_000], weight: 1.5 },
    { name: "Umeå", postalPrefixes: [903, 904, 907], pricePerSqm: [22_000, 36_000], weight: 1 },
  ],
};
const TENANT_REGIONS: Record<string, keyof typeof REGIONS> = {
  stadsbo: "stockholm",
  nordhem: "gothenburg",
  kvarnstaden: "national",
};

const BROKER_FIRMS = [
  "Hemfönster Mäkleri",
  "Nordljus Fastighetsbyrå",
  "Kvarterets Mäklare",
  "Stadsmäklarna",
  "Bofinken Fastighetsförmedling",
  "Trygga Hem Mäkleri",
  "Ekdahl & Berg Fastighetsbyrå",
  "Mäklargården",
  "Sjöstadens Mäkleri",
  "Tegelbruket Fastighetsförmedling",
] as const;
const EMAIL_DOMAINS = ["example.com", "example.net", "example.org"] as const;

// ---- A small seeded PRNG (mulberry32): fast, and the same sequence on every platform. ----

class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  /** An integer from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  between(min: number, max: number): number {
    return min + this.next() * (max - min);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return item(items, Math.floor(this.next() * items.length));
  }
  weighted<T>(table: ReadonlyArray<readonly [T, number]>): T {
    const total = table.reduce((sum, [, w]) => sum + w, 0);
    let r = this.next() * total;
    for (const [value, w] of table) {
      r -= w;
      if (r < 0) return value;
    }
    return item(table, table.length - 1)[0];
  }
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
}

function item<T>(items: readonly T[], index: number): T {
  const value = items[index];
  if (value === undefined) throw new RangeError(`No item at ${index} of ${items.length}`);
  return value;
}

// ---- Rows ----

type AssociationRow = Selectable<Database["associations"]>;
type ObjectRow = Selectable<Database["property_objects"]>;
type TransferRow = Selectable<Database["transfers"]>;
type PartyRow = Selectable<Database["transfer_parties"]>;

/** Every column of the row, at compile time: a column added to the table breaks the build here. */
function columns<Row>() {
  return <const C extends ReadonlyArray<keyof Row & string>>(
    list: C & ([Exclude<keyof Row, C[number]>] extends [never] ? unknown : "missing a column"),
  ): C => list;
}

const ASSOCIATION_COLUMNS = columns<AssociationRow>()(["id", "organisation_number", "name", "created_at"]);
const OBJECT_COLUMNS = columns<ObjectRow>()([
  "id",
  "object_number",
  "description",
  "street",
  "postal_code",
  "city",
  "country",
  "association_id",
  "tenant_id",
  "provider_id",
  "under_maintenance",
  "area",
  "created_at",
]);
const TRANSFER_COLUMNS = columns<TransferRow>()([
  "id",
  "object_id",
  "object_number",
  "association_id",
  "association_name",
  "tenant_id",
  "provider_id",
  "street",
  "postal_code",
  "city",
  "country",
  "search_text",
  "transfer_type",
  "initiator_role",
  "status",
  "status_before_info_request",
  "sale_status",
  "under_investigation_since",
  "parts_notified",
  "expired",
  "running_tasks",
  "aborting",
  "has_deviations",
  "action_is_needed",
  "awaiting_info_request_answer",
  "unresolved_messages",
  "number_of_messages",
  "finalized_at_property_manager",
  "finalized_by_user_id",
  "finalized_at",
  "purchase_price",
  "entry_date",
  "contract_date",
  "membership_decision",
  "membership_decision_date",
  "intermediary_first_name",
  "intermediary_last_name",
  "intermediary_email",
  "intermediary_office_name",
  "created_by_user_id",
  "summary_document_id",
  "version",
  "created_at",
  "modified_at",
  "deleted_at",
]);
const PARTY_COLUMNS = columns<PartyRow>()([
  "id",
  "transfer_id",
  "kind",
  "identifier_type",
  "identifier_value",
  "first_name",
  "last_name",
  "email",
  "phone",
  "street",
  "postal_code",
  "city",
  "country",
  "owner_share_numerator",
  "owner_share_denominator",
  "transfer_share_numerator",
  "transfer_share_denominator",
  "membership_status",
  "is_payment_notice_recipient",
  "sort_order",
  "created_at",
]);

type Exec = (query: CompiledQuery) => Promise<unknown>;

/** Multi-row INSERTs of as many rows as the driver's parameter limit allows (at most 1000). */
class TableWriter<Row> {
  private readonly pending: unknown[] = [];
  private readonly batchRows: number;
  private readonly statements = new Map<number, string>();
  written = 0;

  constructor(
    private readonly exec: Exec,
    private readonly kind: DbKind,
    private readonly table: string,
    private readonly cols: ReadonlyArray<keyof Row & string>,
    /** The writer of the rows these refer to: its pending rows go in first. */
    private readonly parent?: { flush(): Promise<void> },
  ) {
    const maxParameters = kind === "sqlite" ? 32_766 : 65_535;
    this.batchRows = Math.max(1, Math.min(1000, Math.floor(maxParameters / cols.length)));
  }

  async add(row: Row): Promise<void> {
    for (const col of this.cols) this.pending.push(row[col]);
    if (this.pending.length >= this.batchRows * this.cols.length) await this.flush();
  }

  async flush(): Promise<void> {
    await this.parent?.flush();
    const width = this.cols.length;
    while (this.pending.length > 0) {
      const params = this.pending.splice(0, this.batchRows * width);
      const rows = params.length / width;
      try {
        await this.exec(CompiledQuery.raw(this.statement(rows), params));
      } catch (error) {
        throw new Error(`Bulk insert into ${this.table} failed`, { cause: error });
      }
      this.written += rows;
    }
  }

  private statement(rows: number): string {
    let text = this.statements.get(rows);
    if (text) return text;
    const width = this.cols.length;
    const tuples: string[] = [];
    for (let r = 0; r < rows; r++) {
      const marks =
        this.kind === "sqlite"
          ? Array.from({ length: width }, () => "?")
          : Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`);
      tuples.push(`(${marks.join(",")})`);
    }
    text = `insert into "${this.table}" (${this.cols.map((c) => `"${c}"`).join(",")}) values ${tuples.join(",")}`;
    this.statements.set(rows, text);
    return text;
  }
}

// ---- Planning ----

interface PlannedAssociation {
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

interface PlannedObject {
  row: ObjectRow;
  rooms: number;
}

interface Context {
  tenants: Array<{ id: string; providerId: string }>;
  managers: Map<string, string[]>;
  privateCreators: Array<{ id: string; personalNumber: string; firstName: string; lastName: string }>;
  organisationNumbers: Set<string>;
  associationNames: Set<string>;
  objectNumbers: Set<string>;
  usedCodes: Map<string, Set<number>>;
  reservedPersonalNumbers: Set<string>;
  nextIndex: { association: number; object: number; transfer: number; party: number };
}

async function loadContext(db: Db, tenantIds: readonly string[]): Promise<Context> {
  const tenantRows = await db
    .selectFrom("tenants")
    .select(["id", "provider_id", "type"])
    .where("id", "in", [...tenantIds])
    .execute();
  const tenants = tenantIds.map((id) => {
    const row = tenantRows.find((t) => t.id === id);
    if (!row) throw new Error(`Unknown tenant ${id}: seed the demo data first`);
    if (row.type !== "pm" || !row.provider_id) throw new Error(`Tenant ${id} is not a property manager`);
    return { id, providerId: row.provider_id };
  });

  const users = await db
    .selectFrom("users")
    .select(["id", "tenant_id", "role", "features", "personal_number", "first_name", "last_name"])
    .where("status", "=", "Active")
    .orderBy("id")
    .execute();
  const managers = new Map<string, string[]>();
  for (const user of users) {
    if (user.role !== "PropertyManager") continue;
    managers.set(user.tenant_id, [...(managers.get(user.tenant_id) ?? []), user.id]);
  }
  const privateCreators = users
    .filter((u) => (JSON.parse(u.features) as string[]).includes("private_agreement"))
    .map((u) => ({
      id: u.id,
      personalNumber: u.personal_number,
      firstName: u.first_name,
      lastName: u.last_name,
    }));

  const associations = await db.selectFrom("associations").select(["organisation_number", "name"]).execute();
  const objects = await db
    .selectFrom("property_objects")
    .select(["tenant_id", "object_number"])
    .where("tenant_id", "in", [...tenantIds])
    .execute();
  const usedCodes = new Map<string, Set<number>>(tenantIds.map((id) => [id, new Set<number>()]));
  for (const object of objects) {
    const code = /^(\d+)-/.exec(object.object_number)?.[1];
    if (code) usedCodes.get(object.tenant_id)?.add(Number(code));
  }

  const reservedPersonalNumbers = new Set<string>([
    ...users.map((u) => u.personal_number),
    ...[...DEMO_BOARD_PEOPLE, FORMER_BOARD_MEMBER, ...OTHER_BOARD_PEOPLE].map((p) => p.personalNumber),
  ]);

  return {
    tenants,
    managers,
    privateCreators,
    organisationNumbers: new Set(associations.map((a) => a.organisation_number)),
    associationNames: new Set(associations.map((a) => a.name)),
    objectNumbers: new Set(objects.map((o) => `${o.tenant_id}|${o.object_number}`)),
    usedCodes,
    reservedPersonalNumbers,
    nextIndex: {
      association: await nextIndex(db, "associations", BULK_ID_PREFIX.association),
      object: await nextIndex(db, "property_objects", BULK_ID_PREFIX.object),
      transfer: await nextIndex(db, "transfers", BULK_ID_PREFIX.transfer),
      party: await nextIndex(db, "transfer_parties", BULK_ID_PREFIX.party),
    },
  };
}

async function nextIndex(
  db: Db,
  table: "associations" | "property_objects" | "transfers" | "transfer_parties",
  prefix: string,
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max("id").as("last"))
    .where("id", "like", `${prefix}%`)
    .executeTakeFirst();
  const last = row?.last ? Number(String(row.last).slice(prefix.length)) : 0;
  return Number.isFinite(last) ? last + 1 : 1;
}

const bulkId = (prefix: string, n: number) => `${prefix}${String(n).padStart(8, "0")}`;
const pad = (n: number, width: number) => String(n).padStart(width, "0");
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms: number) => new Date(ms).toISOString();

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
function organisationNumber(rng: Rng, taken: Set<string>): string {
  for (;;) {
    const first9 = `${rng.chance(0.7) ? "769" : "716"}${pad(rng.int(0, 999_999), 6)}`;
    const number = `${first9}${luhnCheckDigit(first9)}`;
    if (!taken.has(number)) {
      taken.add(number);
      return number;
    }
  }
}

function uniqueName(rng: Rng, riksbyggen: boolean, taken: Set<string>): string {
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

function propertyCode(rng: Rng, used: Set<number>): number {
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

function location(rng: Rng, tenantId: string) {
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

function planObjects(
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

async function registryAssociations(db: Db, context: Context, rng: Rng) {
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

// ---- People ----

interface Person {
  personalNumber: string;
  firstName: string;
  lastName: string;
}

function person(rng: Rng, nowYear: number, context: Context, minAge: number, maxAge: number): Person {
  for (;;) {
    const male = rng.chance(0.5);
    const birth = { year: nowYear - rng.int(minAge, maxAge), month: rng.int(1, 12), day: rng.int(1, 28) };
    // The serial's last digit is odd for men and even for women.
    const serial = rng.int(0, 499) * 2 + (male ? 1 : 0);
    const personalNumber = generatePersonnummer(birth, serial);
    if (context.reservedPersonalNumbers.has(personalNumber)) continue;
    return {
      personalNumber,
      firstName: rng.pick(male ? MALE_NAMES : FEMALE_NAMES),
      lastName: rng.pick(LAST_NAMES),
    };
  }
}

function ascii(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "");
}

function email(rng: Rng, p: Person): string {
  const suffix = rng.chance(0.3) ? String(rng.int(1, 99)) : "";
  return `${ascii(p.firstName)}.${ascii(p.lastName)}${suffix}@${rng.pick(EMAIL_DOMAINS)}`;
}

/** Post- och telestyrelsen keeps 070-174 06 05 to 070-174 06 99 free for fiction. */
function phone(rng: Rng): string {
  return `070-174 06 ${pad(rng.int(5, 99), 2)}`;
}

interface Broker {
  firstName: string;
  lastName: string;
  email: string;
  office: string;
}

function brokers(rng: Rng, tenantId: string): Broker[] {
  const cities = REGIONS[TENANT_REGIONS[tenantId] ?? "national"] ?? [];
  return Array.from({ length: 60 }, () => {
    const firstName = rng.pick(rng.chance(0.5) ? MALE_NAMES : FEMALE_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const firm = rng.pick(BROKER_FIRMS);
    return {
      firstName,
      lastName,
      email: `${ascii(firstName)}.${ascii(lastName)}@${ascii(firm)}.example`,
      office: `${firm} ${rng.pick(cities).name}`,
    };
  });
}

// ---- The generator ----

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

interface TransferInput {
  id: string;
  association: PlannedAssociation;
  object: PlannedObject;
  now: number;
  nowYear: number;
  context: Context;
  brokers: Broker[];
}

function generateTransfer(rng: Rng, input: TransferInput): { transfer: TransferRow; parties: PartyRow[] } {
  const { association, object, now, context } = input;
  const status = rng.weighted(STATUS_WEIGHTS);
  let initiator = rng.weighted(INITIATOR_WEIGHTS);
  if (initiator === "PrivateIntermediary" && context.privateCreators.length === 0) initiator = "Intermediary";
  const transferType = initiator === "PrivateIntermediary" ? "Purchase" : rng.weighted(TYPE_WEIGHTS);

  const active = !DECIDED.has(status) && status !== "Aborted" && status !== "Aborting";
  let decisionMs: number | null = null;
  let modified: number;
  let created: number;
  if (DECIDED.has(status)) {
    decisionMs = now - rng.between(0.5, DECISION_WINDOW_DAYS) * DAY;
    created = decisionMs - rng.between(10, 70) * DAY;
    modified = Math.min(now, decisionMs + rng.between(0, 5) * DAY);
  } else if (status === "Aborted") {
    modified = now - rng.between(0, HISTORY_DAYS) * DAY;
    created = modified - rng.between(3, 90) * DAY;
  } else if (status === "Aborting") {
    modified = now - rng.between(0, 0.1) * DAY;
    created = modified - rng.between(5, 60) * DAY;
  } else {
    modified =
      now -
      (rng.chance(0.88) ? rng.between(0, STALE_AFTER_DAYS) : rng.between(STALE_AFTER_DAYS, HISTORY_DAYS)) *
        DAY;
    created = modified - rng.between(0, EARLY.has(status) ? 10 : 45) * DAY;
  }

  const hasAgreement = !(EARLY.has(status) && rng.chance(0.4));
  const contractMs = created - rng.between(0, 10) * DAY;
  const entryMs = contractMs + rng.int(14, 150) * DAY;
  let purchasePrice: number | null = null;
  if (hasAgreement && transferType === "Purchase") {
    const area = object.row.area ?? 25 + object.rooms * 15;
    purchasePrice = Math.round((area * association.pricePerSqm * rng.between(0.9, 1.1)) / 5000) * 5000;
  }

  const reviewed = REVIEW.has(status) || DECIDED.has(status) || status === "Aborted";
  const partsNotified = DECIDED.has(status) && rng.chance(0.6);
  const expired = active && modified < now - EXPIRED_AFTER_DAYS * DAY && rng.chance(0.8);
  const saleStopped = (active && rng.chance(0.02)) || (status === "Aborted" && rng.chance(0.1));
  const investigated =
    ((APPLICATION.has(status) || REVIEW.has(status)) && rng.chance(0.02)) ||
    (status === "Aborted" && rng.chance(0.05));
  const numberOfMessages = rng.chance(0.6) ? 0 : rng.int(1, 12);
  const unresolved = Math.min(numberOfMessages, active && rng.chance(0.5) ? rng.int(0, 5) : 0);
  const managers = context.managers.get(association.tenantId) ?? [];
  const finalized = status === "MembershipApproved" && managers.length > 0 && rng.chance(0.5);
  let finalizedAt: number | null = null;
  if (finalized && decisionMs !== null) {
    finalizedAt = Math.min(now, decisionMs + rng.between(1, 20) * DAY);
    modified = Math.max(modified, finalizedAt);
  }
  let runningTasks: string[] = [];
  if (status === "Aborting") runningTasks = ["Abort"];
  else if (status === "TransferReviewInProgress" && modified > now - DAY && rng.chance(0.2)) {
    runningTasks = ["AutomaticReview"];
  }

  let createdBy: string | null = null;
  let creatorAsTransferor: Person | null = null;
  if (initiator === "PropertyManager" && managers.length > 0) createdBy = rng.pick(managers);
  if (initiator === "PrivateIntermediary") {
    const creator = rng.pick(context.privateCreators);
    createdBy = creator.id;
    creatorAsTransferor = creator;
  }
  const broker = initiator === "Intermediary" ? rng.pick(input.brokers) : null;

  const row = object.row;
  const transfer: TransferRow = {
    id: input.id,
    object_id: row.id,
    object_number: row.object_number,
    association_id: association.id,
    association_name: association.name,
    tenant_id: association.tenantId,
    provider_id: association.providerId,
    street: row.street,
    postal_code: row.postal_code,
    city: row.city,
    country: row.country,
    search_text: `${row.object_number} ${association.name}`.toLowerCase(),
    transfer_type: transferType,
    initiator_role: initiator,
    status,
    status_before_info_request:
      status === "AwaitingInfoRequestAnswer"
        ? rng.chance(0.75)
          ? "TransferReviewInProgress"
          : "MembershipReviewInProgress"
        : null,
    sale_status: saleStopped ? "Stopped" : null,
    under_investigation_since: investigated ? isoTime(rng.between(created, modified)) : null,
    parts_notified: partsNotified ? 1 : 0,
    expired: expired ? 1 : 0,
    running_tasks: JSON.stringify(runningTasks),
    aborting: status === "Aborting" ? 1 : 0,
    has_deviations: reviewed && rng.chance(REVIEW.has(status) ? 0.2 : 0.1) ? 1 : 0,
    action_is_needed: (APPLICATION.has(status) || REVIEW.has(status)) && rng.chance(0.15) ? 1 : 0,
    awaiting_info_request_answer: status === "AwaitingInfoRequestAnswer" ? 1 : 0,
    unresolved_messages: unresolved,
    number_of_messages: numberOfMessages,
    finalized_at_property_manager: finalized ? 1 : 0,
    finalized_by_user_id: finalized ? rng.pick(managers) : null,
    finalized_at: finalizedAt === null ? null : isoTime(finalizedAt),
    purchase_price: purchasePrice,
    entry_date: hasAgreement ? isoDate(entryMs) : null,
    contract_date: hasAgreement ? isoDate(contractMs) : null,
    membership_decision:
      status === "MembershipApproved" ? "Approved" : status === "MembershipRejected" ? "Rejected" : null,
    membership_decision_date: decisionMs === null ? null : isoDate(decisionMs),
    intermediary_first_name: broker?.firstName ?? null,
    intermediary_last_name: broker?.lastName ?? null,
    intermediary_email: broker?.email ?? null,
    intermediary_office_name: broker?.office ?? null,
    created_by_user_id: createdBy,
    summary_document_id: null,
    version: 1,
    created_at: isoTime(created),
    modified_at: isoTime(modified),
    deleted_at: null,
  };

  const parties: PartyRow[] = [];
  const createdAtText = transfer.created_at;
  const addParty = (kind: "Transferor" | "Acquirer", p: Person, sortOrder: number, share: number) => {
    const acquirer = kind === "Acquirer";
    // An acquirer moves in; a transferor's new address is known only sometimes.
    const moving = !acquirer && rng.chance(0.4);
    const newPlace = moving ? location(rng, association.tenantId) : null;
    parties.push({
      id: "",
      transfer_id: transfer.id,
      kind,
      identifier_type: "SocialSecurityNumber",
      identifier_value: p.personalNumber,
      first_name: p.firstName,
      last_name: p.lastName,
      email: rng.chance(0.8) ? email(rng, p) : null,
      phone: rng.chance(0.6) ? phone(rng) : null,
      street: acquirer ? row.street : (newPlace?.addresses[0] ?? null),
      postal_code: acquirer ? row.postal_code : (newPlace?.postalCode ?? null),
      city: acquirer ? row.city : (newPlace?.city.name ?? null),
      country: acquirer || newPlace ? "Sverige" : null,
      owner_share_numerator: 1,
      owner_share_denominator: share,
      transfer_share_numerator: 1,
      transfer_share_denominator: share,
      membership_status: acquirer ? (rng.chance(0.9) ? "NOTMEMBER" : "UNKNOWN") : "MEMBER",
      is_payment_notice_recipient: acquirer && sortOrder === 0 ? 1 : 0,
      sort_order: sortOrder,
      created_at: createdAtText,
    });
  };
  const transferors = rng.chance(0.45) ? 2 : 1;
  for (let i = 0; i < transferors; i++) {
    const p =
      i === 0 && creatorAsTransferor ? creatorAsTransferor : person(rng, input.nowYear, context, 25, 88);
    addParty("Transferor", p, i, transferors);
  }
  const acquirers = rng.chance(0.4) ? 2 : 1;
  for (let i = 0; i < acquirers; i++) {
    addParty("Acquirer", person(rng, input.nowYear, context, 19, 80), i, acquirers);
  }
  return { transfer, parties };
}
