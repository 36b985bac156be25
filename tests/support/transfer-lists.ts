import { afterAll, beforeAll, describe } from "vitest";
import type { DbHandle, Db } from "~/server/db/kysely.server";
import { FINAL_STATUSES, TRANSFER_STATUSES, TRANSFER_TYPES, type TransferStatus } from "~/lib/transfer";
import { freshPostgres, freshSqlite } from "./db";
import { WORLD, actorFor, buildWorld, insertTransfer } from "./transfers";
import type { Viewer } from "~/server/domain/transfers/facts.server";
import { lifecycleRank } from "~/server/domain/transfers/lifecycle.server";
import type { ListKind, SortField, Toggle } from "~/lib/transfer-lists";
import {
  defaultListQuery,
  statusFiltersFor,
  type ListQuery,
} from "~/server/domain/transfers/lists/query.server";
import { searchTransfers } from "~/server/domain/transfers/lists/search.server";

/**
 * The transfer lists' test world: about 170 transfers whose every listed property varies with their index, an
 * oracle that applies the rules of `domain/transfers/lists/` again, plainly, over the same rows, and a database
 * holding exactly those rows on each backend. A list test compares the query with the oracle.
 */

// 10:00 UTC is 11:00 in Stockholm: today is 2026-11-21, 12 months back 2025-11-21, Expiring up to 2026-12-05.
export const NOW = new Date("2026-11-21T10:00:00Z");
export const TODAY = "2026-11-21";
const CUTOFF = "2025-11-21";
export const EXPIRING_UNTIL = "2026-12-05";

/** Everything a seeded row needs for the oracle below, written out instead of read back from the database. */
export interface Seed {
  id: string;
  objectId: string;
  tenant: string;
  association: string;
  object_number: string;
  association_name: string;
  street: string;
  transfer_type: string;
  initiator_role: string;
  status: TransferStatus;
  action_is_needed: number;
  finalized_at_property_manager: number;
  under_investigation_since: string | null;
  sale_status: string | null;
  unresolved_messages: number;
  expired: number;
  entry_date: string | null;
  membership_decision: string | null;
  membership_decision_date: string | null;
  created_by_user_id: string | null;
  modified_at: string;
  deleted_at: string | null;
}

const OBJECTS: Record<string, { tenant: string; association: string }> = {
  [WORLD.objectA]: { tenant: "stadsbo", association: WORLD.associationA.id },
  [WORLD.objectA2]: { tenant: "stadsbo", association: WORLD.associationA.id },
  [WORLD.objectB]: { tenant: "nordhem", association: WORLD.associationB.id },
};

const ENTRY_DATES = ["2026-11-20", TODAY, EXPIRING_UNTIL, "2026-12-06", "2027-01-10", null] as const;
const DECISION_DATES = ["2025-11-20", CUTOFF, "2026-06-01", "2024-03-01"] as const;
const STREETS = ["Kvarngatan 3", "Åsögatan 12", "Bergsgatan 1", "Ängsvägen 7", "Drottninggatan 40"];
const ASSOCIATION_NAMES = [
  "Brf Kvarnen 3",
  "Brf Åkern",
  "Bostadsrättsföreningen Sjöutsikten",
  "BRF Ekbacken",
];
/** Object numbers with LIKE wildcards in them, to prove that a search takes % and _ literally. */
const SPECIAL_NUMBERS: Record<number, string> = { 3: "OBJ_100%", 4: "OBJX1000", 8: "OBJ-50%X" };

function seedRow(i: number, objectId: string, prefix: string, extra: Partial<Seed> = {}): Seed {
  const status = TRANSFER_STATUSES[i % TRANSFER_STATUSES.length] as TransferStatus;
  const decided = status === "MembershipApproved" || status === "MembershipRejected";
  const place = OBJECTS[objectId];
  if (!place) throw new Error(objectId);
  return {
    id: `${prefix}-${String(i).padStart(3, "0")}`,
    objectId,
    tenant: place.tenant,
    association: place.association,
    object_number:
      (prefix === "s" ? SPECIAL_NUMBERS[i] : undefined) ??
      `T-${1000 + ((i * 37) % 97)}-${String(i).padStart(3, "0")}`,
    association_name: ASSOCIATION_NAMES[i % ASSOCIATION_NAMES.length] ?? "",
    street: STREETS[(i * 3) % STREETS.length] ?? "",
    transfer_type: TRANSFER_TYPES[i % TRANSFER_TYPES.length] ?? "Purchase",
    initiator_role: ["Intermediary", "PropertyManager", "Intermediary"][i % 3] ?? "Intermediary",
    status,
    action_is_needed: i % 4 === 0 ? 1 : 0,
    finalized_at_property_manager: i % 3 === 0 ? 1 : 0,
    under_investigation_since: i % 5 === 0 ? "2026-11-01T09:00:00.000Z" : null,
    sale_status: i % 7 === 0 ? "Stopped" : null,
    unresolved_messages: i % 6 === 0 ? 2 : 0,
    expired: i % 11 === 0 ? 1 : 0,
    entry_date: ENTRY_DATES[i % ENTRY_DATES.length] ?? null,
    membership_decision: decided ? (status === "MembershipApproved" ? "Approved" : "Rejected") : null,
    membership_decision_date: decided ? (DECISION_DATES[(i >> 1) % DECISION_DATES.length] ?? null) : null,
    created_by_user_id: null,
    // Every 20th row shares its modified time with another, so that the id tie-breaker is exercised.
    modified_at: `2026-11-${String(1 + (i % 20)).padStart(2, "0")}T08:00:00.000Z`,
    deleted_at: null,
    ...extra,
  };
}

