import fs from "node:fs/promises";
import path from "node:path";
import type { Insertable } from "kysely";
import { stockholmDateParts } from "~/lib/format";
import { formatOrganisationsnummer } from "~/lib/organisationsnummer";
import { formatPersonnummer, generatePersonnummer } from "~/lib/personnummer";
import {
  CHECK_TYPES,
  type AnswerStatus,
  type CheckType,
  type CreditCheckStatus,
  type DocumentCategory,
  type InitiatorRole,
  type MembershipDecisionValue,
  type MembershipStatus,
  type MessageRole,
  type NoteAudience,
  type SignDevice,
  type SupplementPersonType,
  type SupplementStatus,
  type TransferStatus,
  type TransferType,
} from "~/lib/transfer";
import {
  nextStatus,
  previousReviewStatusAfter,
  type ReviewStatus,
  type UseCase,
} from "../domain/transfers/lifecycle.server";
import { REGISTRY_ASSOCIATIONS, REGISTRY_SEED } from "../integrations/company-registry/index.server";
import type { Db } from "../db/kysely.server";
import type { Database } from "../db/schema.server";
import { makePdf } from "./pdf.server";
import { seededAnalyses } from "./analyses.server";
import { tenants } from "./tenants.server";
import { demoUsers } from "./users.server";

/**
 * The demo's transfer domain: associations, board engagements, property objects and about fifty transfers in
 * every status, with parties, documents (real PDFs on disk), checks, supplements, change requests, credit
 * checks, messages, notes, decisions and history. Dates are relative to `now`, so the demo always looks current.
 */

type Row<T extends keyof Database> = Insertable<Database[T]>;

/** The transfer whose presence means the demo transfers are already seeded. */
export const SEED_MARKER_TRANSFER_ID = "t-kvarnen-initiated";

// ---------------------------------------------------------------------------------------------------------
// Time: "3d 09:40" is 09:40 Swedish time three days ago, "5h" and "40m" are that long before now.

type When = string;

interface Clock {
  now: Date;
  /** ISO instant. */
  at(when: When): string;
  /** YYYY-MM-DD, `offset` days from today in Sweden. */
  date(offset: number): string;
  /** YYYY-MM-DD in Sweden of an ISO instant. */
  dateOf(iso: string): string;
  /** ISO instant of a wall-clock time in Sweden, `minutes` after midnight on `date`. */
  wall(date: string, minutes: number): string;
}

const DAY_MS = 86_400_000;

function makeClock(now: Date): Clock {
  const today = stockholmDateParts(now);
  const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
  const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const wallMs = (dayUtc: number, minutes: number) => {
    // Shift a UTC guess by the Swedish zone's offset at that moment.
    const guess = dayUtc + minutes * 60_000;
    const p = stockholmDateParts(new Date(guess));
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    return guess - (shown - guess);
  };
  return {
    now,
    date: (offset) => isoDate(todayUtc + offset * DAY_MS),
    dateOf(iso) {
      const p = stockholmDateParts(iso);
      return isoDate(Date.UTC(p.year, p.month - 1, p.day));
    },
    wall: (date, minutes) => new Date(wallMs(Date.parse(`${date}T00:00:00Z`), minutes)).toISOString(),
    at(when) {
      const relative = /^(\d+)([hm])$/.exec(when);
      if (relative) {
        const minutes = Number(relative[1]) * (relative[2] === "h" ? 60 : 1);
        return new Date(now.getTime() - minutes * 60_000).toISOString();
      }
      const dated = /^(\d+)d(?: (\d{2}):(\d{2}))?$/.exec(when);
      if (!dated || Number(dated[1]) < 1) throw new Error(`Bad seed time "${when}"`);
      const minutesOfDay = Number(dated[2] ?? 10) * 60 + Number(dated[3] ?? 15);
      return new Date(wallMs(todayUtc - Number(dated[1]) * DAY_MS, minutesOfDay)).toISOString();
    },
  };
}

function addMinutes(iso: string, minutes: number): string {
  return new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
}

// ---------------------------------------------------------------------------------------------------------
// People

interface Person {
  first: string;
  last: string;
  identifierType: "SocialSecurityNumber" | "OrganizationNumber";
  /** 12 digits for a person, 10 for a company. */
  identifier: string;
  email: string | null;
  phone: string | null;
  street: string;
  postal: string;
  city: string;
}

const ADDRESSES: ReadonlyArray<readonly [string, string, string]> = [
  ["Hornsgatan 112", "117 28", "Stockholm"],
  ["Sankt Eriksgatan 61", "113 34", "Stockholm"],
  ["Bondegatan 9", "116 23", "Stockholm"],
  ["Vikingagatan 17", "113 42", "Stockholm"],
  ["Råsundavägen 88", "169 57", "Solna"],
  ["Landsvägen 41", "172 65", "Sundbyberg"],
  ["Ringvägen 145", "116 61", "Stockholm"],
  ["Tegnérgatan 12", "111 40", "Stockholm"],
  ["Kungsgatan 47", "753 21", "Uppsala"],
  ["Luthagsesplanaden 30", "752 27", "Uppsala"],
  ["Drottninggatan 51", "602 32", "Norrköping"],
  ["Kungsgatan 23", "411 19", "Göteborg"],
  ["Övre Husargatan 5", "413 14", "Göteborg"],
  ["Karl Johansgatan 70", "414 55", "Göteborg"],
  ["Frölunda Torg 9", "421 42", "Västra Frölunda"],
  ["Kungsbackavägen 31", "431 36", "Mölndal"],
];
const MAIL_DOMAINS = ["example.se", "mail.example", "telia.example", "bredband.example"];
const MOBILE_PREFIXES = ["070", "072", "073", "076"];

