import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, DbHandle } from "~/server/db/kysely.server";
import {
  nextStatus,
  previousReviewStatusAfter,
  type ReviewStatus,
  type UseCase,
} from "~/server/domain/transfers/lifecycle.server";
import { isValidOrganisationsnummer } from "~/lib/organisationsnummer";
import { parsePersonnummer } from "~/lib/personnummer";
import {
  ANSWER_STATUSES,
  CHECK_TYPES,
  INITIATOR_ROLES,
  NOTE_AUDIENCES,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
  type TransferStatus,
} from "~/lib/transfer";
import { REGISTRY_ASSOCIATIONS, REGISTRY_SEED } from "~/server/integrations/company-registry/index.server";
import { freshPostgres, freshSqlite } from "../../../tests/support/db";
import { seedTransfers } from "./transfers.server";

const DAY = 86_400_000;

let handle: DbHandle;
let db: Db;
let filesDir: string;
const now = new Date();
const today = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(now);
const daysFromToday = (date: string) => Math.round((Date.parse(date) - Date.parse(today)) / DAY);

beforeAll(async () => {
  handle = await freshSqlite();
  db = handle.db;
  filesDir = await fs.mkdtemp(path.join(os.tmpdir(), "seed-files-"));
  await seedTransfers(db, { filesDir, now });
});

afterAll(async () => {
  await handle.destroy();
  await fs.rm(filesDir, { recursive: true, force: true });
});

const transfers = () => db.selectFrom("transfers").selectAll().execute();

/** a/b + c/d + ... as one exact fraction [numerator, denominator]. */
function sum(fractions: Array<[number, number]>): [number, number] {
  return fractions.reduce<[number, number]>(([n, d], [fn, fd]) => [n * fd + fn * d, d * fd], [0, 1]);
}
const equal = ([a, b]: [number, number], [c, d]: [number, number]) => a * d === b * c;
const atMost = ([a, b]: [number, number], [c, d]: [number, number]) => a * d <= c * b;