export const SEEDS: Seed[] = [
  ...Array.from({ length: 84 }, (_, i) => seedRow(i, i % 2 === 0 ? WORLD.objectA : WORLD.objectA2, "s")),
  ...Array.from({ length: 28 }, (_, i) => seedRow(i, WORLD.objectB, "n")),
  // A deleted transfer is in no list.
  seedRow(6, WORLD.objectA, "deleted", { deleted_at: "2026-11-02T08:00:00.000Z" }),
  // Karin's own private transfers: one in an association she is not on the board of, one where she is.
  ...Array.from({ length: 30 }, (_, i) =>
    seedRow(i, i % 3 === 0 ? WORLD.objectA : WORLD.objectB, "p", {
      initiator_role: "PrivateIntermediary",
      created_by_user_id: "user-karin",
    }),
  ),
  // A private transfer someone else created is not Karin's.
  seedRow(2, WORLD.objectB, "other-private", {
    initiator_role: "PrivateIntermediary",
    created_by_user_id: "user-elin",
  }),
];

// The oracle: the rules of lists/*.server.ts written again, plainly, over the seeds.

const NOT_FINAL = TRANSFER_STATUSES.filter((s) => !(FINAL_STATUSES as readonly string[]).includes(s));
const isDecided = (s: Seed) => s.status === "MembershipApproved" || s.status === "MembershipRejected";
const recentlyDecided = (s: Seed) =>
  (s.membership_decision_date !== null && s.membership_decision_date >= CUTOFF) ||
  (s.entry_date !== null && s.entry_date >= TODAY);

export interface Who {
  tenant?: string;
  associations?: string[];
  privateUser?: string;
}

function inKind(s: Seed, kind: ListKind, who: Who): boolean {
  if (s.deleted_at !== null) return false;
  switch (kind) {
    case "active":
      return s.tenant === who.tenant && NOT_FINAL.includes(s.status);
    case "propertyManager":
      return (
        s.tenant === who.tenant && NOT_FINAL.includes(s.status) && s.initiator_role === "PropertyManager"
      );
    case "completed":
      return s.tenant === who.tenant && isDecided(s) && recentlyDecided(s);
    case "board":
      return (
        (who.associations ?? []).includes(s.association) &&
        (NOT_FINAL.includes(s.status) || (isDecided(s) && recentlyDecided(s)))
      );
    case "private":
      return s.created_by_user_id === who.privateUser && s.initiator_role === "PrivateIntermediary";
  }
}

const FILTER_ORACLE: Record<string, (s: Seed) => boolean> = {
  OngoingApplications: (s) =>
    ["Initiating", "Initiated", "Draft", "DraftTransfer", "OngoingApplications", "ApplicationSent"].includes(
      s.status,
    ),
  TransferReviewInProgress: (s) =>
    ["TransferReviewInProgress", "AwaitingInfoRequestAnswer"].includes(s.status),
  MembershipReviewInProgress: (s) =>
    ["MembershipReviewInProgress", "MembershipDecisionPending"].includes(s.status),
  WhereActionIsNeeded: (s) => s.action_is_needed === 1,
  ApprovedApplications: (s) => s.status === "MembershipApproved",
  RejectedApplications: (s) => s.status === "MembershipRejected",
  EntryDateAhead: (s) => s.entry_date !== null && s.entry_date >= TODAY,
  NotFinalized: (s) => s.finalized_at_property_manager === 0,
};

const TOGGLE_ORACLE: Record<Toggle, (s: Seed) => boolean> = {
  UnderInvestigation: (s) => s.under_investigation_since !== null,
  Expiring: (s) =>
    s.expired === 1 || (s.entry_date !== null && s.entry_date >= TODAY && s.entry_date <= EXPIRING_UNTIL),
  SalesStopped: (s) => s.sale_status === "Stopped",
  UnresolvedMessages: (s) => s.unresolved_messages > 0,
};