function slug(text: string): string {
  return text
    .toLocaleLowerCase("sv-SE")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function digitSum(digits: string): number {
  return [...digits].reduce((sum, d) => sum + Number(d), 0);
}

function mobile(digits: string): string {
  const d = digits.slice(-7);
  return `${MOBILE_PREFIXES[Number(digits.slice(-1)) % 4]}-${d.slice(0, 3)} ${d.slice(3, 5)} ${d.slice(5, 7)}`;
}

/**
 * A person with a valid personal number for `birth` (YYYY-MM-DD) and serial group `n` (0–99); the gender digit
 * follows `sex`. E-mail, phone and address are derived from the number so that they stay the same every run.
 */
function person(sex: "f" | "m", first: string, last: string, birth: string, n: number): Person {
  const [year, month, day] = birth.split("-").map(Number) as [number, number, number];
  const genderDigit = ((n % 5) * 2 + (sex === "m" ? 1 : 0)) % 10;
  const pnr = generatePersonnummer({ year, month, day }, n * 10 + genderDigit);
  return withContact(first, last, "SocialSecurityNumber", pnr);
}

const f = (first: string, last: string, birth: string, n: number) => person("f", first, last, birth, n);
const m = (first: string, last: string, birth: string, n: number) => person("m", first, last, birth, n);

function withContact(
  first: string,
  last: string,
  type: Person["identifierType"],
  identifier: string,
): Person {
  const sum = digitSum(identifier);
  const address = ADDRESSES[sum % ADDRESSES.length]!;
  return {
    first,
    last,
    identifierType: type,
    identifier,
    email: `${slug(first).replace(/-/g, "")}.${slug(last)}@${MAIL_DOMAINS[sum % MAIL_DOMAINS.length]}`,
    phone: mobile(identifier),
    street: address[0],
    postal: address[1],
    city: address[2],
  };
}

/** An existing demo user as a party (their own private transfer). */
function demoPerson(userId: string): Person {
  const user = demoUsers.find((u) => u.id === userId);
  if (!user) throw new Error(`No demo user ${userId}`);
  return {
    ...withContact(user.first_name, user.last_name, "SocialSecurityNumber", user.personal_number),
    email: user.email ?? null,
  };
}

/** The estate of a deceased owner, identified by the deceased's personal number. */
function estate(deceased: Person): Person {
  return { ...deceased, first: `Dödsbo efter ${deceased.first}`, email: null, phone: null };
}

const company = (name: string, orgNumber: string): Person => ({
  ...withContact(name, "", "OrganizationNumber", orgNumber),
  email: `info@${slug(name).replace(/-ab$/, "")}.example`,
  phone: "031-711 42 00",
});

// ---------------------------------------------------------------------------------------------------------
// Associations, objects, brokers

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

const associationId = (key: string) => `assoc-${key}`;
const objectId = (key: string, apartment: string) => `obj-${key}-${apartment}`;

interface Broker {
  first: string;
  last: string;
  office: string;
  domain: string;
}

const BROKERS = {
  fastighetsbyran: {
    first: "Jenny",
    last: "Wallin",
    office: "Fastighetsbyrån Södermalm",
    domain: "fastighetsbyran.example",
  },
  notar: { first: "Marcus", last: "Törnqvist", office: "Notar Vasastan", domain: "notar.example" },
  svenskfast: {
    first: "Camilla",
    last: "Öhman",
    office: "Svensk Fastighetsförmedling Uppsala",
    domain: "svenskfast.example",
  },
  lansfast: {
    first: "Henrik",
    last: "Blom",
    office: "Länsförsäkringar Fastighetsförmedling Norrköping",
    domain: "lansfast.example",
  },
  bjurfors: {
    first: "Sara",
    last: "Ljungberg",
    office: "Bjurfors Göteborg Linné",
    domain: "bjurfors.example",
  },
  erikolsson: {
    first: "Johan",
    last: "Alm",
    office: "Erik Olsson Fastighetsförmedling Majorna",
    domain: "erikolsson.example",
  },
} satisfies Record<string, Broker>;

// ---------------------------------------------------------------------------------------------------------
// The transfers, one literal each

type Fraction = `${number}/${number}`;

interface PartyInput {
  who: Person;
  /** A transferor's (or an owning acquirer's) current share. */
  owner?: Fraction;
  share: Fraction;
  member?: MembershipStatus;
  /** Receives the payment notices (avgiftsavier); the first acquirer when none is marked. */
  notice?: boolean;
}

/** A demo user id, the transfer's broker, or the private party who created it. */
type Sender = string;

interface MessageInput {
  from: Sender;
  to: MessageRole;
  at: When;
  body: string;
  replies?: Array<{ from: Sender; at: When; body: string }>;
  resolved?: { by: string; at: When };
}

interface SupplementInput {
  category: DocumentCategory;
  /** "a1": the first acquirer. */
  person?: string;
  personType: SupplementPersonType;
  message: string;
  by: string;
  at: When;
  status: SupplementStatus;
  cancelledAt?: When;
  forwarded?: boolean;
  answer?: {
    status: AnswerStatus;
    answeredAt?: When;
    guarantors?: Person[];
    document?: boolean;
    handled?: { by: string; at: When; rejectReason?: string };
  };
}

interface ChangeInput {
  by: string;
  at: When;
  price?: [number, number];
  /** Day offsets from today, previous and new. */
  entry?: [number, number];
  contract?: [number, number];
  agreement?: boolean;
  decision?: { value: "Accepted" | "Rejected"; by: string; at: When; reason?: string };
}

interface CreditInput {
  /** "a1", "g1", ... */
  party: string;
  by: string;
  at: When;
  status: CreditCheckStatus;
  completedAt?: When;
  profile?: CreditProfile;
  erasedAt?: When;
}

interface CreditProfile {
  score: string;
  married: boolean;
  income: number;
  publicDebt?: [number, number];
  privateDebt?: [number, number];
  remarks?: Array<{ daysAgo: number; amount: number; description: string }>;
  property?: { designation: string; ownership: string; land: number; building: number; acreage: number };
  residential: { county: string; municipality: string; parish: string };
}

interface DecisionInput {
  value: MembershipDecisionValue;
  at: When;
  by: string;
  device: SignDevice;
  reason?: string;
}

interface NoteInput {
  audience: NoteAudience;
  by: string;
  at: When;
  body: string;
}

type Step = UseCase | [UseCase, When];

interface TransferInput {
  id: string;
  /** "kvarnen:1102" */
  object: string;
  type: TransferType;
  initiator: InitiatorRole;
  /** The status the history must end in (checked against the lifecycle). */
  status: TransferStatus;
  path: Step[];
  created: When;
  /** When the last step of `path` happened, unless that step has its own time. */
  updated: When;
  createdBy?: string;
  broker?: Broker;
  price?: number;
  /** Day offsets from today. */
  contract?: number;
  entry?: number;
  transferors: PartyInput[];
  acquirers?: PartyInput[];
  guarantors?: Person[];
  /** Which documents the application has: none yet, the agreement only, or all of them (default by status). */
  documents?: "none" | "agreement" | "full";
  uploadPending?: DocumentCategory;
  erased?: { category: DocumentCategory; at: When };
  archived?: { category: DocumentCategory; at: When };
  deviations?: CheckType[];
  accepted?: Array<{ type: CheckType; by: string; at: When }>;
  saleStopped?: When;
  investigation?: When;
  partsNotified?: When;
  expired?: boolean;
  finalized?: { by: string; at: When };
  decision?: DecisionInput;
  pendingSign?: { by: string; at: When; device: SignDevice };
  supplements?: SupplementInput[];
  changes?: ChangeInput[];
  credit?: CreditInput[];
  messages?: MessageInput[];
  notes?: NoteInput[];
}

const PM_DRAFT: Step[] = ["createTransfer", "initiate", "startApplication"];
const PM_SENT: Step[] = [...PM_DRAFT, "submitApplication"];
const PM_REVIEW: Step[] = [...PM_SENT, "completeAutomaticReview"];
const BROKER_REVIEW: Step[] = ["registerFromIntermediary", "submitApplication", "completeAutomaticReview"];
const PRIVATE_REVIEW: Step[] = ["createPrivateTransfer", "submitApplication", "completeAutomaticReview"];

const STOCKHOLM = { county: "Stockholms län", municipality: "Stockholm", parish: "Katarina" };
const GOTEBORG = { county: "Västra Götalands län", municipality: "Göteborg", parish: "Masthugget" };
const NORRKOPING = { county: "Östergötlands län", municipality: "Norrköping", parish: "Sankt Olai" };

/**
 * Nordhem's ongoing sales queue: eighteen plain broker sales in Kungsladugård and Guldheden, so that Anders
 * Lund's default list (Aktiva överlåtelser) holds more than one page of 25 and the demo shows `Hämta fler
 * överlåtelser`. Plain on purpose: no flags, messages or supplements beyond what each status implies.
 */
function nordhemQueue(): TransferInput[] {
  const objects = [
    ...["1301", "1302", "1401", "1402", "1501", "1502", "1601", "1602", "1701"].map(
      (a) => `kungsladugard:${a}`,
    ),
    ...["1101", "1202", "1301", "1502", "1701", "1802", "1901", "1902", "2001"].map((a) => `guldheden:${a}`),
  ];
  const sellers: Array<[string, string, string, "f" | "m"]> = [
    ["Ingrid", "Alvarsson", "1958-03-14", "f"],
    ["Tomas", "Berglöf", "1969-11-02", "m"],
    ["Sanna", "Claesson", "1987-05-21", "f"],
    ["Mikael", "Dahlberg", "1974-08-09", "m"],
    ["Elsa", "Eriksson", "1995-01-30", "f"],
    ["Rasmus", "Frisk", "1989-06-17", "m"],
    ["Linnea", "Gustafsson", "1991-12-05", "f"],
    ["Hampus", "Holm", "1983-02-26", "m"],
    ["Agnes", "Isaksson", "1966-09-13", "f"],
  ];
  const buyers: Array<[string, string, string, "f" | "m"]> = [
    ["Nils", "Jakobsson", "1996-04-08", "m"],
    ["Tilda", "Karlberg", "1998-07-19", "f"],
    ["Axel", "Lindahl", "1994-10-27", "m"],
    ["Maja", "Mattsson", "1997-03-03", "f"],
    ["Vincent", "Nordin", "1993-05-14", "m"],
    ["Wilma", "Olofsson", "1999-08-22", "f"],
    ["Hugo", "Palm", "1990-01-11", "m"],
    ["Alva", "Rydberg", "1995-11-29", "f"],
    ["Melvin", "Sjögren", "1992-06-06", "m"],
  ];
  const brokers = [BROKERS.bjurfors, BROKERS.erikolsson];
  return objects.map((object, i): TransferInput => {
    const seller = sellers[i % sellers.length]!;
    const buyer = buyers[(i * 4) % buyers.length]!;
    const daysAgo = 2 + i * 2;
    const base = {
      id: `t-nordhem-queue-${String(i + 1).padStart(2, "0")}`,
      object,
      type: "Purchase" as const,
      initiator: "Intermediary" as const,
      created: `${daysAgo + 6}d 09:${String(10 + i).padStart(2, "0")}`,
      updated: `${daysAgo}d 14:${String(10 + i).padStart(2, "0")}`,
      broker: brokers[i % brokers.length]!,
      price: 2_150_000 + i * 137_000,
      contract: -(daysAgo + 7),
      entry: 30 + i * 3,
      transferors: [
        {
          who: person(seller[3], seller[0], seller[1], seller[2], 60 + i),
          owner: "1/1" as const,
          share: "1/1" as const,
        },
      ],
      acquirers: [{ who: person(buyer[3], buyer[0], buyer[1], buyer[2], 80 + i), share: "1/1" as const }],
    };
    switch (i % 3) {
      case 0:
        return {
          ...base,
          status: "OngoingApplications",
          path: ["registerFromIntermediary"],
          documents: "agreement",
        };
      case 1:
        return { ...base, status: "TransferReviewInProgress", path: BROKER_REVIEW };
      default:
        return {
          ...base,
          status: "MembershipReviewInProgress",
          path: [...BROKER_REVIEW, "sendToMembershipReview"],
        };
    }
  });
}

/** The demo's transfers. Parties are written out per transfer; ids are readable and stable. */
function transferInputs(): TransferInput[] {
  return [
    ...nordhemQueue(),
    // ---- Stadsbo Förvaltning: Bostadsrättsföreningen Kvarnen 3 (board: Karin Lindqvist, Erik Johansson)
    {
      id: "t-kvarnen-initiated",
      object: "kvarnen:1203",
      type: "Purchase",
      initiator: "PropertyManager",
      status: "Initiated",
      path: ["createTransfer", "initiate"],
      created: "1d 15:20",
      updated: "1d 15:21",
      createdBy: "user-maria",
      transferors: [
        { who: m("Viktor", "Hallberg", "1991-06-02", 12), owner: "1/2", share: "1/2" },
        { who: f("Lina", "Hallberg", "1992-09-17", 14), owner: "1/2", share: "1/2" },
      ],
    },
    {
      id: "t-kvarnen-board-draft",
      object: "kvarnen:1002",
      type: "Gift",
      initiator: "BoardMember",
      status: "Draft",
      path: PM_DRAFT,
      created: "3d 19:05",
      updated: "2d 20:30",
      createdBy: "user-erik",
      transferors: [{ who: f("Gunilla", "Bäckström", "1951-02-11", 21), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: f("Moa", "Bäckström", "1997-08-23", 22), share: "1/1" }],
      notes: [
        {
          audience: "BoardMember",
          by: "user-erik",
          at: "2d 20:32",
          body: "Gunilla vill ge lägenheten till sitt barnbarn Moa. Gåvobrevet är påskrivet, medlemsansökan kommer efter helgen.",
        },
      ],
    },
    {
      id: "t-kvarnen-review-ready",
      object: "kvarnen:1101",
      type: "Purchase",
      initiator: "Intermediary",
      status: "TransferReviewInProgress",
      path: BROKER_REVIEW,
      created: "9d 11:02",
      updated: "1d 08:47",
      broker: BROKERS.fastighetsbyran,
      price: 4_350_000,
      contract: -10,
      entry: 38,
      transferors: [{ who: m("Anders", "Sjöberg", "1976-04-19", 31), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: f("Emma", "Lundgren", "1993-11-05", 32), share: "1/2" },
        { who: m("Oscar", "Lundgren", "1992-01-28", 33), share: "1/2" },
      ],
      messages: [
        {
          from: "broker",
          to: "PropertyManager",
          at: "2d 09:12",
          body: "Hej! Köparna undrar om föreningen planerar någon stambyte de närmaste åren. Det står inget om det i årsredovisningen.",
          replies: [
            {
              from: "user-maria",
              at: "2d 13:40",
              body: "Hej Jenny, enligt föreningens underhållsplan är stambytet genomfört 2019. Inget större planerat de kommande fem åren.",
            },
          ],
          resolved: { by: "user-maria", at: "2d 13:41" },
        },
      ],
      notes: [
        {
          audience: "PropertyManager",
          by: "user-maria",
          at: "1d 08:50",
          body: "Granskat avtal och medlemsansökningar, allt stämmer. Skickas till styrelsen efter avstämning med Johan.",
        },
      ],
    },
    {
      id: "t-kvarnen-review-deviations",
      object: "kvarnen:1401",
      type: "Purchase",
      initiator: "Intermediary",
      status: "TransferReviewInProgress",
      path: BROKER_REVIEW,
      created: "6d 10:30",
      updated: "5d 10:36",
      broker: BROKERS.fastighetsbyran,
      price: 9_850_000,
      contract: -7,
      entry: 52,
      transferors: [
        { who: m("Fredrik", "Wikström", "1969-12-01", 41), owner: "1/2", share: "1/2" },
        { who: f("Cecilia", "Wikström", "1971-03-30", 42), owner: "1/2", share: "1/2" },
      ],
      acquirers: [{ who: m("Karl", "Åberg", "1984-07-14", 43), share: "1/1" }],
      deviations: ["PricePlausible", "SellerShareCorrect"],
      accepted: [{ type: "DatesMatchAgreement", by: "user-maria", at: "3h" }],
      messages: [
        {
          from: "user-maria",
          to: "Intermediary",
          at: "4d 14:05",
          body: "Hej! Enligt vårt register äger Cecilia Wikström 60 % av bostadsrätten, men avtalet anger hälften var. Kan ni kontrollera ägarförhållandet?",
          replies: [
            {
              from: "broker",
              at: "3d 09:30",
              body: "Jag har bett säljarna ta fram det senaste förvärvsavtalet och återkommer så snart jag har det.",
            },
          ],
        },
        {
          from: "broker",
          to: "PropertyManager",
          at: "5h",
          body: "Köpeskillingen ligger över områdets snittpris eftersom lägenheten har egen takterrass. Värderingsintyg från banken kan skickas vid behov.",
        },
      ],
      notes: [
        {
          audience: "PropertyManager",
          by: "user-johan",
          at: "4d 14:20",
          body: "Avvikelse på säljarnas andelar, invänta svar från mäklaren innan vi går vidare.",
        },
      ],
    },
    {
      id: "t-kvarnen-awaiting-info",
      object: "kvarnen:1103",
      type: "Purchase",
      initiator: "Intermediary",
      status: "AwaitingInfoRequestAnswer",
      path: [...BROKER_REVIEW, "requestAdditionalInfo"],
      created: "12d 13:15",
      updated: "2d 11:05",
      broker: BROKERS.fastighetsbyran,
      price: 3_195_000,
      contract: -14,
      entry: 31,
      transferors: [{ who: m("Mohammed", "Rahimi", "1982-05-09", 51), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: f("Anna", "Svensson", "2003-02-16", 52), share: "1/1" }],
      supplements: [
        {
          category: "PersonalGuarantee",
          person: "a1",
          personType: "Acquirer",
          message: "Vänligen komplettera med ett borgensåtagande för Anna Svensson.",
          by: "user-maria",
          at: "2d 11:05",
          status: "Open",
          answer: { status: "Draft" },
        },
      ],
      credit: [
        {
          party: "a1",
          by: "user-maria",
          at: "2d 10:40",
          status: "Success",
          completedAt: "2d 10:41",
          profile: {
            score: "LowCreditworthiness",
            married: false,
            income: 212_400,
            residential: { county: "Stockholms län", municipality: "Stockholm", parish: "Sofia" },
          },
        },
      ],
      notes: [
        {
          audience: "PropertyManager",
          by: "user-maria",
          at: "2d 11:08",
          body: "Låg inkomst i förhållande till avgift och lån. Begärt borgen från föräldrarna innan ärendet skickas till styrelsen.",
        },
      ],
    },
    {
      id: "t-kvarnen-membership-review",
      object: "kvarnen:1201",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipReviewInProgress",
      path: [
        ...BROKER_REVIEW,
        ["requestAdditionalInfo", "8d 09:30"],
        ["closeInfoRequests", "6d 16:10"],
        "sendToMembershipReview",
      ],
      created: "15d 10:00",
      updated: "5d 09:15",
      broker: BROKERS.fastighetsbyran,
      price: 6_475_000,
      contract: -16,
      entry: 27,
      transferors: [{ who: f("Margareta", "Nordin", "1948-10-03", 61), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: m("Ali", "Hassan", "1990-03-12", 62), share: "1/2" },
        { who: f("Sofia", "Hassan", "1991-07-25", 63), share: "1/2", notice: true },
      ],
      guarantors: [m("Yusuf", "Hassan", "1962-01-08", 64)],
      supplements: [
        {
          category: "PersonalGuarantee",
          person: "a1",
          personType: "Acquirer",
          message: "Vänligen komplettera med ett borgensåtagande för Ali Hassan.",
          by: "user-maria",
          at: "8d 09:30",
          status: "Answered",
          answer: {
            status: "Accepted",
            answeredAt: "6d 16:10",
            guarantors: [m("Yusuf", "Hassan", "1962-01-08", 64)],
            document: true,
            handled: { by: "user-maria", at: "6d 17:02" },
          },
        },
      ],
      changes: [
        {
          by: "user-maria",
          at: "1d 10:20",
          entry: [27, 41],
          agreement: true,
        },
      ],
      credit: [
        {
          party: "a1",
          by: "user-karin",
          at: "1d 19:42",
          status: "Success",
          completedAt: "1d 19:43",
          profile: {
            score: "GoodCreditworthiness",
            married: true,
            income: 512_300,
            privateDebt: [1, 96_000],
            residential: STOCKHOLM,
          },
        },
        {
          party: "a2",
          by: "user-karin",
          at: "1d 19:44",
          status: "Success",
          completedAt: "1d 19:45",
          profile: {
            score: "Creditworthy",
            married: true,
            income: 398_700,
            residential: STOCKHOLM,
          },
        },
      ],
      notes: [
        {
          audience: "BoardMember",
          by: "user-karin",
          at: "1d 19:50",
          body: "Kreditupplysningarna ser bra ut. Tas upp på styrelsemötet på torsdag.",
        },
        {
          audience: "BoardMember",
          by: "user-erik",
          at: "1d 21:05",
          body: "Instämmer. Notera att tillträdet kan flyttas, ändringsbegäran ligger för beslut.",
        },
      ],
      messages: [
        {
          from: "user-karin",
          to: "Intermediary",
          at: "1d 19:55",
          body: "Hej! Styrelsen behandlar ansökan på torsdag. Finns det något datum för visning av lägenheten för besiktning?",
        },
      ],
    },
    {
      id: "t-kvarnen-decision-pending",
      object: "kvarnen:1301",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipDecisionPending",
      path: [...BROKER_REVIEW, ["sendToMembershipReview", "4d 15:30"], "startDecisionSigning"],
      created: "13d 09:40",
      updated: "2m",
      broker: BROKERS.fastighetsbyran,
      price: 5_290_000,
      contract: -15,
      entry: 20,
      transferors: [{ who: m("Peter", "Lindahl", "1958-08-21", 71), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: f("Hanna", "Ekberg", "1989-12-09", 72), share: "1/1" }],
      pendingSign: { by: "user-karin", at: "2m", device: "OtherDevice" },
      notes: [
        {
          audience: "BoardMember",
          by: "user-karin",
          at: "1d 18:10",
          body: "Styrelsen beslutade att bevilja medlemskap vid mötet i går. Signerar beslutet.",
        },
      ],
    },
    // Two applications ready for the board's decision, nothing pending (the decision's browser tests take one each).
    {
      id: "t-kvarnen-decision-ready",
      object: "kvarnen:1001",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipReviewInProgress",
      path: [...BROKER_REVIEW, "sendToMembershipReview"],
      created: "12d 11:20",
      updated: "3d 16:40",
      broker: BROKERS.notar,
      price: 3_150_000,
      contract: -13,
      entry: 33,
      transferors: [{ who: f("Birgitta", "Holmqvist", "1951-05-17", 21), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: m("David", "Åberg", "1992-09-30", 22), share: "1/2" },
        { who: f("Lovisa", "Åberg", "1993-02-14", 23), share: "1/2" },
      ],
      notes: [
        {
          audience: "BoardMember",
          by: "user-erik",
          at: "2d 20:15",
          body: "Inga invändningar. Beslut på torsdagens möte.",
        },
      ],
    },
    {
      id: "t-kvarnen-decision-gift",
      object: "kvarnen:1202",
      type: "Gift",
      initiator: "PropertyManager",
      status: "MembershipReviewInProgress",
      path: [...PM_REVIEW, "sendToMembershipReview"],
      created: "9d 10:05",
      updated: "2d 14:30",
      createdBy: "user-maria",
      contract: -10,
      entry: 21,
      transferors: [{ who: m("Lennart", "Sjöberg", "1949-12-03", 24), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: f("Amanda", "Sjöberg", "1984-06-11", 25), share: "1/1" }],
    },
    {
      id: "t-kvarnen-approved-recent",
      object: "kvarnen:1102",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipApproved",
      path: [
        ...BROKER_REVIEW,
        ["sendToMembershipReview", "11d 10:05"],
        "startDecisionSigning",
        "approveMembership",
      ],
      created: "24d 14:10",
      updated: "4d 19:32",
      broker: BROKERS.fastighetsbyran,
      price: 4_095_000,
      contract: -26,
      entry: 24,
      transferors: [
        { who: f("Ebba", "Johansson", "1987-01-22", 81), owner: "1/2", share: "1/2" },
        { who: m("Daniel", "Johansson", "1985-06-30", 82), owner: "1/2", share: "1/2" },
      ],
      acquirers: [{ who: m("Gustav", "Palm", "1994-04-04", 83), share: "1/1" }],
      changes: [
        {
          by: "user-maria",
          at: "15d 09:20",
          price: [4_150_000, 4_095_000],
          agreement: true,
          decision: { value: "Accepted", by: "user-karin", at: "14d 20:15" },
        },
      ],
      decision: { value: "Approved", at: "4d 19:32", by: "user-karin", device: "ThisDevice" },
      messages: [
        {
          from: "broker",
          to: "BoardMember",
          at: "14d 09:00",
          body: "Efter besiktningen har parterna kommit överens om ett prisavdrag på 55 000 kr för fuktskadan i badrummet. Tilläggsavtal bifogat.",
          replies: [
            { from: "user-karin", at: "14d 20:16", body: "Tack, ändringen är godkänd av styrelsen." },
          ],
          resolved: { by: "user-karin", at: "14d 20:17" },
        },
      ],
    },
    {
      id: "t-kvarnen-approved-old",
      object: "kvarnen:1302",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipApproved",
      path: [
        ...BROKER_REVIEW,
        ["sendToMembershipReview", "52d 11:00"],
        "startDecisionSigning",
        "approveMembership",
      ],
      created: "70d 09:30",
      updated: "45d 18:04",
      broker: BROKERS.notar,
      price: 3_720_000,
      contract: -68,
      entry: -20,
      transferors: [{ who: f("Ingela", "Strömberg", "1964-09-14", 91), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Elias", "Nyberg", "1996-02-03", 92), share: "1/1" }],
      decision: { value: "Approved", at: "45d 18:04", by: "user-erik", device: "OtherDevice" },
      messages: [
        {
          from: "broker",
          to: "PropertyManager",
          at: "30d 10:14",
          body: "Hej, kan ni bekräfta att avgiften för nästa månad aviseras till köparen?",
          replies: [
            {
              from: "user-johan",
              at: "30d 15:02",
              body: "Ja, från och med tillträdesmånaden går avin till Elias Nyberg.",
            },
          ],
          resolved: { by: "user-johan", at: "30d 15:03" },
        },
      ],
    },
    {
      id: "t-kvarnen-rejected",
      object: "kvarnen:1402",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipRejected",
      path: [
        ...BROKER_REVIEW,
        ["sendToMembershipReview", "25d 09:40"],
        "startDecisionSigning",
        "rejectMembership",
      ],
      created: "34d 13:00",
      updated: "18d 20:11",
      broker: BROKERS.notar,
      price: 3_480_000,
      contract: -33,
      entry: 12,
      transferors: [{ who: m("Tobias", "Ek", "1983-11-11", 3), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Rasmus", "Holmgren", "1999-05-27", 4), share: "1/1" }],
      credit: [
        {
          party: "a1",
          by: "user-erik",
          at: "22d 19:10",
          status: "Success",
          completedAt: "22d 19:11",
          profile: {
            score: "AdviceAgainstCredit",
            married: false,
            income: 168_200,
            publicDebt: [2, 48_300],
            privateDebt: [3, 212_000],
            remarks: [
              { daysAgo: 190, amount: 12_450, description: "Betalningsföreläggande, Kronofogden" },
              { daysAgo: 410, amount: 3_200, description: "Obetald faktura, inkasso" },
            ],
            residential: { county: "Stockholms län", municipality: "Huddinge", parish: "Huddinge" },
          },
        },
      ],
      decision: {
        value: "Rejected",
        at: "18d 20:11",
        by: "user-karin",
        device: "ThisDevice",
        reason:
          "Förvärvarens ekonomi bedöms inte vara tillräcklig för att bära månadsavgift och boendekostnader.",
      },
      notes: [
        {
          audience: "BoardMember",
          by: "user-karin",
          at: "19d 21:00",
          body: "Betalningsanmärkningar och skulder hos Kronofogden. Styrelsen enig om avslag.",
        },
      ],
    },

    // ---- Stadsbo Förvaltning: Brf Sjöutsikten (board: Per Olofsson, Karin Lindqvist, Lars Nyström)
    {
      id: "t-sjoutsikten-draft",
      object: "sjoutsikten:1401",
      type: "Purchase",
      initiator: "PropertyManager",
      status: "Draft",
      path: PM_DRAFT,
      created: "2d 09:15",
      updated: "1h",
      createdBy: "user-johan",
      price: 2_650_000,
      contract: -3,
      entry: 45,
      transferors: [{ who: f("Linnea", "Berglund", "1995-10-10", 5), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Hugo", "Sandström", "1998-03-21", 6), share: "1/1" }],
      documents: "agreement",
    },
    {
      id: "t-sjoutsikten-application-sent",
      object: "sjoutsikten:1102",
      type: "Purchase",
      initiator: "Intermediary",
      status: "ApplicationSent",
      path: ["registerFromIntermediary", "submitApplication"],
      created: "3d 16:20",
      updated: "25m",
      broker: BROKERS.notar,
      price: 5_975_000,
      contract: -4,
      entry: 60,
      transferors: [{ who: m("Mattias", "Forsberg", "1977-07-07", 7), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: f("Amanda", "Rydén", "1990-08-15", 8), share: "1/2" },
        { who: m("Jonatan", "Rydén", "1988-02-02", 9), share: "1/2" },
      ],
      uploadPending: "TransferAgreement",
    },
    {
      id: "t-sjoutsikten-investigation",
      object: "sjoutsikten:1302",
      type: "Inheritance",
      initiator: "PropertyManager",
      status: "TransferReviewInProgress",
      path: [...PM_REVIEW, "markUnderInvestigation"],
      created: "20d 10:40",
      updated: "6d 11:25",
      createdBy: "user-maria",
      entry: 14,
      contract: -18,
      transferors: [{ who: estate(m("Bertil", "Lundqvist", "1938-04-26", 11)), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: f("Karolina", "Lundqvist", "1966-12-19", 13), share: "1/2" },
        { who: m("Stefan", "Lundqvist", "1969-05-02", 15), share: "1/2" },
      ],
      deviations: ["NoEstateOfDeceased"],
      investigation: "6d 11:25",
      notes: [
        {
          audience: "PropertyManager",
          by: "user-maria",
          at: "6d 11:30",
          body: "Bouppteckningen nämner en tredje arvinge som saknas i arvskiftet. Under utredning tills dödsboets jurist har svarat.",
        },
      ],
      messages: [
        {
          from: "user-maria",
          to: "BoardMember",
          at: "6d 11:40",
          body: "För kännedom: ärendet är markerat som under utredning i väntan på komplett arvskifteshandling.",
        },
      ],
    },
    {
      id: "t-sjoutsikten-action-needed",
      object: "sjoutsikten:1201",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipReviewInProgress",
      path: [
        ...BROKER_REVIEW,
        ["sendToMembershipReview", "7d 14:00"],
        ["requestAdditionalInfo", "4d 20:10"],
        ["closeInfoRequests", "6h"],
      ],
      created: "17d 11:45",
      updated: "6h",
      broker: BROKERS.notar,
      price: 3_890_000,
      contract: -18,
      entry: 33,
      transferors: [{ who: f("Agneta", "Wall", "1955-06-13", 17), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Oliver", "Lind", "2004-09-30", 18), share: "1/1" }],
      supplements: [
        {
          category: "PersonalGuarantee",
          person: "a1",
          personType: "Acquirer",
          message: "Vänligen komplettera med ett borgensåtagande för Oliver Lind.",
          by: "user-karin",
          at: "4d 20:10",
          status: "Answered",
          answer: {
            status: "Pending",
            answeredAt: "6h",
            guarantors: [f("Helena", "Lind", "1972-03-04", 19)],
            document: true,
          },
        },
      ],
      credit: [{ party: "a1", by: "user-karin", at: "4m", status: "Pending" }],
      notes: [
        {
          audience: "BoardMember",
          by: "user-karin",
          at: "4d 20:12",
          body: "Förvärvaren studerar och saknar egen inkomst. Vi begär borgen från en förälder innan beslut.",
        },
      ],
    },
    {
      id: "t-sjoutsikten-approved-finalized",
      object: "sjoutsikten:1502",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipApproved",
      path: [...BROKER_REVIEW, ["sendToMembershipReview", "66d 09:30"], "approveMembership"],
      created: "80d 13:30",
      updated: "62d 15:40",
      broker: BROKERS.notar,
      price: 6_150_000,
      contract: -79,
      entry: -31,
      transferors: [
        { who: m("Lennart", "Holmberg", "1952-01-17", 23), owner: "1/2", share: "1/2" },
        { who: f("Birgitta", "Holmberg", "1954-07-29", 24), owner: "1/2", share: "1/2" },
      ],
      acquirers: [
        { who: f("Josefin", "Åström", "1986-05-18", 25), share: "1/2" },
        { who: m("Niklas", "Åström", "1985-10-06", 26), share: "1/2" },
      ],
      decision: { value: "Approved", at: "62d 15:40", by: "user-johan", device: "SignByProxy" },
      finalized: { by: "user-maria", at: "30d 09:10" },
    },
    {
      id: "t-sjoutsikten-aborted",
      object: "sjoutsikten:1203",
      type: "Gift",
      initiator: "PropertyManager",
      status: "Aborted",
      path: [...PM_DRAFT, "abort", "completeAbort"],
      created: "40d 10:10",
      updated: "33d 14:02",
      createdBy: "user-johan",
      transferors: [{ who: m("Sven", "Gustafsson", "1947-03-09", 27), owner: "1/1", share: "1/2" }],
      acquirers: [{ who: f("Maja", "Gustafsson", "1975-11-20", 28), share: "1/2" }],
      documents: "agreement",
      notes: [
        {
          audience: "PropertyManager",
          by: "user-johan",
          at: "33d 14:05",
          body: "Avbruten på begäran av Sven Gustafsson, gåvan skjuts upp till nästa år.",
        },
      ],
    },

    // ---- Stadsbo Förvaltning: Bostadsrättsföreningen Solgläntan, Uppsala
    {
      id: "t-solglantan-ongoing",
      object: "solglantan:1002",
      type: "Purchase",
      initiator: "Intermediary",
      status: "OngoingApplications",
      path: ["registerFromIntermediary"],
      created: "1d 11:30",
      updated: "1d 11:30",
      broker: BROKERS.svenskfast,
      price: 2_340_000,
      contract: -2,
      entry: 40,
      transferors: [{ who: f("Tove", "Engström", "1996-01-31", 29), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("William", "Ahmadi", "2000-06-16", 30), share: "1/1" }],
      documents: "agreement",
    },
    {
      id: "t-solglantan-sale-stopped",
      object: "solglantan:1101",
      type: "Purchase",
      initiator: "Intermediary",
      status: "TransferReviewInProgress",
      path: [...BROKER_REVIEW, "markSaleStopped"],
      created: "10d 09:50",
      updated: "8d 16:45",
      broker: BROKERS.svenskfast,
      price: 3_150_000,
      contract: -11,
      entry: 21,
      transferors: [{ who: m("Patrik", "Sundqvist", "1973-02-27", 34), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: f("Ida", "Mattsson", "1994-09-08", 35), share: "1/2" },
        { who: f("Elsa", "Mattsson", "1996-12-12", 36), share: "1/2" },
      ],
      saleStopped: "8d 16:45",
      deviations: ["NoSaleStop"],
      messages: [
        {
          from: "user-maria",
          to: "Intermediary",
          at: "8d 16:50",
          body: "Föreningen har fått information från Kronofogden om utmätning av bostadsrätten. Överlåtelsen är försäljningsstoppad tills vidare.",
          replies: [
            {
              from: "broker",
              at: "7d 10:05",
              body: "Tack för beskedet. Säljaren kontaktar Kronofogden och vi återkommer.",
            },
          ],
        },
      ],
    },
    {
      id: "t-solglantan-parts-notified",
      object: "solglantan:1201",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipApproved",
      path: [
        ...BROKER_REVIEW,
        ["sendToMembershipReview", "16d 10:00"],
        "approveMembership",
        "markPartsNotified",
      ],
      created: "27d 10:20",
      updated: "11d 08:30",
      broker: BROKERS.svenskfast,
      price: 2_590_000,
      contract: -26,
      entry: 5,
      transferors: [{ who: m("Henrik", "Eriksson", "1980-10-27", 37), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: f("Nora", "Björk", "1997-04-11", 38), share: "1/1" }],
      decision: { value: "Approved", at: "12d 14:20", by: "user-maria", device: "ThisDevice" },
      partsNotified: "11d 08:30",
    },
    {
      id: "t-solglantan-rejected-old",
      object: "solglantan:1102",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipRejected",
      path: [...BROKER_REVIEW, ["sendToMembershipReview", "128d 09:00"], "rejectMembership"],
      created: "140d 13:10",
      updated: "120d 16:30",
      broker: BROKERS.svenskfast,
      price: 1_890_000,
      contract: -139,
      entry: -95,
      transferors: [{ who: f("Wilma", "Holm", "1998-07-19", 39), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Kevin", "Nilsson", "2001-11-29", 40), share: "1/1" }],
      decision: {
        value: "Rejected",
        at: "120d 16:30",
        by: "user-maria",
        device: "ThisDevice",
        reason: "Förvärvaren avser inte att bosätta sig i lägenheten, vilket föreningens stadgar kräver.",
      },
      erased: { category: "MembershipApplication", at: "25d 03:00" },
      credit: [
        {
          party: "a1",
          by: "user-maria",
          at: "130d 10:00",
          status: "Success",
          completedAt: "130d 10:01",
          erasedAt: "25d 03:00",
        },
      ],
    },
    {
      id: "t-solglantan-approved-last-year",
      object: "solglantan:1001",
      type: "Gift",
      initiator: "PropertyManager",
      status: "MembershipApproved",
      path: [...PM_REVIEW, ["sendToMembershipReview", "405d 10:00"], "approveMembership"],
      created: "430d 09:00",
      updated: "400d 11:45",
      createdBy: "user-johan",
      contract: -432,
      entry: -380,
      transferors: [{ who: f("Ulla", "Sjöström", "1949-05-05", 44), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: f("Alva", "Sjöström", "2002-08-08", 45), share: "1/1" }],
      decision: { value: "Approved", at: "400d 11:45", by: "user-johan", device: "SignByProxy" },
      archived: { category: "DeedOfGift", at: "35d 02:00" },
    },
    {
      id: "t-solglantan-karin-private",
      object: "solglantan:1202",
      type: "Purchase",
      initiator: "PrivateIntermediary",
      status: "MembershipApproved",
      path: [...PRIVATE_REVIEW, ["sendToMembershipReview", "158d 10:30"], "approveMembership"],
      created: "175d 20:15",
      updated: "150d 13:00",
      createdBy: "user-karin",
      price: 2_780_000,
      contract: -176,
      entry: -120,
      transferors: [{ who: demoPerson("user-karin"), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Albin", "Hedström", "1999-01-14", 46), share: "1/1" }],
      decision: { value: "Approved", at: "150d 13:00", by: "user-maria", device: "ThisDevice" },
      messages: [
        {
          from: "private",
          to: "PropertyManager",
          at: "165d 19:30",
          body: "Hej! Jag har laddat upp köpekontraktet och köparens medlemsansökan. Hör gärna av er om något saknas.",
          replies: [{ from: "user-maria", at: "164d 09:10", body: "Tack Karin, handlingarna är kompletta." }],
          resolved: { by: "user-maria", at: "164d 09:11" },
        },
      ],
    },

    // ---- Stadsbo Förvaltning: Bostadsrättsföreningen Vasaparken
    {
      id: "t-vasaparken-aborting",
      object: "vasaparken:1301",
      type: "Purchase",
      initiator: "Intermediary",
      status: "Aborting",
      path: [...BROKER_REVIEW, "abort"],
      created: "8d 10:00",
      updated: "1m",
      broker: BROKERS.notar,
      price: 4_420_000,
      contract: -9,
      entry: 36,
      transferors: [{ who: m("Olof", "Berggren", "1960-02-14", 47), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: f("Tilda", "Franzén", "1993-06-21", 48), share: "1/1" }],
      messages: [
        {
          from: "broker",
          to: "PropertyManager",
          at: "1d 16:45",
          body: "Köparen har utnyttjat sin rätt att häva köpet enligt besiktningsklausulen. Vänligen avbryt ärendet.",
          replies: [{ from: "user-johan", at: "5m", body: "Uppfattat, ärendet avbryts nu." }],
          resolved: { by: "user-johan", at: "4m" },
        },
      ],
    },
    {
      id: "t-vasaparken-karin-private",
      object: "vasaparken:1102",
      type: "Gift",
      initiator: "PrivateIntermediary",
      status: "DraftTransfer",
      path: ["createPrivateTransfer"],
      created: "2d 21:10",
      updated: "2d 21:10",
      createdBy: "user-karin",
      contract: -2,
      entry: 30,
      transferors: [{ who: demoPerson("user-karin"), owner: "1/2", share: "1/2" }],
      acquirers: [{ who: m("Jakob", "Lindqvist", "1996-10-01", 49), share: "1/2" }],
      documents: "agreement",
    },
    {
      id: "t-vasaparken-division",
      object: "vasaparken:1201",
      type: "DivisionOfProperty",
      initiator: "PropertyManager",
      status: "MembershipReviewInProgress",
      path: [...PM_REVIEW, "sendToMembershipReview"],
      created: "11d 13:30",
      updated: "4d 10:10",
      createdBy: "user-maria",
      contract: -12,
      entry: 18,
      transferors: [{ who: m("Robert", "Lindström", "1979-08-08", 50), owner: "1/2", share: "1/2" }],
      acquirers: [
        { who: f("Jessica", "Lindström", "1981-04-23", 53), owner: "1/2", share: "1/2", member: "MEMBER" },
      ],
      accepted: [{ type: "AcquirerNotAlreadyMember", by: "user-maria", at: "5d 15:20" }],
      notes: [
        {
          audience: "PropertyManager",
          by: "user-maria",
          at: "5d 15:22",
          body: "Bodelning efter skilsmässa. Jessica äger redan halva lägenheten och är medlem, avvikelsen godkänd.",
        },
      ],
    },
    {
      id: "t-vasaparken-decision-ready",
      object: "vasaparken:1302",
      type: "Purchase",
      initiator: "PropertyManager",
      status: "MembershipReviewInProgress",
      path: [...PM_REVIEW, "sendToMembershipReview"],
      created: "8d 09:45",
      updated: "3d 11:20",
      createdBy: "user-johan",
      price: 2_890_000,
      contract: -9,
      entry: 25,
      transferors: [{ who: f("Marianne", "Ekström", "1957-03-28", 26), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Oskar", "Bengtsson", "1997-11-19", 27), share: "1/1" }],
    },
    {
      id: "t-vasaparken-review-messages",
      object: "vasaparken:1401",
      type: "Purchase",
      initiator: "Intermediary",
      status: "TransferReviewInProgress",
      path: BROKER_REVIEW,
      created: "5d 09:20",
      updated: "4d 09:35",
      broker: BROKERS.notar,
      price: 7_250_000,
      contract: -6,
      entry: 47,
      transferors: [{ who: f("Marie", "Sandberg", "1970-01-26", 54), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: m("Filip", "Nordström", "1987-09-19", 55), share: "1/2" },
        { who: m("Adam", "Nordström", "1989-02-07", 56), share: "1/2" },
      ],
      messages: [
        {
          from: "broker",
          to: "PropertyManager",
          at: "40m",
          body: "Hej! Köparna vill gärna veta om andrahandsuthyrning är tillåten under det första året. Kan ni svara innan tillträdet?",
        },
        {
          from: "broker",
          to: "BoardMember",
          at: "3d 10:00",
          body: "Köparna planerar att renovera köket. Behöver föreningen godkänna ändringen i förväg?",
          replies: [
            {
              from: "user-maria",
              at: "3d 14:30",
              body: "Köksrenovering utan ingrepp i bärande väggar eller stammar kräver ingen ansökan.",
            },
          ],
          resolved: { by: "user-maria", at: "3d 14:31" },
        },
      ],
    },
    {
      id: "t-vasaparken-approved",
      object: "vasaparken:1101",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipApproved",
      path: [...BROKER_REVIEW, ["sendToMembershipReview", "31d 09:00"], "approveMembership"],
      created: "42d 11:30",
      updated: "25d 10:40",
      broker: BROKERS.notar,
      price: 4_010_000,
      contract: -41,
      entry: 10,
      transferors: [{ who: m("Erik", "Dahlberg", "1966-06-06", 57), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: f("Matilda", "Pettersson", "1995-03-15", 58), share: "1/1" }],
      decision: { value: "Approved", at: "25d 10:40", by: "user-maria", device: "ThisDevice" },
    },

    // ---- Kvarnstaden Bostadsförvaltning: Riksbyggens Bostadsrättsförening Tallbacken (chair: Fatima Haddad)
    {
      id: "t-tallbacken-initiated",
      object: "tallbacken:1102",
      type: "Purchase",
      initiator: "PropertyManager",
      status: "Initiated",
      path: ["createTransfer", "initiate"],
      created: "3h",
      updated: "3h",
      transferors: [{ who: f("Elisabeth", "Karlsson", "1959-12-24", 59), owner: "1/1", share: "1/1" }],
    },
    {
      id: "t-tallbacken-review",
      object: "tallbacken:1001",
      type: "Purchase",
      initiator: "Intermediary",
      status: "TransferReviewInProgress",
      path: BROKER_REVIEW,
      created: "4d 10:10",
      updated: "3d 10:12",
      broker: BROKERS.lansfast,
      price: 1_950_000,
      contract: -5,
      entry: 35,
      transferors: [{ who: m("Göran", "Axelsson", "1957-09-09", 60), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: m("Emil", "Berg", "1992-12-30", 65), share: "1/2" },
        { who: f("Frida", "Berg", "1993-05-14", 66), share: "1/2" },
      ],
    },
    {
      id: "t-tallbacken-board-initiated",
      object: "tallbacken:1201",
      type: "Purchase",
      initiator: "BoardMember",
      status: "MembershipReviewInProgress",
      path: [...PM_REVIEW, "sendToMembershipReview"],
      created: "16d 18:30",
      updated: "6d 09:00",
      createdBy: "user-fatima",
      price: 1_720_000,
      contract: -17,
      entry: 28,
      transferors: [{ who: f("Aina", "Gustavsson", "1944-02-29", 67), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: m("Mehmet", "Yilmaz", "1986-07-03", 68), share: "1/2" },
        { who: f("Zeynep", "Yilmaz", "1988-10-22", 69), share: "1/2" },
      ],
      changes: [
        {
          by: "user-fatima",
          at: "5d 19:00",
          entry: [28, 14],
          decision: {
            value: "Rejected",
            by: "user-fatima",
            at: "4d 20:30",
            reason:
              "Tillträdesdagen kan inte tidigareläggas eftersom föreningens handläggning av överlåtelsen inte hinner slutföras.",
          },
        },
      ],
      credit: [
        {
          party: "a1",
          by: "user-fatima",
          at: "5d 18:40",
          status: "Success",
          completedAt: "5d 18:41",
          profile: {
            score: "VeryGoodCreditworthiness",
            married: true,
            income: 624_800,
            property: {
              designation: "Söderköping Mogata 3:14",
              ownership: "1/2",
              land: 286_000,
              building: 514_000,
              acreage: 1420,
            },
            residential: NORRKOPING,
          },
        },
        {
          party: "a2",
          by: "user-fatima",
          at: "5d 18:42",
          status: "SuccessWithoutResult",
          completedAt: "5d 18:43",
        },
      ],
      notes: [
        {
          audience: "BoardMember",
          by: "user-fatima",
          at: "5d 18:50",
          body: "Kreditupplysningen på Zeynep gav inget resultat, troligen spärrad. Be om inkomstintyg om styrelsen vill.",
        },
      ],
    },
    {
      id: "t-tallbacken-gift",
      object: "tallbacken:1101",
      type: "Gift",
      initiator: "PropertyManager",
      status: "MembershipReviewInProgress",
      path: [...PM_REVIEW, "sendToMembershipReview"],
      created: "9d 08:45",
      updated: "2d 13:20",
      contract: -10,
      entry: 20,
      transferors: [
        { who: m("Rolf", "Öberg", "1950-03-03", 70), owner: "1/2", share: "1/2" },
        { who: f("Gun", "Öberg", "1952-11-16", 73), owner: "1/2", share: "1/2" },
      ],
      acquirers: [{ who: f("Sanna", "Öberg", "1980-05-20", 74), share: "1/1" }],
    },
    {
      id: "t-tallbacken-approved",
      object: "tallbacken:1002",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipApproved",
      path: [
        ...BROKER_REVIEW,
        ["sendToMembershipReview", "9d 10:00"],
        "startDecisionSigning",
        "approveMembership",
      ],
      created: "21d 09:30",
      updated: "3d 19:15",
      broker: BROKERS.lansfast,
      price: 1_495_000,
      contract: -22,
      entry: 30,
      transferors: [{ who: m("Kent", "Larsson", "1962-08-18", 75), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: f("Amira", "Saleh", "1991-01-09", 76), share: "1/1" }],
      decision: { value: "Approved", at: "3d 19:15", by: "user-fatima", device: "OtherDevice" },
    },
    {
      id: "t-tallbacken-rejected",
      object: "tallbacken:1202",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipRejected",
      path: [
        ...BROKER_REVIEW,
        ["sendToMembershipReview", "55d 09:00"],
        ["requestAdditionalInfo", "52d 19:30"],
        ["closeInfoRequests", "49d 11:00"],
        "startDecisionSigning",
        "rejectMembership",
      ],
      created: "62d 10:00",
      updated: "40d 20:00",
      broker: BROKERS.lansfast,
      price: 1_150_000,
      contract: -61,
      entry: -10,
      transferors: [{ who: f("Siv", "Andersson", "1940-06-01", 77), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Dennis", "Kraft", "1997-12-05", 78), share: "1/1" }],
      supplements: [
        {
          category: "Other",
          person: "a1",
          personType: "Acquirer",
          message:
            "Vänligen komplettera med anställningsavtal och de tre senaste lönespecifikationerna för Dennis Kraft.",
          by: "user-fatima",
          at: "52d 19:30",
          status: "Answered",
          answer: {
            status: "Rejected",
            answeredAt: "49d 11:00",
            document: true,
            handled: {
              by: "user-fatima",
              at: "45d 18:20",
              rejectReason: "Anställningsavtalet är ett provanställningsavtal som löper ut före tillträdet.",
            },
          },
        },
      ],
      decision: {
        value: "Rejected",
        at: "40d 20:00",
        by: "user-fatima",
        device: "ThisDevice",
        reason: "Förvärvaren har inte visat att han kan betala årsavgiften.",
      },
    },

    // ---- Nordhem Fastighetsförvaltning: Bostadsföreningen Lärkan
    {
      id: "t-larkan-initiated",
      object: "larkan:1301",
      type: "DivisionOfProperty",
      initiator: "PropertyManager",
      status: "Initiated",
      path: ["createTransfer", "initiate"],
      created: "2h",
      updated: "2h",
      createdBy: "user-anders",
      transferors: [{ who: m("Johannes", "Falk", "1983-03-16", 79), owner: "1/2", share: "1/2" }],
    },
    {
      id: "t-larkan-review-deviations",
      object: "larkan:1101",
      type: "Purchase",
      initiator: "Intermediary",
      status: "TransferReviewInProgress",
      path: BROKER_REVIEW,
      created: "7d 09:00",
      updated: "6d 09:05",
      broker: BROKERS.bjurfors,
      price: 3_650_000,
      contract: -8,
      entry: 42,
      transferors: [{ who: f("Charlotte", "Hedlund", "1978-02-20", 84), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: m("Axel", "Nyström", "1990-11-02", 85), share: "1/2" },
        { who: f("Julia", "Carlsson", "1991-03-27", 86), share: "1/2" },
      ],
      deviations: ["AcquirerOnAgreementAndApplication", "PageContentRight"],
      credit: [{ party: "a1", by: "user-anders", at: "5d 13:00", status: "Error", completedAt: "5d 13:02" }],
      messages: [
        {
          from: "user-anders",
          to: "Intermediary",
          at: "5d 13:20",
          body: "Hej Sara! Julia Carlsson står inte med i överlåtelseavtalet men har skickat in medlemsansökan. Ska hon vara köpare? Sidan 2 av avtalet saknas också.",
        },
      ],
    },
    {
      id: "t-larkan-elin-private",
      object: "larkan:1201",
      type: "Purchase",
      initiator: "PrivateIntermediary",
      status: "TransferReviewInProgress",
      path: PRIVATE_REVIEW,
      created: "6d 20:40",
      updated: "4d 08:10",
      createdBy: "user-elin",
      price: 2_875_000,
      contract: -7,
      entry: 39,
      transferors: [{ who: demoPerson("user-elin"), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: f("Ronja", "Vik", "1995-07-07", 87), share: "1/2" },
        { who: m("Anton", "Vik", "1994-04-17", 88), share: "1/2" },
      ],
      messages: [
        {
          from: "user-anders",
          to: "PrivateIntermediary",
          at: "3d 14:00",
          body: "Hej Elin! Vi har tagit emot ansökan och granskar den. Du hör av oss om något behöver kompletteras.",
          replies: [
            {
              from: "private",
              at: "3d 18:22",
              body: "Tack! Köparna undrar när styrelsen har sitt nästa möte.",
            },
          ],
        },
      ],
    },

    // ---- Nordhem Fastighetsförvaltning: Brf Stenhuggaren 12
    {
      id: "t-stenhuggaren-ongoing",
      object: "stenhuggaren:1102",
      type: "Purchase",
      initiator: "Intermediary",
      status: "OngoingApplications",
      path: ["registerFromIntermediary"],
      created: "20h",
      updated: "20h",
      broker: BROKERS.erikolsson,
      price: 3_095_000,
      contract: -1,
      entry: 55,
      transferors: [{ who: m("Joakim", "Ström", "1981-01-01", 89), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: f("Hedvig", "Lundberg", "1993-10-13", 90), share: "1/1" }],
      documents: "agreement",
    },
    {
      id: "t-stenhuggaren-expired",
      object: "stenhuggaren:1001",
      type: "Purchase",
      initiator: "Intermediary",
      status: "OngoingApplications",
      path: ["registerFromIntermediary"],
      created: "75d 14:00",
      updated: "75d 14:00",
      broker: BROKERS.erikolsson,
      price: 1_650_000,
      contract: -76,
      entry: -5,
      transferors: [{ who: f("Rebecka", "Wikander", "1990-05-25", 93), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Simon", "Blomqvist", "1998-08-30", 94), share: "1/1" }],
      documents: "agreement",
      expired: true,
    },
    {
      id: "t-stenhuggaren-awaiting-info",
      object: "stenhuggaren:1201",
      type: "Purchase",
      initiator: "Intermediary",
      status: "AwaitingInfoRequestAnswer",
      path: [
        ...BROKER_REVIEW,
        ["sendToMembershipReview", "10d 09:00"],
        ["requestAdditionalInfo", "8d 11:00"],
        ["requestAdditionalInfo", "7d 15:30"],
      ],
      created: "19d 09:00",
      updated: "7d 15:30",
      broker: BROKERS.erikolsson,
      price: 3_980_000,
      contract: -20,
      entry: 26,
      transferors: [{ who: m("Leif", "Nordqvist", "1956-11-23", 95), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Hampus", "Ek", "1999-02-19", 96), share: "1/1" }],
      supplements: [
        {
          category: "Other",
          person: "a1",
          personType: "Acquirer",
          message: "Vänligen komplettera med ett intyg om inkomst för Hampus Ek.",
          by: "user-anders",
          at: "8d 11:00",
          status: "Cancelled",
          cancelledAt: "7d 15:25",
        },
        {
          category: "Other",
          person: "a1",
          personType: "Acquirer",
          message:
            "Vänligen komplettera med anställningsbevis och de tre senaste lönespecifikationerna för Hampus Ek.",
          by: "user-anders",
          at: "7d 15:30",
          status: "Open",
          forwarded: true,
        },
      ],
      notes: [
        {
          audience: "PropertyManager",
          by: "user-anders",
          at: "7d 15:32",
          body: "Ersatte kompletteringen med en tydligare begäran. Skickat vidare till mäklaren per e-post också.",
        },
      ],
    },

    // ---- Nordhem Fastighetsförvaltning: Brf Måsen 5
    {
      id: "t-masen-membership-review",
      object: "masen:1101",
      type: "Gift",
      initiator: "PropertyManager",
      status: "MembershipReviewInProgress",
      path: [...PM_REVIEW, "sendToMembershipReview"],
      created: "12d 10:30",
      updated: "5d 11:00",
      createdBy: "user-anders",
      contract: -13,
      entry: 16,
      transferors: [{ who: m("Bengt", "Sjögren", "1946-09-12", 97), owner: "1/1", share: "1/2" }],
      acquirers: [{ who: f("Therese", "Sjögren", "1978-01-03", 98), share: "1/2", notice: true }],
      credit: [
        {
          party: "a1",
          by: "user-anders",
          at: "5d 10:20",
          status: "Success",
          completedAt: "5d 10:21",
          profile: { score: "Creditworthy", married: true, income: 446_900, residential: GOTEBORG },
        },
      ],
    },
    {
      id: "t-masen-approved",
      object: "masen:1001",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipApproved",
      path: [...BROKER_REVIEW, ["sendToMembershipReview", "13d 09:00"], "approveMembership"],
      created: "23d 09:15",
      updated: "8d 15:10",
      broker: BROKERS.erikolsson,
      price: 2_995_000,
      contract: -24,
      entry: 13,
      transferors: [
        { who: f("Lisa", "Grahn", "1988-06-18", 99), owner: "1/2", share: "1/2" },
        { who: m("Martin", "Grahn", "1987-12-28", 1), owner: "1/2", share: "1/2" },
      ],
      acquirers: [{ who: m("Noah", "Persson", "1996-05-05", 2), share: "1/1" }],
      decision: { value: "Approved", at: "8d 15:10", by: "user-anders", device: "ThisDevice" },
    },
    {
      id: "t-masen-elin-aborted",
      object: "masen:1301",
      type: "Purchase",
      initiator: "PrivateIntermediary",
      status: "Aborted",
      path: ["createPrivateTransfer", "abort", "completeAbort"],
      created: "38d 19:30",
      updated: "30d 09:00",
      createdBy: "user-elin",
      transferors: [{ who: demoPerson("user-elin"), owner: "1/1", share: "1/1" }],
      documents: "none",
      messages: [
        {
          from: "private",
          to: "PropertyManager",
          at: "31d 20:15",
          body: "Jag skapade överlåtelsen på fel lägenhet, den ska gälla Linnégatan. Kan ni avbryta den här?",
          replies: [{ from: "user-anders", at: "30d 08:55", body: "Absolut, jag avbryter ärendet." }],
          resolved: { by: "user-anders", at: "30d 08:56" },
        },
      ],
    },

    // ---- Nordhem Fastighetsförvaltning: associations without demo board members
    {
      id: "t-havsbrisen-company",
      object: "havsbrisen:1201",
      type: "Purchase",
      initiator: "Intermediary",
      status: "TransferReviewInProgress",
      path: BROKER_REVIEW,
      created: "5d 13:40",
      updated: "4d 13:45",
      broker: BROKERS.bjurfors,
      price: 6_300_000,
      contract: -6,
      entry: 62,
      transferors: [{ who: m("Claes", "Bergkvist", "1961-04-30", 12), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: company("Bergvik Invest AB", "5569182735"), share: "1/1" }],
      deviations: ["AcquirerOfLegalAge"],
      notes: [
        {
          audience: "PropertyManager",
          by: "user-anders",
          at: "4d 14:00",
          body: "Juridisk person som förvärvare. Stadgarna tillåter det bara efter styrelsens särskilda prövning, kontakta ordföranden.",
        },
      ],
    },
    {
      id: "t-havsbrisen-rejected",
      object: "havsbrisen:1101",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipRejected",
      path: [...BROKER_REVIEW, ["sendToMembershipReview", "36d 09:00"], "rejectMembership"],
      created: "48d 10:00",
      updated: "30d 14:30",
      broker: BROKERS.bjurfors,
      price: 4_890_000,
      contract: -47,
      entry: 14,
      transferors: [{ who: f("Katarina", "Lindh", "1972-07-22", 10), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Benjamin", "Roos", "1985-09-09", 16), share: "1/1" }],
      decision: {
        value: "Rejected",
        at: "30d 14:30",
        by: "user-anders",
        device: "ThisDevice",
        reason:
          "Förvärvaren avser att använda lägenheten som fritidsbostad, vilket inte är förenligt med stadgarna.",
      },
    },
    {
      id: "t-kastanjen-draft",
      object: "kastanjen:1102",
      type: "Inheritance",
      initiator: "PropertyManager",
      status: "Draft",
      path: PM_DRAFT,
      created: "4d 09:30",
      updated: "1d 16:00",
      createdBy: "user-anders",
      contract: -4,
      entry: 60,
      transferors: [{ who: estate(f("Astrid", "Mellberg", "1936-01-15", 20)), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: m("Per", "Mellberg", "1962-03-08", 39), share: "1/3" },
        { who: f("Annika", "Mellberg", "1964-10-30", 40), share: "1/3" },
        { who: f("Helén", "Mellberg-Ali", "1968-12-02", 41), share: "1/3" },
      ],
      documents: "agreement",
    },
    {
      id: "t-kastanjen-approved",
      object: "kastanjen:1201",
      type: "Gift",
      initiator: "PropertyManager",
      status: "MembershipApproved",
      path: [...PM_REVIEW, ["sendToMembershipReview", "101d 10:00"], "approveMembership"],
      created: "115d 09:00",
      updated: "95d 11:30",
      createdBy: "user-anders",
      contract: -116,
      entry: -90,
      transferors: [{ who: m("Kjell", "Olausson", "1945-05-17", 42), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Fredrik", "Olausson", "1974-02-12", 43), share: "1/1" }],
      decision: { value: "Approved", at: "95d 11:30", by: "user-anders", device: "ThisDevice" },
    },
    {
      id: "t-guldheden-review",
      object: "guldheden:1602",
      type: "DivisionOfProperty",
      initiator: "PropertyManager",
      status: "TransferReviewInProgress",
      path: PM_REVIEW,
      created: "3d 10:15",
      updated: "2d 09:00",
      createdBy: "user-anders",
      contract: -4,
      entry: 25,
      transferors: [{ who: f("Pernilla", "Ekholm", "1982-09-01", 44), owner: "1/2", share: "1/2" }],
      acquirers: [
        { who: m("Jimmy", "Ekholm", "1980-12-15", 45), owner: "1/2", share: "1/2", member: "MEMBER" },
      ],
      deviations: ["AcquirerNotAlreadyMember"],
    },
    {
      id: "t-kungsladugard-approved",
      object: "kungsladugard:1102",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipApproved",
      path: [
        ...BROKER_REVIEW,
        ["sendToMembershipReview", "27d 09:00"],
        "approveMembership",
        "markPartsNotified",
      ],
      created: "36d 10:45",
      updated: "19d 08:15",
      broker: BROKERS.erikolsson,
      price: 3_325_000,
      contract: -35,
      entry: -2,
      transferors: [{ who: m("Roger", "Svensson", "1967-04-04", 46), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: f("Klara", "Wennberg", "1992-02-02", 47), share: "1/2" },
        { who: m("Ludvig", "Wennberg", "1991-08-19", 48), share: "1/2" },
      ],
      decision: { value: "Approved", at: "20d 13:45", by: "user-anders", device: "ThisDevice" },
      partsNotified: "19d 08:15",
      messages: [
        {
          from: "broker",
          to: "PropertyManager",
          at: "19d 09:30",
          body: "Tack för snabb hantering! Nycklarna lämnas över på tillträdesdagen kl. 12 på mäklarkontoret.",
        },
      ],
    },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// Building rows from the literals

export interface SeedFile {
  storageKey: string;
  bytes: Uint8Array;
}

export interface TransferSeedRows {
  associations: Row<"associations">[];
  objects: Row<"property_objects">[];
  engagements: Row<"board_engagements">[];
  transfers: Row<"transfers">[];
  parties: Row<"transfer_parties">[];
  documents: Row<"documents">[];
  checks: Row<"automatic_checks">[];
  supplementRequests: Row<"supplement_requests">[];
  supplementAnswers: Row<"supplement_answers">[];
  answerGuarantors: Row<"supplement_answer_guarantors">[];
  changeRequests: Row<"change_requests">[];
  creditChecks: Row<"credit_check_orders">[];
  messages: Row<"messages">[];
  notes: Row<"notes">[];
  decisions: Row<"membership_decisions">[];
  signSessions: Row<"sign_sessions">[];
  audit: Row<"audit_log">[];
  files: SeedFile[];
}

const TENANT_MANAGER: Record<string, string | null> = {
  stadsbo: "user-maria",
  nordhem: "user-anders",
  kvarnstaden: null,
};

const PRICE_CHECKS: readonly CheckType[] = [
  "PricePresent",
  "PriceAboveZero",
  "PricePlausible",
  "PriceMatches",
];

const AGREEMENT_CATEGORIES: Record<TransferType, DocumentCategory[]> = {
  Purchase: ["TransferAgreement"],
  Gift: ["DeedOfGift"],
  Inheritance: ["EstateInventory", "EstateDistribution"],
  DivisionOfProperty: ["DivisionOfPropertyAgreement"],
};

const FILE_NAMES: Record<DocumentCategory, string> = {
  MembershipApplication: "Medlemsansökan",
  TransferAgreement: "Överlåtelseavtal",
  EstateDistribution: "Arvskifteshandling",
  EstateInventory: "Bouppteckning",
  DeedOfGift: "Gåvobrev",
  DivisionOfPropertyAgreement: "Bodelningsavtal",
  PersonalGuarantee: "Borgensförbindelse",
  AdditionalAgreement: "Tilläggsavtal",
  MembershipDecision: "Protokollsutdrag styrelsemöte",
  TransferSummary: "Sammanställning överlåtelse",
  Other: "Anställningsavtal och lönespecifikationer",
};

/** Documents the parties sign together with the agreement, dated with the contract date. */
const SIGNED_WITH_THE_AGREEMENT: ReadonlySet<DocumentCategory> = new Set([
  "MembershipApplication",
  "TransferAgreement",
  "DeedOfGift",
  "DivisionOfPropertyAgreement",
  "EstateDistribution",
]);

const SENSITIVE: ReadonlySet<DocumentCategory> = new Set(["EstateInventory", "PersonalGuarantee", "Other"]);

function user(id: string) {
  const found = demoUsers.find((u) => u.id === id);
  if (!found) throw new Error(`No demo user ${id}`);
  return {
    id,
    first: found.first_name,
    last: found.last_name,
    name: `${found.first_name} ${found.last_name}`,
    isManager:
      found.role === "PropertyManager" &&
      !(JSON.parse(found.features ?? "[]") as string[]).includes("board_member"),
  };
}

function parseFraction(value: Fraction): { n: number; d: number } {
  const [n, d] = value.split("/").map(Number) as [number, number];
  return { n, d };
}

/** A stable UUID-shaped value (for BankID order references) from a seed string. */
function stableUuid(seed: string): string {
  let hex = "";
  for (let round = 0; hex.length < 32; round++) {
    let hash = 0x811c9dc5 ^ round;
    for (const char of `${seed}:${round}`) {
      hash ^= char.charCodeAt(0);
      hash = Math.imul(hash, 0x01000193) >>> 0;
    }
    hex += hash.toString(16).padStart(8, "0");
  }
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

function objectOf(ref: string) {
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

function objectRows(createdAt: string): Row<"property_objects">[] {
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

function engagementRows(refreshedAt: string): Row<"board_engagements">[] {
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

function creditResult(clock: Clock, who: Person, profile: CreditProfile, orderedAt: string, orderer: string) {
  const birthYear = Number(who.identifier.slice(0, 4));
  const birth = `${who.identifier.slice(0, 4)}-${who.identifier.slice(4, 6)}-${who.identifier.slice(6, 8)}`;
  const today = clock.date(0);
  const age = Number(today.slice(0, 4)) - birthYear - (today.slice(5) < birth.slice(5) ? 1 : 0);
  const lastYear = Number(today.slice(0, 4)) - 1;
  const assessment = (year: number, gross: number) => ({
    year,
    totalGrossIncome: gross,
    incomeOfEmployment: gross,
    incomeOfActiveBusinessActivity: 0,
    incomeOfPassiveBusinessActivity: 0,
    deficitOfCapital: profile.married ? 8_400 : 0,
    surplusOfCapital: Math.round(gross * 0.02),
    deductionFromEarnedIncome: 0,
    finalTax: Math.round(gross * 0.29),
  });
  const [publicCount, publicTotal] = profile.publicDebt ?? [0, 0];
  const [privateCount, privateTotal] = profile.privateDebt ?? [0, 0];
  return {
    fullName: `${who.first} ${who.last}`,
    gender: Number(who.identifier.slice(10, 11)) % 2 === 1 ? "Male" : "Female",
    age,
    martialStatus: profile.married ? "Married" : "Unmarried",
    creditDecision: { creditCheckScore: profile.score, notScoredReason: null },
    debtBalance: {
      numberOfPublicDebt: publicCount,
      totalPublicDebt: publicTotal,
      numberOfPrivateDebt: privateCount,
      totalPrivateDebt: privateTotal,
    },
    taxAssessments: [
      assessment(lastYear, profile.income),
      assessment(lastYear - 1, Math.round(profile.income * 0.96)),
    ],
    remarksOfPayment: (profile.remarks ?? []).map((r) => ({
      occuredOn: clock.date(-r.daysAgo),
      amount: r.amount,
      description: r.description,
    })),
    realEstateProperties: profile.property
      ? [
          {
            propertyDesignation: profile.property.designation,
            ownership: profile.property.ownership,
            taxValueOfLand: profile.property.land,
            taxValueOfBuilding: profile.property.building,
            totalTaxValue: profile.property.land + profile.property.building,
            acreage: profile.property.acreage,
          },
        ]
      : [],
    residential: profile.residential,
    history: [
      {
        eventOccured: orderedAt,
        category: "CreditCheck",
        description: `Kreditupplysning tagen av ${orderer}`,
        metadata: { orderedAt },
      },
    ],
  };
}

interface PdfContext {
  transfer: TransferInput;
  object: ReturnType<typeof objectOf>;
  clock: Clock;
  transferors: Person[];
  acquirers: PartyInput[];
  /** YYYY-MM-DD the document was signed or written. */
  signedOn: string;
}

const displayIdentifier = (p: Person) =>
  p.identifierType === "OrganizationNumber"
    ? formatOrganisationsnummer(p.identifier)
    : formatPersonnummer(p.identifier);
const fullName = (p: Person) => `${p.first} ${p.last}`.trim();
const names = (people: Person[]) => people.map(fullName).join(" och ");
const kronor = (amount: number) => `${amount.toLocaleString("sv-SE").replace(/\u00a0/g, " ")} kr`;

function pdfFor(
  category: DocumentCategory,
  ctx: PdfContext,
  extra: { person?: Person; guarantors?: Person[]; line?: string },
) {
  const { transfer, object, clock } = ctx;
  const a = object.association;
  const head = [
    `Bostadsrättsförening: ${a.name}, org.nr ${formatOrganisationsnummer(a.organisationNumber)}`,
    `Lägenhet: ${object.description}, objektsnummer ${object.objectNumber}`,
    `Adress: ${object.street}, ${a.postal} ${a.city}`,
    "",
  ];
  const contract = transfer.contract !== undefined ? clock.date(transfer.contract) : "";
  const entry = transfer.entry !== undefined ? clock.date(transfer.entry) : "";
  const parties = (label: string, people: Person[]) =>
    people.map((p) => `${label}: ${fullName(p)}, ${displayIdentifier(p)}`);
  const sign = (people: Person[]) => [
    "",
    `Ort och datum: ${a.city}, ${ctx.signedOn}`,
    ...people.map((p) => `Underskrift: ${fullName(p)}`),
  ];
  const acquirerPeople = ctx.acquirers.map((p) => p.who);
  switch (category) {
    case "MembershipApplication": {
      const applicant = extra.person ?? acquirerPeople[0]!;
      const share = ctx.acquirers.find((p) => p.who === applicant)?.share ?? "1/1";
      const home = acquirerPeople.find((p) => p.last === applicant.last) ?? applicant;
      return {
        title: "Ansökan om medlemskap",
        lines: [
          ...head,
          `Sökande: ${fullName(applicant)}, ${displayIdentifier(applicant)}`,
          `Nuvarande adress: ${home.street}, ${home.postal} ${home.city}`,
          `Telefon: ${applicant.phone ?? "-"}, e-post: ${applicant.email ?? "-"}`,
          `Andel som förvärvas: ${share}`,
          `Tillträdesdag: ${entry}`,
          "",
          "Jag ansöker härmed om medlemskap i föreningen och försäkrar att lämnade uppgifter är riktiga.",
          "Jag är medveten om att föreningen kan komma att ta en kreditupplysning på mig.",
          ...sign([applicant]),
        ],
      };
    }
    case "TransferAgreement":
      return {
        title: "Överlåtelseavtal bostadsrätt",
        lines: [
          ...head,
          ...parties("Säljare", ctx.transferors),
          ...parties("Köpare", acquirerPeople),
          "",
          `Köpeskilling: ${kronor(transfer.price ?? 0)}. Handpenning om 10 % erläggs vid avtalets undertecknande.`,
          `Tillträdesdag: ${entry}. Resterande köpeskilling erläggs på tillträdesdagen.`,
          "Köparen har beretts tillfälle att besiktiga lägenheten och godtar dess skick.",
          "Avtalet gäller under förutsättning att köparen beviljas medlemskap i föreningen.",
          ...sign([...ctx.transferors, ...acquirerPeople]),
        ],
      };
    case "DeedOfGift":
      return {
        title: "Gåvobrev",
        lines: [
          ...head,
          ...parties("Givare", ctx.transferors),
          ...parties("Gåvotagare", acquirerPeople),
          "",
          `Givaren överlåter som gåva sin andel ${transfer.transferors[0]?.share ?? "1/1"} av bostadsrätten.`,
          "Gåvan ska vara mottagarens enskilda egendom. Gåvotagaren övertar ansvaret för årsavgiften från tillträdet.",
          `Tillträdesdag: ${entry}`,
          ...sign([...ctx.transferors, ...acquirerPeople]),
        ],
      };
    case "EstateInventory":
      return {
        title: "Bouppteckning",
        lines: [
          ...head,
          ...parties("Den avlidne", ctx.transferors),
          ...parties("Dödsbodelägare", acquirerPeople),
          "",
          `Tillgångar: bostadsrätt i ${a.name}, ${object.description}.`,
          "Bouppteckningen är registrerad hos Skatteverket.",
          ...sign(acquirerPeople.slice(0, 1)),
        ],
      };
    case "EstateDistribution":
      return {
        title: "Arvskifteshandling",
        lines: [
          ...head,
          ...parties("Dödsbo", ctx.transferors),
          ...ctx.acquirers.map(
            (p) => `Arvinge: ${fullName(p.who)}, ${displayIdentifier(p.who)}, erhåller andel ${p.share}`,
          ),
          "",
          "Dödsbodelägarna är överens om att bostadsrätten fördelas enligt ovan.",
          ...sign(acquirerPeople),
        ],
      };
    case "DivisionOfPropertyAgreement":
      return {
        title: "Bodelningsavtal",
        lines: [
          ...head,
          ...parties("Make/maka", [...ctx.transferors, ...acquirerPeople]),
          "",
          `Vid bodelningen tillfaller ${names(ctx.transferors)}s andel ${transfer.transferors[0]?.share ?? "1/2"} av bostadsrätten ${names(acquirerPeople)}.`,
          "Parterna har inga ytterligare anspråk på varandra avseende bostadsrätten.",
          ...sign([...ctx.transferors, ...acquirerPeople]),
        ],
      };
    case "PersonalGuarantee":
      return {
        title: "Borgensförbindelse",
        lines: [
          ...head,
          ...(extra.person
            ? [`Borgen avser: ${fullName(extra.person)}, ${displayIdentifier(extra.person)}`]
            : []),
          ...parties("Borgensman", extra.guarantors ?? []),
          "",
          "Undertecknad går härmed i borgen såsom för egen skuld för bostadsrättshavarens förpliktelser mot föreningen.",
          "Borgensåtagandet gäller i fem år från tillträdesdagen.",
          ...sign(extra.guarantors ?? []),
        ],
      };
    case "AdditionalAgreement":
      return {
        title: "Tilläggsavtal till överlåtelseavtal",
        lines: [
          ...head,
          ...parties("Säljare", ctx.transferors),
          ...parties("Köpare", acquirerPeople),
          "",
          extra.line ?? "Parterna är överens om följande ändring av överlåtelseavtalet.",
          "I övrigt gäller överlåtelseavtalet oförändrat.",
          ...sign([...ctx.transferors, ...acquirerPeople]),
        ],
      };
    case "MembershipDecision":
      return {
        title: `Protokollsutdrag, styrelsemöte i ${a.name}`,
        lines: [
          ...head,
          "§ 6 Medlemsansökan",
          ...parties("Sökande", acquirerPeople),
          "",
          extra.line ?? "",
          "",
          "Vid protokollet: styrelsens sekreterare",
          "Justeras: styrelsens ordförande",
        ],
      };
    case "TransferSummary":
      return {
        title: "Sammanställning av överlåtelse",
        lines: [
          ...head,
          ...parties("Överlåtare", ctx.transferors),
          ...ctx.acquirers.map(
            (p) => `Förvärvare: ${fullName(p.who)}, ${displayIdentifier(p.who)}, andel ${p.share}`,
          ),
          "",
          ...(transfer.price !== undefined ? [`Köpeskilling: ${kronor(transfer.price)}`] : []),
          `Avtalsdatum: ${contract}`,
          `Tillträdesdag: ${entry}`,
          ...(transfer.broker
            ? [`Förmedlare: ${transfer.broker.first} ${transfer.broker.last}, ${transfer.broker.office}`]
            : []),
        ],
      };
    case "Other":
      return {
        title: "Anställningsavtal och lönespecifikationer",
        lines: [
          ...head,
          ...(extra.person
            ? [`Arbetstagare: ${fullName(extra.person)}, ${displayIdentifier(extra.person)}`]
            : []),
          "Arbetsgivare: Hamnens Logistik AB",
          "Befattning: lagerarbetare, heltid",
          "Anställningsform: provanställning om sex månader",
          "Månadslön: 27 400 kr",
          "",
          "Bifogat: lönespecifikationer för de tre senaste månaderna.",
        ],
      };
  }
}

/** Everything the demo seeds, as rows and files. Pure: the same `now` gives the same rows. */
export function buildTransferSeed(now: Date = new Date()): TransferSeedRows {
  const clock = makeClock(now);
  const nowIso = now.toISOString();
  const seededAt = clock.at("500d 08:00");
  const rows: TransferSeedRows = {
    associations: SEED_ASSOCIATIONS.map((a) => ({
      id: associationId(a.key),
      organisation_number: a.organisationNumber,
      name: a.name,
      created_at: seededAt,
    })),
    objects: objectRows(seededAt),
    engagements: engagementRows(nowIso),
    transfers: [],
    parties: [],
    documents: [],
    checks: [],
    supplementRequests: [],
    supplementAnswers: [],
    answerGuarantors: [],
    changeRequests: [],
    creditChecks: [],
    messages: [],
    notes: [],
    decisions: [],
    signSessions: [],
    audit: [],
    files: [],
  };
  for (const input of transferInputs()) new TransferBuilder(input, clock, rows).build();
  return rows;
}

type PartyRef = { id: string; who: Person };

interface DocumentOptions {
  belongsTo?: string;
  uploadedBy?: string | null;
  answerId?: string;
  person?: Person;
  guarantors?: Person[];
  line?: string;
  suffix?: string;
}

interface ReplayedStep {
  useCase: UseCase;
  before: TransferStatus | null;
  after: TransferStatus;
  when: When | undefined;
}

/** Turns one transfer literal into its rows, checking on the way that the literal tells a consistent story. */
class TransferBuilder {
  private readonly object: ReturnType<typeof objectOf>;
  private readonly manager: string | null;
  private readonly createdAt: string;
  private readonly times: string[];
  private readonly steps: ReplayedStep[];
  private readonly stepTimes: string[];
  private readonly previousReview: ReviewStatus | null;
  private readonly supplementsByTime: SupplementInput[];
  private readonly partyRefs = new Map<string, PartyRef>();
  private documentCount = 0;

  constructor(
    private readonly t: TransferInput,
    private readonly clock: Clock,
    private readonly rows: TransferSeedRows,
  ) {
    this.object = objectOf(t.object);
    this.manager = TENANT_MANAGER[this.object.association.tenantId] ?? null;
    this.createdAt = clock.at(t.created);
    this.times = [this.createdAt];
    this.supplementsByTime = [...(t.supplements ?? [])].sort((x, y) =>
      clock.at(x.at).localeCompare(clock.at(y.at)),
    );
    const replay = this.replay();
    this.steps = replay.steps;
    this.previousReview = replay.previousReview;
    this.stepTimes = stepSchedule(
      this.anchors(),
      this.steps.map((s) => (s.when ? undefined : FOLLOW_UP_MINUTES[s.useCase])),
      clock,
      (why) => this.fail(why),
    );
    this.stepTimes.forEach((iso) => this.touch(iso));
  }

  build(): void {
    this.history();
    this.parties();
    const summaryDocumentId = this.applicationDocuments();
    this.automaticChecks();
    this.supplements();
    this.changeRequests();
    this.creditChecks();
    this.messages();
    this.notes();
    this.decision();
    this.transferRow(summaryDocumentId);
  }

  private fail(why: string): never {
    throw new Error(`Seed transfer ${this.t.id}: ${why}`);
  }

  /** Every time a row of the transfer gets passes through here, so that modified_at is the latest. */
  private touch(iso: string): string {
    this.times.push(iso);
    return iso;
  }

  private at(when: When): string {
    return this.touch(this.clock.at(when));
  }

  private stepAt(useCase: UseCase): string | null {
    const i = this.steps.findIndex((s) => s.useCase === useCase);
    return i >= 0 ? this.stepTimes[i]! : null;
  }

  private reached(useCase: UseCase): boolean {
    return this.steps.some((s) => s.useCase === useCase);
  }

  private party(ref: string): PartyRef {
    return this.partyRefs.get(ref) ?? this.fail(`no party ${ref}`);
  }

  private get acquirers(): PartyInput[] {
    return this.t.acquirers ?? [];
  }

  /** The party that fills in the application and answers supplements, as a user id (null for a broker). */
  private get applicant(): string | null {
    const { t } = this;
    if (t.initiator === "Intermediary") return null;
    if (t.initiator === "PrivateIntermediary") return t.createdBy ?? null;
    return t.createdBy ?? this.manager;
  }

  // ---- History: the path replayed through the lifecycle, each step with a time and an actor

  private replay() {
    let status: TransferStatus | null = null;
    let previousReview: ReviewStatus | null = null;
    const steps = this.t.path.map((step): ReplayedStep => {
      const [useCase, when] = Array.isArray(step) ? step : [step, undefined];
      const before: TransferStatus | null = status;
      const after = nextStatus(useCase, before, previousReview);
      previousReview = previousReviewStatusAfter(useCase, before, previousReview);
      status = after;
      return { useCase, before, after, when };
    });
    if (status !== this.t.status) this.fail(`path ends in ${String(status)}, not ${this.t.status}`);
    return { steps, previousReview: previousReview as ReviewStatus | null };
  }

  /** The times the literal fixes: its own, the decision's, the flags', the requests'; null where free. */
  private anchors(): Array<string | null> {
    const { t, clock, steps } = this;
    let requestIndex = 0;
    return steps.map((step, i) => {
      if (step.when) return clock.at(step.when);
      switch (step.useCase) {
        case "approveMembership":
        case "rejectMembership":
          return t.decision ? clock.at(t.decision.at) : this.fail("a decision step needs a decision");
        case "startDecisionSigning":
          if (t.pendingSign) return clock.at(t.pendingSign.at);
          return t.decision ? addMinutes(clock.at(t.decision.at), -3) : this.fail("signing needs a decision");
        case "markSaleStopped":
          return t.saleStopped ? clock.at(t.saleStopped) : this.fail("markSaleStopped needs saleStopped");
        case "markUnderInvestigation":
          return t.investigation
            ? clock.at(t.investigation)
            : this.fail("markUnderInvestigation needs investigation");
        case "markPartsNotified":
          return t.partsNotified
            ? clock.at(t.partsNotified)
            : this.fail("markPartsNotified needs partsNotified");
        case "requestAdditionalInfo": {
          const request = this.supplementsByTime[requestIndex++];
          return request
            ? clock.at(request.at)
            : this.fail("more requestAdditionalInfo steps than supplements");
        }
        default: {
          if (i === 0) return this.createdAt;
          if (i === steps.length - 1) return clock.at(t.updated);
          // A system step that ends the path pulls the step it follows along.
          const last = steps[i + 1]!;
          const followUp = i === steps.length - 2 && !last.when ? FOLLOW_UP_MINUTES[last.useCase] : undefined;
          return followUp === undefined ? null : addMinutes(clock.at(t.updated), -followUp);
        }
      }
    });
  }

  private actorFor(useCase: UseCase, index: number): string | null {
    const { t, manager } = this;
    switch (useCase) {
      case "createTransfer":
      case "createPrivateTransfer":
        return t.createdBy ?? null;
      case "startApplication":
      case "submitApplication":
        return this.applicant;
      case "requestAdditionalInfo": {
        const earlier = this.steps
          .slice(0, index)
          .filter((s) => s.useCase === "requestAdditionalInfo").length;
        return this.supplementsByTime[earlier]?.by ?? null;
      }
      case "startDecisionSigning":
        return t.decision?.by ?? t.pendingSign?.by ?? null;
      case "approveMembership":
      case "rejectMembership":
        return t.decision?.by ?? null;
      case "abort":
        return t.createdBy !== undefined && user(t.createdBy).isManager ? t.createdBy : manager;
      case "sendToMembershipReview":
      case "markSaleStopped":
      case "markUnderInvestigation":
      case "markPartsNotified":
        return manager;
      default:
        return null;
    }
  }

  private history(): void {
    const { t } = this;
    this.steps.forEach((step, i) => {
      const at = this.stepTimes[i]!;
      const flag: [object, object] | null =
        step.useCase === "markSaleStopped"
          ? [{ sale_status: null }, { sale_status: "Stopped" }]
          : step.useCase === "markUnderInvestigation"
            ? [{ under_investigation_since: null }, { under_investigation_since: at }]
            : step.useCase === "markPartsNotified"
              ? [{ parts_notified: 0 }, { parts_notified: 1 }]
              : null;
      this.rows.audit.push({
        id: `${t.id}-audit-${i + 1}`,
        transfer_id: t.id,
        entity: "transfer",
        entity_id: t.id,
        action: step.useCase,
        user_id: this.actorFor(step.useCase, i),
        at,
        before: flag
          ? JSON.stringify(flag[0])
          : step.before === null
            ? null
            : JSON.stringify({ status: step.before }),
        after: JSON.stringify(flag ? flag[1] : { status: step.after }),
      });
    });
  }

  // ---- Parties

  private parties(): void {
    const { t, acquirers } = this;
    const reviewed = this.reached("completeAutomaticReview");
    const noticeIndex = Math.max(
      0,
      acquirers.findIndex((p) => p.notice),
    );
    let sortOrder = 0;
    const add = (
      kind: "Transferor" | "Acquirer" | "Guarantor",
      ref: string,
      input: Partial<PartyInput> & { who: Person },
    ) => {
      const id = `${t.id}-${ref}`;
      this.partyRefs.set(ref, { id, who: input.who });
      // Two people of one family on the same side of the deal live together.
      const household = this.rows.parties.find(
        (p) => p.transfer_id === t.id && p.kind === kind && p.last_name === input.who.last,
      );
      const owner = input.owner ? parseFraction(input.owner) : null;
      const share = input.share ? parseFraction(input.share) : null;
      const notice =
        kind === "Acquirer"
          ? ref === `a${noticeIndex + 1}`
          : kind === "Transferor" && acquirers.length === 0 && ref === "t1";
      this.rows.parties.push({
        id,
        transfer_id: t.id,
        kind,
        identifier_type: input.who.identifierType,
        identifier_value: input.who.identifier,
        first_name: input.who.first,
        last_name: input.who.last,
        email: input.who.email,
        phone: input.who.phone,
        street: household?.street ?? input.who.street,
        postal_code: household?.postal_code ?? input.who.postal,
        city: household?.city ?? input.who.city,
        country: "Sverige",
        owner_share_numerator: owner?.n ?? null,
        owner_share_denominator: owner?.d ?? null,
        transfer_share_numerator: share?.n ?? null,
        transfer_share_denominator: share?.d ?? null,
        membership_status:
          kind === "Acquirer" ? (input.member ?? (reviewed ? "NOTMEMBER" : "UNKNOWN")) : null,
        is_payment_notice_recipient: notice ? 1 : 0,
        sort_order: sortOrder++,
        created_at: this.createdAt,
      });
    };
    t.transferors.forEach((p, i) => add("Transferor", `t${i + 1}`, p));
    acquirers.forEach((p, i) => add("Acquirer", `a${i + 1}`, p));
    (t.guarantors ?? []).forEach((who, i) => add("Guarantor", `g${i + 1}`, { who }));
  }

  // ---- Documents: a real PDF on disk for each, unless erased

  private addDocument(category: DocumentCategory, createdIso: string, options: DocumentOptions = {}): string {
    const { t, clock } = this;
    const id = `${t.id}-doc-${++this.documentCount}`;
    const erased = t.erased?.category === category ? clock.at(t.erased.at) : null;
    const archived = t.archived?.category === category ? clock.at(t.archived.at) : null;
    const pending = t.uploadPending === category;
    const storageKey = erased ? null : `transfers/${t.id}/${id}.pdf`;
    const context: PdfContext = {
      transfer: t,
      object: this.object,
      clock,
      transferors: t.transferors.map((p) => p.who),
      acquirers: this.acquirers,
      signedOn:
        SIGNED_WITH_THE_AGREEMENT.has(category) && t.contract !== undefined
          ? clock.date(t.contract)
          : clock.dateOf(createdIso),
    };
    const bytes = makePdf(pdfFor(category, context, options));
    if (storageKey) this.rows.files.push({ storageKey, bytes });
    this.rows.documents.push({
      id,
      transfer_id: t.id,
      file_name: `${FILE_NAMES[category]}${options.suffix ?? ""}.pdf`,
      category,
      status: pending ? "UploadPending" : "UploadVerified",
      document_type: "pdf",
      size_in_bytes: bytes.length,
      belongs_to: options.belongsTo ?? null,
      sensitive: SENSITIVE.has(category) ? 1 : 0,
      storage_key: storageKey,
      uploaded_by_user_id: options.uploadedBy ?? null,
      supplement_answer_id: options.answerId ?? null,
      created_at: this.touch(createdIso),
      verified_at: pending ? null : addMinutes(createdIso, 1),
      data_erased_at: erased,
      archived_at: archived,
    });
    return id;
  }

  /** The agreement, the membership applications and the summary; returns the summary's id. */
  private applicationDocuments(): string | null {
    const { t, acquirers } = this;
    const appliedAt =
      this.stepAt("submitApplication") ?? this.stepAt("registerFromIntermediary") ?? this.stepTimes.at(-1)!;
    const mode =
      t.documents ??
      (t.status === "Initiated"
        ? "none"
        : ["Draft", "DraftTransfer", "OngoingApplications"].includes(t.status)
          ? "agreement"
          : "full");
    if (mode !== "none") {
      for (const category of AGREEMENT_CATEGORIES[t.type]) {
        this.addDocument(category, appliedAt, { uploadedBy: this.applicant });
      }
    }
    if (mode === "full") {
      acquirers.forEach((p, i) =>
        this.addDocument("MembershipApplication", addMinutes(appliedAt, i + 1), {
          belongsTo: this.party(`a${i + 1}`).id,
          uploadedBy: this.applicant,
          person: p.who,
          suffix: acquirers.length > 1 ? ` förvärvare ${i + 1}` : "",
        }),
      );
    }
    const sentAt = this.stepAt("sendToMembershipReview");
    return sentAt ? this.addDocument("TransferSummary", addMinutes(sentAt, 1)) : null;
  }

  // ---- Automatic review: every check, deviations where the literal or the parties call for one

  private automaticChecks(): void {
    const { t, clock, acquirers } = this;
    const reviewedAt = this.stepAt("completeAutomaticReview");
    const sentAt = this.stepAt("sendToMembershipReview");
    if (!reviewedAt) {
      if (t.deviations || t.accepted) this.fail("checks on a transfer that was never reviewed");
      return;
    }
    const flagged = new Set<CheckType>(t.deviations ?? []);
    if ((t.guarantors ?? []).length > 0) flagged.add("NoGuarantor");
    if (t.transferors.some((p) => p.who.first.startsWith("Dödsbo"))) flagged.add("NoEstateOfDeceased");
    if (acquirers.some((p) => p.member === "MEMBER")) flagged.add("AcquirerNotAlreadyMember");
    if (t.saleStopped) flagged.add("NoSaleStop");
    for (const type of CHECK_TYPES) {
      if (t.type !== "Purchase" && PRICE_CHECKS.includes(type)) continue;
      const explicit = t.accepted?.find((c) => c.type === type);
      // A deviation the manager let through to the board was accepted just before sending.
      const accepted = explicit
        ? { by: explicit.by as string | null, at: clock.at(explicit.at) }
        : flagged.has(type) && sentAt
          ? { by: this.manager, at: addMinutes(sentAt, -10) }
          : null;
      const result = accepted ? "AcceptedDeviation" : flagged.has(type) ? "Deviation" : "Valid";
      if (result === "Deviation" && sentAt) this.fail(`unaccepted deviation ${type} after the review`);
      this.rows.checks.push({
        id: `${t.id}-check-${type}`,
        transfer_id: t.id,
        type,
        result,
        accepted_by_user_id: accepted?.by ?? null,
        accepted_at: accepted ? this.touch(accepted.at) : null,
        created_at: reviewedAt,
      });
    }
  }

  // ---- Supplement requests and their answers

  private answererName(): string {
    const { t } = this;
    if (t.broker) return `${t.broker.first} ${t.broker.last}`;
    const id = this.applicant ?? this.fail("nobody to answer a supplement");
    return user(id).name;
  }

  private supplements(): void {
    const { t } = this;
    (t.supplements ?? []).forEach((s, i) => {
      const id = `${t.id}-sr${i + 1}`;
      const requestedAt = this.at(s.at);
      const target = s.person ? this.party(s.person) : null;
      this.rows.supplementRequests.push({
        id,
        transfer_id: t.id,
        category: s.category,
        message: s.message,
        person_id: target?.id ?? null,
        person_type: s.personType,
        initiator_role: t.initiator,
        forwarded: s.forwarded ? 1 : 0,
        status: s.status,
        created_by_user_id: s.by,
        created_by_name: user(s.by).name,
        created_at: requestedAt,
        cancelled_at: s.cancelledAt ? this.at(s.cancelledAt) : null,
      });
      if (s.answer) this.answer(s, s.answer, id, `${t.id}-sa${i + 1}`, requestedAt, target);
    });
    const open = (t.supplements ?? []).some((s) => s.status === "Open");
    if (open !== (t.status === "AwaitingInfoRequestAnswer")) {
      this.fail("AwaitingInfoRequestAnswer exactly while a supplement request is open");
    }
  }

  private answer(
    request: SupplementInput,
    answer: NonNullable<SupplementInput["answer"]>,
    requestId: string,
    answerId: string,
    requestedAt: string,
    target: PartyRef | null,
  ): void {
    const answeredAt = answer.answeredAt ? this.at(answer.answeredAt) : null;
    if ((answeredAt === null) !== (answer.status === "Draft"))
      this.fail("only a draft answer lacks an answer time");
    const documentId = answer.document
      ? this.addDocument(request.category, addMinutes(answeredAt ?? requestedAt, -5), {
          belongsTo: target?.id,
          answerId,
          person: target?.who,
          guarantors: answer.guarantors,
          uploadedBy: this.applicant,
        })
      : null;
    this.rows.supplementAnswers.push({
      id: answerId,
      request_id: requestId,
      status: answer.status,
      document_id: documentId,
      answered_by: answeredAt ? this.answererName() : null,
      answered_at: answeredAt,
      handled_by: answer.handled ? user(answer.handled.by).name : null,
      handled_by_user_id: answer.handled?.by ?? null,
      handled_at: answer.handled ? this.at(answer.handled.at) : null,
      reject_reason: answer.handled?.rejectReason ?? null,
      created_at: answeredAt ?? addMinutes(requestedAt, 90),
    });
    (answer.guarantors ?? []).forEach((g, k) =>
      this.rows.answerGuarantors.push({
        id: `${answerId}-g${k + 1}`,
        answer_id: answerId,
        identifier_value: g.identifier,
        first_name: g.first,
        last_name: g.last,
        email: g.email,
        phone: g.phone,
        sort_order: k,
      }),
    );
  }

  // ---- Agreement change requests: the transfer holds the accepted values

  private changeRequests(): void {
    const { t, clock } = this;
    (t.changes ?? []).forEach((c, i) => {
      const accepted = c.decision?.value === "Accepted";
      const agrees = (current: number | undefined, pair: [number, number] | undefined) =>
        !pair || current === (accepted ? pair[1] : pair[0]);
      if (!agrees(t.price, c.price) || !agrees(t.entry, c.entry) || !agrees(t.contract, c.contract)) {
        this.fail(`the agreement does not match change request ${i + 1}`);
      }
      const createdIso = this.at(c.at);
      const line = c.price
        ? `Köpeskillingen ändras från ${kronor(c.price[0])} till ${kronor(c.price[1])}.`
        : c.entry
          ? `Tillträdesdagen ändras från ${clock.date(c.entry[0])} till ${clock.date(c.entry[1])}.`
          : undefined;
      const creator = user(c.by);
      this.rows.changeRequests.push({
        id: `${t.id}-cr${i + 1}`,
        transfer_id: t.id,
        created_by_user_id: c.by,
        created_by_first_name: creator.first,
        created_by_last_name: creator.last,
        created_at: createdIso,
        purchase_price_previous: c.price?.[0] ?? null,
        purchase_price_new: c.price?.[1] ?? null,
        entry_date_previous: c.entry ? clock.date(c.entry[0]) : null,
        entry_date_new: c.entry ? clock.date(c.entry[1]) : null,
        contract_date_previous: c.contract ? clock.date(c.contract[0]) : null,
        contract_date_new: c.contract ? clock.date(c.contract[1]) : null,
        additional_agreement_document_id: c.agreement
          ? this.addDocument("AdditionalAgreement", addMinutes(createdIso, -2), { uploadedBy: c.by, line })
          : null,
        decision: c.decision?.value ?? null,
        decided_at: c.decision ? this.at(c.decision.at) : null,
        decided_by: c.decision ? user(c.decision.by).name : null,
        decided_by_user_id: c.decision?.by ?? null,
        rejected_reason: c.decision?.reason ?? null,
      });
    });
  }

  // ---- Credit checks

  private creditChecks(): void {
    const { t, clock } = this;
    const association = this.object.association;
    (t.credit ?? []).forEach((c, i) => {
      const target = this.party(c.party);
      if (target.who.identifierType !== "SocialSecurityNumber")
        this.fail("credit checks need a personal number");
      const orderedAt = this.at(c.at);
      const orderer = user(c.by).isManager
        ? (tenants.find((tenant) => tenant.id === association.tenantId)?.display_name ?? association.name)
        : association.name;
      this.rows.creditChecks.push({
        id: `${t.id}-cc${i + 1}`,
        transfer_id: t.id,
        party_id: target.id,
        identifier_value: target.who.identifier,
        ordered_by_user_id: c.by,
        ordered_at: orderedAt,
        status: c.status,
        result:
          c.status === "Success" && c.profile && !c.erasedAt
            ? JSON.stringify(creditResult(clock, target.who, c.profile, orderedAt, orderer))
            : null,
        completed_at: c.completedAt ? this.at(c.completedAt) : null,
        data_erased_at: c.erasedAt ? this.at(c.erasedAt) : null,
      });
    });
  }

  // ---- Messages, replies and notes

  private sender(from: Sender): { id: string | null; first: string; last: string; role: MessageRole } {
    const { t } = this;
    if (from === "broker") {
      const broker = t.broker ?? this.fail("a broker message without a broker");
      return { id: null, first: broker.first, last: broker.last, role: "Intermediary" };
    }
    if (from === "private") {
      const u = user(t.createdBy ?? this.fail("a private message without a private party"));
      return { id: u.id, first: u.first, last: u.last, role: "PrivateIntermediary" };
    }
    const u = user(from);
    return { id: u.id, first: u.first, last: u.last, role: u.isManager ? "PropertyManager" : "BoardMember" };
  }

  private messages(): void {
    const { t } = this;
    const row = (id: string, parentId: string | null, from: Sender, body: string, sentAt: string) => {
      const by = this.sender(from);
      return {
        id,
        transfer_id: t.id,
        parent_id: parentId,
        recipient: null as MessageRole | null,
        sent_by_user_id: by.id,
        sent_by_first_name: by.first,
        sent_by_last_name: by.last,
        sent_by_role: by.role,
        body,
        resolved: 0 as 0 | 1,
        resolved_by_user_id: null as string | null,
        resolved_at: null as string | null,
        created_at: sentAt,
        latest_at: sentAt,
      };
    };
    (t.messages ?? []).forEach((msg, i) => {
      const id = `${t.id}-m${i + 1}`;
      const replies = (msg.replies ?? []).map((r, k) =>
        row(`${id}-r${k + 1}`, id, r.from, r.body, this.at(r.at)),
      );
      const message = row(id, null, msg.from, msg.body, this.at(msg.at));
      this.rows.messages.push(
        {
          ...message,
          recipient: msg.to,
          resolved: msg.resolved ? 1 : 0,
          resolved_by_user_id: msg.resolved?.by ?? null,
          resolved_at: msg.resolved ? this.at(msg.resolved.at) : null,
          latest_at: [message.created_at, ...replies.map((r) => r.created_at)].sort().at(-1)!,
        },
        ...replies,
      );
    });
  }

  private notes(): void {
    const { t } = this;
    (t.notes ?? []).forEach((n, i) =>
      this.rows.notes.push({
        id: `${t.id}-n${i + 1}`,
        transfer_id: t.id,
        audience: n.audience,
        body: n.body,
        created_by_user_id: n.by,
        created_by_name: user(n.by).name,
        created_at: this.at(n.at),
      }),
    );
  }

  // ---- The membership decision, and the BankID signings behind it

  private decision(): void {
    const { t, clock } = this;
    const decided = t.status === "MembershipApproved" || t.status === "MembershipRejected";
    if (decided !== (t.decision !== undefined)) this.fail("a decision exactly when the status is decided");
    if (t.finalized && !decided) this.fail("only a decided transfer is finalised");
    if (t.pendingSign) {
      if (t.status !== "MembershipDecisionPending")
        this.fail("a pending signing only in MembershipDecisionPending");
      this.rows.signSessions.push(
        signSession(
          t.id,
          2,
          t.pendingSign.by,
          "Approve",
          t.pendingSign.device,
          this.at(t.pendingSign.at),
          null,
        ),
      );
    }
    if (!t.decision) return;
    const d = t.decision;
    const decidedAt = this.at(d.at);
    const decider = user(d.by);
    // A manager announcing the board's decision attaches the minutes; a board member signs it directly.
    const documentId = decider.isManager
      ? this.addDocument("MembershipDecision", addMinutes(decidedAt, -4), {
          uploadedBy: d.by,
          line:
            d.value === "Approved"
              ? `Styrelsen beslutade att bevilja ${names(this.acquirers.map((p) => p.who))} medlemskap i föreningen.`
              : `Styrelsen beslutade att avslå ansökan om medlemskap. Skäl: ${d.reason ?? ""}`,
        })
      : null;
    this.rows.decisions.push({
      id: `${t.id}-decision`,
      transfer_id: t.id,
      decision: d.value,
      decision_date: clock.dateOf(decidedAt),
      reason: d.reason ?? null,
      decided_by_user_id: d.by,
      decided_by_name: decider.name,
      sign_device: d.device,
      document_id: documentId,
      created_at: decidedAt,
    });
    if (d.device !== "SignByProxy") {
      this.rows.signSessions.push({
        ...signSession(
          t.id,
          1,
          d.by,
          d.value === "Approved" ? "Approve" : "Reject",
          d.device,
          addMinutes(decidedAt, -2),
          decidedAt,
        ),
        reason: d.reason ?? null,
        decision_date: clock.dateOf(decidedAt),
      });
    }
  }

  // ---- The transfer row, with the flags and counters the rows above imply

  private transferRow(summaryDocumentId: string | null): void {
    const { t, clock, object, rows } = this;
    const a = object.association;
    if (t.entry !== undefined && t.contract !== undefined && t.entry < t.contract)
      this.fail("entry before contract");
    const topLevel = rows.messages.filter((msg) => msg.transfer_id === t.id && msg.parent_id === null);
    const requests = rows.supplementRequests.filter((r) => r.transfer_id === t.id);
    const answers = rows.supplementAnswers.filter((ans) => requests.some((r) => r.id === ans.request_id));
    const finalizedAt = t.finalized ? this.at(t.finalized.at) : null;
    const modifiedAt = [...this.times].sort().at(-1)!;
    if (modifiedAt > clock.now.toISOString()) this.fail("a time in the future");
    rows.transfers.push({
      id: t.id,
      object_id: object.id,
      object_number: object.objectNumber,
      association_id: associationId(a.key),
      association_name: a.name,
      tenant_id: a.tenantId,
      provider_id: a.providerId,
      street: object.street,
      postal_code: a.postal,
      city: a.city,
      country: "Sverige",
      search_text: `${object.objectNumber} ${a.name}`.toLocaleLowerCase("sv-SE"),
      transfer_type: t.type,
      initiator_role: t.initiator,
      status: t.status,
      status_before_info_request: t.status === "AwaitingInfoRequestAnswer" ? this.previousReview : null,
      sale_status: t.saleStopped ? "Stopped" : null,
      under_investigation_since: t.investigation ? clock.at(t.investigation) : null,
      parts_notified: t.partsNotified ? 1 : 0,
      expired: t.expired ? 1 : 0,
      running_tasks: JSON.stringify(
        t.status === "ApplicationSent" ? ["AutomaticReview"] : t.status === "Aborting" ? ["Abort"] : [],
      ),
      aborting: t.status === "Aborting" ? 1 : 0,
      has_deviations: rows.checks.some((c) => c.transfer_id === t.id && c.result === "Deviation") ? 1 : 0,
      action_is_needed: answers.some((ans) => ans.status === "Pending") ? 1 : 0,
      awaiting_info_request_answer: requests.some((r) => r.status === "Open") ? 1 : 0,
      unresolved_messages: topLevel.filter((msg) => msg.resolved === 0).length,
      number_of_messages: topLevel.length,
      finalized_at_property_manager: t.finalized ? 1 : 0,
      finalized_by_user_id: t.finalized?.by ?? null,
      finalized_at: finalizedAt,
      purchase_price: t.price ?? null,
      entry_date: t.entry !== undefined ? clock.date(t.entry) : null,
      contract_date: t.contract !== undefined ? clock.date(t.contract) : null,
      membership_decision: t.decision?.value ?? null,
      membership_decision_date: t.decision ? clock.dateOf(clock.at(t.decision.at)) : null,
      intermediary_first_name: t.broker?.first ?? null,
      intermediary_last_name: t.broker?.last ?? null,
      intermediary_email: t.broker
        ? `${slug(t.broker.first)}.${slug(t.broker.last)}@${t.broker.domain}`
        : null,
      intermediary_office_name: t.broker?.office ?? null,
      created_by_user_id: t.createdBy ?? null,
      summary_document_id: summaryDocumentId,
      version: this.steps.length,
      created_at: this.createdAt,
      modified_at: modifiedAt,
      deleted_at: null,
    });
  }
}

/** A BankID signing of the decision: finished when `finishedAt` is given, else still waiting for the user. */
function signSession(
  transferId: string,
  n: number,
  userId: string,
  decision: "Approve" | "Reject",
  device: SignDevice,
  startedAt: string,
  finishedAt: string | null,
): Row<"sign_sessions"> {
  const seed = `${transferId}:${n}`;
  const autoStartToken = stableUuid(`${seed}:auto`);
  return {
    id: `${transferId}-sign-${n}`,
    transfer_id: transferId,
    user_id: userId,
    decision,
    sign_device: device,
    order_ref: stableUuid(`${seed}:order`),
    auto_start_token: autoStartToken,
    qr_start_token: stableUuid(`${seed}:qr`),
    qr_start_secret: stableUuid(`${seed}:secret`),
    launch_url: device === "ThisDevice" ? `bankid:///?autostarttoken=${autoStartToken}&redirect=null` : null,
    status: finishedAt ? "complete" : "Pending",
    reason: null,
    decision_date: null,
    hint_code: finishedAt ? null : "outstandingTransaction",
    started_at: startedAt,
    finished_at: finishedAt,
  };
}

/** System steps that run by themselves, this many minutes after the step before them. */
const FOLLOW_UP_MINUTES: Partial<Record<UseCase, number>> = {
  initiate: 1,
  completeAutomaticReview: 6,
  completeAbort: 3,
};

/**
 * Times for the steps without one: a follow-up a few minutes after its step, the others spread evenly
 * between the anchored ones and moved into office hours when there is room. Anchors must not go back in time.
 */
function stepSchedule(
  anchors: Array<string | null>,
  followUps: Array<number | undefined>,
  clock: Clock,
  fail: (why: string) => never,
): string[] {
  const ms = anchors.map((iso) => (iso === null ? null : new Date(iso).getTime()));
  const known = ms.flatMap((value, i) => (value === null ? [] : [i]));
  if (known[0] !== 0 || known.at(-1) !== ms.length - 1) fail("the first and last steps need a time");
  for (let k = 1; k < known.length; k++) {
    const from = known[k - 1]!;
    const to = known[k]!;
    const start = ms[from]!;
    const end = ms[to]!;
    if (end < start) fail(`step ${to + 1} happens before step ${from + 1}`);
    for (let i = from + 1; i < to; i++) {
      const previous = ms[i - 1]!;
      const followUp = followUps[i];
      if (followUp !== undefined) {
        ms[i] = Math.min(previous + followUp * 60_000, end);
        continue;
      }
      const even = Math.round(start + ((end - start) * (i - from)) / (to - from));
      const officeHours = Date.parse(
        clock.wall(clock.dateOf(new Date(even).toISOString()), 8 * 60 + 30 + ((i * 97) % 480)),
      );
      ms[i] = officeHours > previous && officeHours < end ? officeHours : Math.max(even, previous);
    }
  }
  return ms.map((value) => new Date(value!).toISOString());
}

// ---------------------------------------------------------------------------------------------------------
// Writing

const CHUNK = 100;

/** Lists cut into pieces small enough for one insert statement on either database. */
function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

/**
 * Seeds the demo's transfer domain once: skipped when the marker transfer exists. The PDFs are written to
 * `filesDir` first (a file without a row is harmless, a row without its file is not), then every row in one
 * transaction. Associations and board engagements that exist already (from the registry) are kept.
 */
export async function seedTransfers(db: Db, options: { filesDir: string; now?: Date }): Promise<void> {
  const existing = await db
    .selectFrom("transfers")
    .select("id")
    .where("id", "=", SEED_MARKER_TRANSFER_ID)
    .executeTakeFirst();
  if (existing) return;

  const now = options.now ?? new Date();
  const rows = buildTransferSeed(now);
  const analyses = seededAnalyses(rows);
  for (const file of rows.files) {
    const target = path.join(options.filesDir, file.storageKey);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, file.bytes);
  }

  await db.transaction().execute(async (trx) => {
    for (const association of rows.associations) {
      await trx
        .insertInto("associations")
        .values(association)
        .onConflict((oc) => oc.column("organisation_number").doNothing())
        .execute();
    }
    const stored = await trx
      .selectFrom("associations")
      .select(["id", "organisation_number"])
      .where(
        "organisation_number",
        "in",
        rows.associations.map((a) => a.organisation_number),
      )
      .execute();
    const actualId = new Map(
      rows.associations.map((a) => [
        a.id,
        stored.find((s) => s.organisation_number === a.organisation_number)?.id ?? a.id,
      ]),
    );
    const remap = <R extends { association_id: string }>(list: R[]) =>
      list.map((row) => ({ ...row, association_id: actualId.get(row.association_id) ?? row.association_id }));

    for (const part of chunks(remap(rows.objects)))
      await trx.insertInto("property_objects").values(part).execute();
    for (const engagement of remap(rows.engagements)) {
      await trx
        .insertInto("board_engagements")
        .values(engagement)
        .onConflict((oc) => oc.columns(["personal_number", "association_id", "source"]).doNothing())
        .execute();
    }
    for (const part of chunks(remap(rows.transfers)))
      await trx.insertInto("transfers").values(part).execute();
    for (const part of chunks(rows.parties)) await trx.insertInto("transfer_parties").values(part).execute();
    for (const part of chunks(rows.documents)) await trx.insertInto("documents").values(part).execute();
    for (const part of chunks(rows.checks)) await trx.insertInto("automatic_checks").values(part).execute();
    for (const part of chunks(rows.supplementRequests)) {
      await trx.insertInto("supplement_requests").values(part).execute();
    }
    for (const part of chunks(rows.supplementAnswers)) {
      await trx.insertInto("supplement_answers").values(part).execute();
    }
    for (const part of chunks(rows.answerGuarantors)) {
      await trx.insertInto("supplement_answer_guarantors").values(part).execute();
    }
    for (const part of chunks(rows.changeRequests))
      await trx.insertInto("change_requests").values(part).execute();
    for (const part of chunks(rows.creditChecks))
      await trx.insertInto("credit_check_orders").values(part).execute();
    // Replies point at their message, so messages go first.
    const byParent = [
      rows.messages.filter((msg) => msg.parent_id === null),
      rows.messages.filter((msg) => msg.parent_id !== null),
    ];
    for (const list of byParent) {
      for (const part of chunks(list)) await trx.insertInto("messages").values(part).execute();
    }
    for (const part of chunks(rows.notes)) await trx.insertInto("notes").values(part).execute();
    for (const part of chunks(rows.decisions))
      await trx.insertInto("membership_decisions").values(part).execute();
    for (const part of chunks(rows.signSessions))
      await trx.insertInto("sign_sessions").values(part).execute();
    for (const part of chunks(rows.audit)) await trx.insertInto("audit_log").values(part).execute();
    for (const part of chunks(analyses)) await trx.insertInto("document_analyses").values(part).execute();
  });
}