describe("seedTransfers", () => {
  it("seeds about sixty-five transfers in every status but the transient Initiating", async () => {
    const rows = await transfers();
    // 48 hand-written transfers and Nordhem's queue of 18 (so that one manager's list has a second page).
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(rows.length).toBeLessThanOrEqual(70);
    const nordhemActive = rows.filter(
      (t) =>
        t.tenant_id === "nordhem" &&
        !["MembershipApproved", "MembershipRejected", "Aborted"].includes(t.status),
    );
    expect(nordhemActive.length).toBeGreaterThan(25);
    const statuses = new Set(rows.map((t) => t.status));
    for (const status of TRANSFER_STATUSES.filter((s) => s !== "Initiating")) {
      expect(statuses, status).toContain(status);
    }
    expect(statuses).not.toContain("Initiating");
    expect(new Set(rows.map((t) => t.transfer_type))).toEqual(new Set(TRANSFER_TYPES));
    expect(new Set(rows.map((t) => t.initiator_role))).toEqual(new Set(INITIATOR_ROLES));
  });

  it("sets every flag on some transfer", async () => {
    const rows = await transfers();
    const some = (what: string, test: (t: (typeof rows)[number]) => boolean) =>
      expect(rows.some(test), what).toBe(true);
    some("sale stopped", (t) => t.sale_status === "Stopped");
    some("under investigation", (t) => t.under_investigation_since !== null);
    some("parts notified", (t) => t.parts_notified === 1);
    some("expired", (t) => t.expired === 1);
    some("deviations", (t) => t.has_deviations === 1);
    some("action needed", (t) => t.action_is_needed === 1);
    some("awaiting info answer", (t) => t.awaiting_info_request_answer === 1);
    some("unresolved messages", (t) => t.unresolved_messages > 0);
    some("running tasks", (t) => (JSON.parse(t.running_tasks) as string[]).length > 0);
    some("aborting", (t) => t.aborting === 1);
    some(
      "finalised",
      (t) => t.finalized_at_property_manager === 1 && t.finalized_by_user_id === "user-maria",
    );
    some(
      "automatic review running",
      (t) => t.status === "ApplicationSent" && t.running_tasks === '["AutomaticReview"]',
    );
    some("abort running", (t) => t.status === "Aborting" && t.running_tasks === '["Abort"]');
  });

  it("keeps the flags and counters equal to what the rows say", async () => {
    const rows = await transfers();
    const checks = await db.selectFrom("automatic_checks").select(["transfer_id", "result"]).execute();
    const messages = await db
      .selectFrom("messages")
      .select(["transfer_id", "parent_id", "resolved"])
      .execute();
    const requests = await db
      .selectFrom("supplement_requests")
      .select(["id", "transfer_id", "status"])
      .execute();
    const answers = await db.selectFrom("supplement_answers").select(["request_id", "status"]).execute();
    for (const t of rows) {
      const own = (list: Array<{ transfer_id: string }>) => list.filter((row) => row.transfer_id === t.id);
      const ownChecks = own(checks) as typeof checks;
      const topLevel = (own(messages) as typeof messages).filter((m) => m.parent_id === null);
      const ownRequests = own(requests) as typeof requests;
      const ownAnswers = answers.filter((a) => ownRequests.some((r) => r.id === a.request_id));
      expect(t.has_deviations, t.id).toBe(ownChecks.some((c) => c.result === "Deviation") ? 1 : 0);
      expect(t.number_of_messages, t.id).toBe(topLevel.length);
      expect(t.unresolved_messages, t.id).toBe(topLevel.filter((m) => m.resolved === 0).length);
      expect(t.awaiting_info_request_answer, t.id).toBe(ownRequests.some((r) => r.status === "Open") ? 1 : 0);
      expect(t.action_is_needed, t.id).toBe(ownAnswers.some((a) => a.status === "Pending") ? 1 : 0);
      expect(t.status === "AwaitingInfoRequestAnswer", t.id).toBe(t.awaiting_info_request_answer === 1);
      expect(t.status_before_info_request !== null, t.id).toBe(t.status === "AwaitingInfoRequestAnswer");
      expect(t.aborting, t.id).toBe(t.status === "Aborting" ? 1 : 0);
      if (
        ["MembershipReviewInProgress", "MembershipDecisionPending", "MembershipApproved"].includes(t.status)
      ) {
        expect(t.has_deviations, `${t.id} reached the board with a deviation`).toBe(0);
      }
    }
  });

  it("gives every party a valid personal or organisation number, and every association a valid organisation number", async () => {
    const parties = await db.selectFrom("transfer_parties").selectAll().execute();
    const guarantors = await db.selectFrom("supplement_answer_guarantors").selectAll().execute();
    const credit = await db.selectFrom("credit_check_orders").select("identifier_value").execute();
    const people = [
      ...parties.filter((p) => p.identifier_type === "SocialSecurityNumber").map((p) => p.identifier_value),
      ...guarantors.map((g) => g.identifier_value),
      ...credit.map((c) => c.identifier_value),
    ];
    for (const number of people) {
      expect(parsePersonnummer(number, now), number).toMatchObject({
        ok: true,
        value: { normalized12: number },
      });
    }
    const companies = parties.filter((p) => p.identifier_type === "OrganizationNumber");
    expect(companies.length).toBeGreaterThan(0);
    expect(companies.some((p) => p.kind === "Acquirer")).toBe(true);
    for (const p of companies)
      expect(isValidOrganisationsnummer(p.identifier_value), p.identifier_value).toBe(true);
    expect(
      parties.filter((p) => !["SocialSecurityNumber", "OrganizationNumber"].includes(p.identifier_type)),
    ).toEqual([]);

    const associations = await db.selectFrom("associations").selectAll().execute();
    for (const a of associations)
      expect(isValidOrganisationsnummer(a.organisation_number), a.name).toBe(true);
    for (const registry of Object.values(REGISTRY_ASSOCIATIONS)) {
      expect(associations.find((a) => a.organisation_number === registry.organisationNumber)?.name).toBe(
        registry.name,
      );
    }
    expect(associations.length).toBeGreaterThanOrEqual(Object.keys(REGISTRY_ASSOCIATIONS).length + 3);
  });

  it("marks one payment-notice recipient per transfer and one acquirer already a member", async () => {
    const parties = await db.selectFrom("transfer_parties").selectAll().execute();
    for (const t of await transfers()) {
      const recipients = parties.filter((p) => p.transfer_id === t.id && p.is_payment_notice_recipient === 1);
      expect(recipients, t.id).toHaveLength(1);
    }
    expect(parties.some((p) => p.kind === "Acquirer" && p.membership_status === "MEMBER")).toBe(true);
  });

  it("balances the shares exactly: acquirers take what the transferors give, nobody gives more than they own", async () => {
    const parties = await db.selectFrom("transfer_parties").selectAll().execute();
    for (const t of await transfers()) {
      const own = parties.filter((p) => p.transfer_id === t.id);
      const share = (p: (typeof own)[number]): [number, number] => [
        p.transfer_share_numerator!,
        p.transfer_share_denominator!,
      ];
      const transferors = own.filter((p) => p.kind === "Transferor");
      const acquirers = own.filter((p) => p.kind === "Acquirer");
      expect(transferors.length, t.id).toBeGreaterThan(0);
      for (const p of transferors) {
        expect(p.owner_share_denominator, `${t.id} ${p.id}`).not.toBeNull();
        expect(
          atMost(share(p), [p.owner_share_numerator!, p.owner_share_denominator!]),
          `${t.id} ${p.id}`,
        ).toBe(true);
      }
      if (acquirers.length > 0) {
        expect(equal(sum(acquirers.map(share)), sum(transferors.map(share))), t.id).toBe(true);
      }
    }
  });

  it("writes each stored document as a real PDF of the recorded size", async () => {
    const documents = await db.selectFrom("documents").selectAll().execute();
    const stored = documents.filter((d) => d.storage_key !== null);
    expect(stored.length).toBeGreaterThan(40);
    for (const d of stored) {
      const bytes = await fs.readFile(path.join(filesDir, d.storage_key!));
      expect(bytes.subarray(0, 5).toString("latin1"), d.id).toBe("%PDF-");
      expect(bytes.length, d.id).toBe(d.size_in_bytes);
      expect(d.storage_key, d.id).toBe(`transfers/${d.transfer_id}/${d.id}.pdf`);
    }
    const erased = documents.filter((d) => d.storage_key === null);
    expect(erased.length).toBeGreaterThan(0);
    for (const d of erased) expect(d.data_erased_at, d.id).not.toBeNull();
    expect(documents.some((d) => d.archived_at !== null)).toBe(true);
    expect(documents.some((d) => d.status === "UploadPending")).toBe(true);
    expect(documents.filter((d) => d.status === "UploadVerified").length).toBeGreaterThan(
      documents.length / 2,
    );
  });

  it("matches the documents to the transfer type", async () => {
    const documents = await db.selectFrom("documents").select(["transfer_id", "category"]).execute();
    const expected: Record<string, string> = {
      Purchase: "TransferAgreement",
      Gift: "DeedOfGift",
      Inheritance: "EstateInventory",
      DivisionOfProperty: "DivisionOfPropertyAgreement",
    };
    for (const t of await transfers()) {
      const categories = documents.filter((d) => d.transfer_id === t.id).map((d) => d.category);
      if (["ApplicationSent", "TransferReviewInProgress", "MembershipApproved"].includes(t.status)) {
        expect(categories, t.id).toContain(expected[t.transfer_type]);
        expect(categories, t.id).toContain("MembershipApplication");
      }
      if (t.summary_document_id !== null) {
        expect(documents.some((d) => d.transfer_id === t.id && d.category === "TransferSummary")).toBe(true);
      }
    }
  });

  it("keeps dates in order and copies the object's fields onto the transfer", async () => {
    const objects = await db.selectFrom("property_objects").selectAll().execute();
    const associations = await db.selectFrom("associations").selectAll().execute();
    for (const t of await transfers()) {
      if (t.entry_date && t.contract_date) expect(t.entry_date >= t.contract_date, t.id).toBe(true);
      expect(t.created_at <= t.modified_at, t.id).toBe(true);
      expect(t.modified_at <= now.toISOString(), t.id).toBe(true);
      const object = objects.find((o) => o.id === t.object_id)!;
      expect(
        {
          object_number: t.object_number,
          association_id: t.association_id,
          tenant_id: t.tenant_id,
          provider_id: t.provider_id,
          street: t.street,
          postal_code: t.postal_code,
          city: t.city,
          country: t.country,
        },
        t.id,
      ).toEqual({
        object_number: object.object_number,
        association_id: object.association_id,
        tenant_id: object.tenant_id,
        provider_id: object.provider_id,
        street: object.street,
        postal_code: object.postal_code,
        city: object.city,
        country: object.country,
      });
      expect(t.association_name).toBe(associations.find((a) => a.id === t.association_id)?.name);
      expect(t.search_text).toContain(t.object_number);
    }
    expect(objects.filter((o) => o.under_maintenance === 1)).toHaveLength(1);
  });

  it("spreads the dates around today the way the lists need them", async () => {
    const rows = await transfers();
    const decided = rows.filter((t) => t.membership_decision_date !== null);
    const withinYear = decided.filter((t) => daysFromToday(t.membership_decision_date!) >= -365);
    expect(withinYear.length).toBeGreaterThan(decided.length / 2);
    expect(decided.some((t) => daysFromToday(t.membership_decision_date!) < -365)).toBe(true);
    expect(decided.some((t) => daysFromToday(t.entry_date!) > 0)).toBe(true);
    expect(
      rows.some((t) => t.status === "MembershipApproved" && daysFromToday(t.membership_decision_date!) < -30),
    ).toBe(true);
    expect(
      rows.some((t) => t.status === "MembershipRejected" && daysFromToday(t.membership_decision_date!) < -90),
    ).toBe(true);
    expect(rows.some((t) => t.entry_date !== null && daysFromToday(t.entry_date) <= -7)).toBe(true);
    const active = rows.filter(
      (t) => !["MembershipApproved", "MembershipRejected", "Aborted"].includes(t.status),
    );
    expect(active.filter((t) => t.entry_date && daysFromToday(t.entry_date) > 0).length).toBeGreaterThan(
      active.length / 2,
    );
  });

  it("records one membership decision per decided transfer, equal to the transfer's", async () => {
    const decisions = await db.selectFrom("membership_decisions").selectAll().execute();
    for (const t of await transfers()) {
      const decision = decisions.find((d) => d.transfer_id === t.id);
      const decided = t.status === "MembershipApproved" || t.status === "MembershipRejected";
      expect(decision !== undefined, t.id).toBe(decided);
      if (!decision) continue;
      expect(decision.decision).toBe(t.status === "MembershipApproved" ? "Approved" : "Rejected");
      expect(decision.decision).toBe(t.membership_decision);
      expect(decision.decision_date).toBe(t.membership_decision_date);
      if (decision.decision === "Rejected") expect(decision.reason, t.id).toBeTruthy();
    }
    expect(decisions.some((d) => d.sign_device === "SignByProxy")).toBe(true);
    const pending = await db
      .selectFrom("sign_sessions")
      .selectAll()
      .where("status", "=", "Pending")
      .execute();
    expect(pending).toHaveLength(1);
    const signing = (await transfers()).find((t) => t.id === pending[0]!.transfer_id);
    expect(signing?.status).toBe("MembershipDecisionPending");
  });

  it("has the review material: every check type, supplements in every answer status, change requests, credit checks", async () => {
    const checks = await db.selectFrom("automatic_checks").selectAll().execute();
    expect(new Set(checks.map((c) => c.type))).toEqual(new Set(CHECK_TYPES));
    expect(new Set(checks.map((c) => c.result))).toEqual(
      new Set(["Valid", "Deviation", "AcceptedDeviation"]),
    );
    for (const c of checks.filter((c) => c.result === "AcceptedDeviation")) {
      expect(c.accepted_at, c.id).not.toBeNull();
    }

    const answers = await db.selectFrom("supplement_answers").selectAll().execute();
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set(ANSWER_STATUSES));
    const guarantee = answers.find((a) => a.status === "Pending" && a.document_id !== null);
    const guarantors = await db.selectFrom("supplement_answer_guarantors").selectAll().execute();
    expect(guarantors.some((g) => g.answer_id === guarantee?.id)).toBe(true);
    const requests = await db.selectFrom("supplement_requests").selectAll().execute();
    expect(new Set(requests.map((r) => r.status))).toEqual(new Set(["Open", "Answered", "Cancelled"]));
    expect(
      requests.some((r) => r.message === "Vänligen komplettera med ett borgensåtagande för Anna Svensson."),
    ).toBe(true);

    const changes = await db.selectFrom("change_requests").selectAll().execute();
    expect(changes.map((c) => c.decision).sort()).toEqual(["Accepted", "Rejected", null].sort());
    expect(changes.find((c) => c.decision === "Rejected")?.rejected_reason).toBeTruthy();

    const credit = await db.selectFrom("credit_check_orders").selectAll().execute();
    for (const status of ["Pending", "Success", "SuccessWithoutResult", "Error"]) {
      expect(credit.map((c) => c.status)).toContain(status);
    }
    const result = JSON.parse(credit.find((c) => c.status === "Success" && c.result !== null)!.result!);
    expect(result).toMatchObject({
      fullName: expect.any(String),
      creditDecision: { creditCheckScore: expect.any(String) },
      debtBalance: { numberOfPublicDebt: expect.any(Number), totalPrivateDebt: expect.any(Number) },
      taxAssessments: expect.arrayContaining([
        expect.objectContaining({ totalGrossIncome: expect.any(Number) }),
      ]),
      residential: {
        county: expect.any(String),
        municipality: expect.any(String),
        parish: expect.any(String),
      },
    });

    const notes = await db.selectFrom("notes").select("audience").execute();
    expect(new Set(notes.map((n) => n.audience))).toEqual(new Set(NOTE_AUDIENCES));
    const replies = await db.selectFrom("messages").selectAll().where("parent_id", "is not", null).execute();
    expect(replies.length).toBeGreaterThan(0);
    for (const r of replies) expect(r.recipient, r.id).toBeNull();
  });

  it("writes a history per transfer that replays through the lifecycle to its status", async () => {
    const audit = await db.selectFrom("audit_log").selectAll().orderBy("at").orderBy("id").execute();
    for (const t of await transfers()) {
      const own = audit
        .filter((a) => a.transfer_id === t.id)
        .sort((x, y) => Number(x.id.split("-").at(-1)) - Number(y.id.split("-").at(-1)));
      expect(own.length, t.id).toBeGreaterThan(0);
      let status: TransferStatus | null = null;
      let previousReview: ReviewStatus | null = null;
      let previousAt = "";
      for (const entry of own) {
        expect(entry.entity).toBe("transfer");
        expect(entry.at >= previousAt, `${t.id} ${entry.action}`).toBe(true);
        previousAt = entry.at;
        const useCase = entry.action as UseCase;
        const next: TransferStatus = nextStatus(useCase, status, previousReview);
        previousReview = previousReviewStatusAfter(useCase, status, previousReview);
        if (entry.before?.includes('"status"')) expect(JSON.parse(entry.before)).toEqual({ status });
        status = next;
      }
      expect(status, t.id).toBe(t.status);
      expect(previousReview, t.id).toBe(t.status_before_info_request);
      expect(own[0]!.at).toBe(t.created_at);
    }
  });

  it("gives both managers, the demo boards and the private sellers transfers to look at", async () => {
    const rows = await transfers();
    expect(rows.some((t) => t.tenant_id === "stadsbo")).toBe(true);
    expect(rows.some((t) => t.tenant_id === "nordhem")).toBe(true);

    const engagements = await db.selectFrom("board_engagements").selectAll().execute();
    const current = REGISTRY_SEED.engagements.filter((e) => e.to === null);
    expect(engagements).toHaveLength(current.length);
    for (const e of engagements) expect(e.source).toBe("registry");
    const associations = await db.selectFrom("associations").selectAll().execute();
    const boardOf = (personalNumber: string) =>
      engagements
        .filter((e) => e.personal_number === personalNumber)
        .map((e) => associations.find((a) => a.id === e.association_id)!.name)
        .sort();
    expect(boardOf("196803142428")).toEqual(["Bostadsrättsföreningen Kvarnen 3", "Brf Sjöutsikten"]);
    expect(boardOf("197509025172")).toEqual(["Bostadsrättsföreningen Kvarnen 3"]);
    expect(boardOf("198311273869")).toEqual(["Riksbyggens Bostadsrättsförening Tallbacken"]);
    for (const number of ["196803142428", "197509025172", "198311273869"]) {
      const ids = engagements.filter((e) => e.personal_number === number).map((e) => e.association_id);
      for (const id of ids)
        expect(
          rows.some((t) => t.association_id === id),
          `${number} ${id}`,
        ).toBe(true);
    }

    const objects = await db.selectFrom("property_objects").selectAll().execute();
    for (const userId of ["user-karin", "user-elin"]) {
      const own = rows.filter(
        (t) => t.created_by_user_id === userId && t.initiator_role === "PrivateIntermediary",
      );
      expect(own.length, userId).toBeGreaterThan(0);
      for (const t of own) expect(t.tenant_id).toBe(objects.find((o) => o.id === t.object_id)?.tenant_id);
    }
    expect(
      rows
        .filter((t) => t.initiator_role === "PrivateIntermediary")
        .every((t) => t.created_by_user_id !== null),
    ).toBe(true);
  });

  it("fills in the broker for transfers an intermediary started", async () => {
    for (const t of await transfers()) {
      if (t.initiator_role !== "Intermediary") continue;
      expect(t.intermediary_first_name, t.id).toBeTruthy();
      expect(t.intermediary_email, t.id).toMatch(/^[a-z.]+@[a-z]+\.example$/);
      expect(t.intermediary_office_name, t.id).toBeTruthy();
    }
  });

  it("does nothing the second time", async () => {
    const before = await db
      .selectFrom("transfers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    await seedTransfers(db, { filesDir, now: new Date(now.getTime() + DAY) });
    const after = await db
      .selectFrom("transfers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirst();
    expect(Number(after?.n)).toBe(Number(before?.n));
  });
});

describe("seedTransfers on PostgreSQL", () => {
  it("inserts the same rows", async (ctx) => {
    const pg = await freshPostgres("seeded");
    if (!pg) {
      console.warn(
        "SKIPPED: PostgreSQL seed test (set TEST_DATABASE_URL to a reachable server; .ci/run does)",
      );
      ctx.skip();
      return;
    }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "seed-files-pg-"));
    try {
      await seedTransfers(pg.handle.db, { filesDir: dir, now });
      const count = await pg.handle.db
        .selectFrom("transfers")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirst();
      expect(Number(count?.n)).toBe((await transfers()).length);
    } finally {
      await pg.drop();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