const SORT_ORACLE: Record<SortField, (s: Seed) => string | number> = {
  Object: (s) => s.object_number,
  Association: (s) => s.association_name,
  Address: (s) => s.street,
  Type: (s) => s.transfer_type,
  Initiator: (s) => s.initiator_role,
  Status: (s) => lifecycleRank(s.status),
  Modified: (s) => s.modified_at,
};

function matchesSearch(s: Seed, search: string) {
  const term = search.trim().toLowerCase();
  return term === "" || `${s.object_number} ${s.association_name}`.toLowerCase().includes(term);
}

export function expected(q: ListQuery, who: Who) {
  const base = SEEDS.filter(
    (s) =>
      inKind(s, q.kind, who) && q.toggles.every((t) => TOGGLE_ORACLE[t](s)) && matchesSearch(s, q.search),
  );
  const rows = base.filter((s) => q.filters.length === 0 || q.filters.some((f) => FILTER_ORACLE[f]?.(s)));
  const key = SORT_ORACLE[q.order.by];
  const sign = q.order.direction === "Asc" ? 1 : -1;
  rows.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka !== kb) return ka < kb ? -sign : sign;
    return a.id < b.id ? -sign : sign;
  });
  const filterCount: Record<string, number> = {};
  for (const f of statusFiltersFor(q.kind)) filterCount[f] = base.filter((s) => FILTER_ORACLE[f]?.(s)).length;
  return { ids: rows.map((r) => r.id), filterCount };
}

interface Opened {
  handle: DbHandle;
  drop(): Promise<void>;
}

const BACKENDS: Array<[string, () => Promise<Opened | null>]> = [
  [
    "SQLite",
    async () => {
      const handle = await freshSqlite();
      return { handle, drop: () => handle.destroy() };
    },
  ],
  [
    "PostgreSQL",
    async () => {
      return await freshPostgres("seeded");
    },
  ],
];

/** A database holding exactly SEEDS, the seeded users as viewers, and every row of a query. */
export interface ListWorld {
  db: Db;
  viewers: Record<string, Viewer>;
  all(viewer: Viewer, q: ListQuery): ReturnType<typeof allRows>;
}

/** Every row of a query: cumulative up to a page that holds them all. */
async function allRows(db: Db, viewer: Viewer, q: ListQuery) {
  const result = await searchTransfers(db, viewer, { ...q, page: 40 }, { now: NOW, cumulative: true });
  return { ...result, ids: result.rows.map((r) => r.id) };
}

export function query(kind: ListKind, patch: Partial<ListQuery> = {}): ListQuery {
  return { ...defaultListQuery(kind), ...patch };
}

export const WHO: Record<string, Who> = {
  maria: { tenant: "stadsbo" },
  anders: { tenant: "nordhem" },
  erik: { associations: [WORLD.associationA.id] },
  karin: { associations: [WORLD.associationA.id], privateUser: "user-karin" },
  fatima: { associations: [WORLD.associationB.id] },
};

export const CASES: Array<[string, ListKind]> = [
  ["maria", "active"],
  ["maria", "propertyManager"],
  ["maria", "completed"],
  ["anders", "active"],
  ["anders", "completed"],
  ["erik", "board"],
  ["karin", "board"],
  ["fatima", "board"],
  ["karin", "private"],
];

/**
 * Declares `body`'s tests once per backend, each in a describe of its own ("on SQLite", and "on PostgreSQL" when
 * TEST_DATABASE_URL is set), on a database whose transfers table holds exactly SEEDS.
 */
export function onEachBackend(body: (world: ListWorld) => void): void {
  if (!process.env.TEST_DATABASE_URL) {
    console.warn(
      "SKIPPED: list queries on PostgreSQL (set TEST_DATABASE_URL to a reachable server; .ci/run does)",
    );
  }
  for (const [backend, open] of BACKENDS) {
    describe.skipIf(backend === "PostgreSQL" && !process.env.TEST_DATABASE_URL)(`on ${backend}`, () => {
      let opened: Opened;
      const world: ListWorld = {
        db: undefined as unknown as Db,
        viewers: {},
        all: (viewer, q) => allRows(world.db, viewer, q),
      };

      beforeAll(async () => {
        const fresh = await open();
        if (!fresh) throw new Error("TEST_DATABASE_URL is set but PostgreSQL does not answer");
        opened = fresh;
        const db = opened.handle.db;
        world.db = db;
        await buildWorld(db);
        // The lists are compared with the seeds, so nothing else may be in the table.
        await db.deleteFrom("transfers").execute();
        for (const s of SEEDS) {
          const { tenant: _t, association: _a, objectId, ...row } = s;
          await insertTransfer(db, {
            ...row,
            objectId,
            search_text: `${s.object_number} ${s.association_name}`.toLowerCase(),
          });
        }
        for (const name of Object.keys(WHO))
          world.viewers[name] = (await actorFor(db, `user-${name}`)).viewer;
      });

      afterAll(async () => {
        await opened?.drop();
      });

      body(world);
    });
  }
}
