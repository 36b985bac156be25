import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db, DbHandle } from "~/server/db/kysely.server";
import {
  abortTransfer,
  completeAbort,
  markSaleStopped,
  sendToMembershipReview,
} from "~/server/domain/transfers/actions.server";
import { addNote } from "~/server/domain/notes/add-note.server";
import { approveMembership, rejectMembership } from "~/server/domain/decision/decide.server";
import { createSupplementRequest } from "~/server/domain/supplements/create-request.server";
import { cancelSupplementRequest } from "~/server/domain/supplements/requests.server";
import type { Actor, UseCaseContext } from "~/server/domain/core/context.server";
import { DomainError, isDomainError } from "~/server/domain/core/errors.server";
import { toListItem, toPrivateListItems } from "~/server/domain/transfers/views.server";
import { getTransferForReview } from "~/server/domain/review/views.server";
import {
  PrivateListItemSchema,
  TransferListItemSchema,
  TransferReviewSchema,
} from "~/schemas/transfer-views";
import { svT } from "~/server/platform/i18n.server";
import { createJobRunner } from "~/server/jobs/runner.server";
import "~/server/jobs/handlers/complete-abort.server";
import { freshPostgres, freshSqlite } from "../support/db";
import { WORLD, actorFor, buildWorld, insertTransfer } from "../support/transfers";

import { buildUseCaseContext } from "~/server/context/use-case.server";

const NOW = new Date("2026-11-21T10:00:00Z");
const ACQUIRER = "acq-1";

async function refusal(
  promise: Promise<unknown>,
): Promise<{ code: string; status: number; key: string; fields: Record<string, string[]> }> {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error))
      return { code: error.code, status: error.status, key: error.messageKey, fields: error.fieldErrors };
    throw error;
  }
  throw new Error("expected a refusal");
}

async function readyForBoard(db: Db, id: string, extra: Parameters<typeof insertTransfer>[1] = { id }) {
  await insertTransfer(db, { ...extra, id, objectId: WORLD.objectA }, [
    { id: `${id}-${ACQUIRER}`, kind: "Acquirer" },
    {
      id: `${id}-member`,
      kind: "Acquirer",
      first_name: "Bo",
      last_name: "Ek",
      identifier_value: "197001011230",
      membership_status: "MEMBER",
      transfer_share_numerator: 0,
      transfer_share_denominator: 1,
    },
    { id: `${id}-seller`, kind: "Transferor", owner_share_numerator: 1, owner_share_denominator: 1 },
  ]);
  for (const category of ["MembershipApplication", "TransferAgreement"]) {
    await db
      .insertInto("documents")
      .values({
        id: `${id}-${category}`,
        transfer_id: id,
        file_name: `${category}.pdf`,
        category,
        status: "UploadVerified",
        document_type: "pdf",
        size_in_bytes: 1200,
        created_at: "2026-10-01T08:00:00.000Z",
      })
      .execute();
  }
}

function suite(name: string, open: () => Promise<{ handle: DbHandle; close(): Promise<void> } | null>) {
  describe(name, () => {
    let handle: DbHandle;
    let close: () => Promise<void>;
    let skipped = false;

    beforeAll(async () => {
      const opened = await open();
      if (!opened) {
        skipped = true;
        return;
      }
      handle = opened.handle;
      close = opened.close;
      await buildWorld(handle.db);
    });
    afterAll(async () => {
      if (!skipped) await close();
    });

    async function ctxFor(userId: string): Promise<UseCaseContext> {
      return buildUseCaseContext(handle.db, await actorFor(handle.db, userId), { now: NOW });
    }

    it("sends a clean transfer to the board: new status, version, audit row and live event", async (t) => {
      if (skipped) return t.skip();
      await readyForBoard(handle.db, "u-send");
      const result = await sendToMembershipReview(await ctxFor("user-maria"), {
        transferId: "u-send",
        version: "1",
      });
      expect(result).toMatchObject({ status: "MembershipReviewInProgress", version: 2 });
      expect(result.events).toEqual([
        { group: "transfer:u-send", event: "transferApproved", payload: { transferId: "u-send" } },
      ]);
      const row = await handle.db
        .selectFrom("transfers")
        .select(["status", "version", "modified_at"])
        .where("id", "=", "u-send")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        status: "MembershipReviewInProgress",
        version: 2,
        modified_at: NOW.toISOString(),
      });
      const audit = await handle.db
        .selectFrom("audit_log")
        .selectAll()
        .where("transfer_id", "=", "u-send")
        .execute();
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: "sendToMembershipReview",
        user_id: "user-maria",
        entity: "transfer",
        at: NOW.toISOString(),
      });
      expect(JSON.parse(audit[0]?.before ?? "")).toEqual({ status: "TransferReviewInProgress" });
      expect(JSON.parse(audit[0]?.after ?? "")).toEqual({ status: "MembershipReviewInProgress" });
    });

    it("refuses while a blocker holds, with the blocker's Swedish reason, and changes nothing", async (t) => {
      if (skipped) return t.skip();
      await readyForBoard(handle.db, "u-blocked", { id: "u-blocked", unresolved_messages: 2 });
      const refused = await refusal(
        sendToMembershipReview(await ctxFor("user-maria"), { transferId: "u-blocked" }),
      );
      expect(refused).toMatchObject({ code: "Forbidden", status: 403, key: "blockers.unresolvedMessages" });
      expect(svT()(`policy:${refused.key}`)).not.toMatch(/Översättning saknas/);
      const row = await handle.db
        .selectFrom("transfers")
        .select(["status", "version"])
        .where("id", "=", "u-blocked")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: "TransferReviewInProgress", version: 1 });
      expect(
        await handle.db.selectFrom("audit_log").select("id").where("transfer_id", "=", "u-blocked").execute(),
      ).toEqual([]);
    });

    it("refuses a stale form (its version) with a conflict", async (t) => {
      if (skipped) return t.skip();
      await readyForBoard(handle.db, "u-stale");
      const maria = await ctxFor("user-maria");
      await markSaleStopped(maria, { transferId: "u-stale", version: 1 });
      const refused = await refusal(sendToMembershipReview(maria, { transferId: "u-stale", version: 1 }));
      expect(refused).toMatchObject({ code: "Conflict", status: 409, key: "errors.conflict" });
    });

    it("lets exactly one of two concurrent approvals win", async (t) => {
      if (skipped) return t.skip();
      await readyForBoard(handle.db, "u-race", { id: "u-race", status: "MembershipReviewInProgress" });
      const input = {
        transferId: "u-race",
        signDevice: "ThisDevice",
        decisionDate: "2026-11-20",
        acquirerIds: ["u-race-acq-1"],
      };
      const [erik, karin] = [await ctxFor("user-erik"), await ctxFor("user-karin")];
      const outcomes = await Promise.allSettled([
        approveMembership(erik, input),
        approveMembership(karin, input),
      ]);
      const won = outcomes.filter((o) => o.status === "fulfilled");
      const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0]?.reason).toBeInstanceOf(DomainError);
      expect(["Conflict", "Forbidden", "InvalidTransition"]).toContain((lost[0]?.reason as DomainError).code);
      const decisions = await handle.db
        .selectFrom("membership_decisions")
        .selectAll()
        .where("transfer_id", "=", "u-race")
        .execute();
      expect(decisions).toHaveLength(1);
      const row = await handle.db
        .selectFrom("transfers")
        .select(["status", "version", "membership_decision", "membership_decision_date"])
        .where("id", "=", "u-race")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        status: "MembershipApproved",
        version: 2,
        membership_decision: "Approved",
        membership_decision_date: "2026-11-20",
      });
    });

    it("lets exactly one of two concurrent status changes win", async (t) => {
      if (skipped) return t.skip();
      await readyForBoard(handle.db, "u-race2");
      const maria = await ctxFor("user-maria");
      const johan = await ctxFor("user-johan");
      const outcomes = await Promise.allSettled([
        sendToMembershipReview(maria, { transferId: "u-race2", version: 1 }),
        abortTransfer(johan, { transferId: "u-race2", version: 1 }),
      ]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const row = await handle.db
        .selectFrom("transfers")
        .select(["status", "version"])
        .where("id", "=", "u-race2")
        .executeTakeFirstOrThrow();
      expect(row.version).toBe(2);
      expect(["MembershipReviewInProgress", "Aborting"]).toContain(row.status);
    });

    it("validates decision input with Swedish field errors (400) and keeps the transfer as it was", async (t) => {
      if (skipped) return t.skip();
      await readyForBoard(handle.db, "u-invalid", { id: "u-invalid", status: "MembershipReviewInProgress" });
      const erik = await ctxFor("user-erik");
      const base = { transferId: "u-invalid", signDevice: "ThisDevice", acquirerIds: ["u-invalid-acq-1"] };
      const future = await refusal(approveMembership(erik, { ...base, decisionDate: "2026-11-22" }));
      expect(future).toMatchObject({
        code: "Validation",
        status: 400,
        fields: { decisionDate: ["validation.decisionDateInFuture"] },
      });
      const impossible = await refusal(approveMembership(erik, { ...base, decisionDate: "2026-02-30" }));
      expect(impossible.fields).toEqual({ decisionDate: ["validation.invalidDate"] });
      const missingDate = await refusal(approveMembership(erik, { ...base, decisionDate: "" }));
      expect(missingDate.fields).toEqual({ decisionDate: ["validation.decisionDateRequired"] });
      const unknownDevice = await refusal(
        approveMembership(erik, { ...base, decisionDate: "2026-11-20", signDevice: "Fax" }),
      );
      expect(unknownDevice.fields).toEqual({ signDevice: ["validation.unknownValue"] });
      const proxyWithoutFeature = await refusal(
        approveMembership(erik, { ...base, decisionDate: "2026-11-20", signDevice: "SignByProxy" }),
      );
      expect(proxyWithoutFeature.fields).toEqual({ signDevice: ["validation.unknownValue"] });
      const unticked = await refusal(
        approveMembership(erik, { ...base, decisionDate: "2026-11-20", acquirerIds: [] }),
      );
      expect(unticked.fields).toEqual({ acquirerIds: ["validation.acquirersMustBeApproved"] });
      const noReason = await refusal(
        rejectMembership(erik, {
          transferId: "u-invalid",
          signDevice: "ThisDevice",
          decisionDate: "2026-11-20",
          reason: "  ",
        }),
      );
      expect(noReason.fields).toEqual({ reason: ["validation.reasonRequired"] });
      const t2 = svT();
      for (const key of [
        "validation.decisionDateInFuture",
        "validation.invalidDate",
        "validation.acquirersMustBeApproved",
        "validation.reasonRequired",
      ]) {
        expect(t2(`domain:${key}`)).not.toMatch(/Översättning saknas/);
      }
      const row = await handle.db
        .selectFrom("transfers")
        .select(["status", "version"])
        .where("id", "=", "u-invalid")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: "MembershipReviewInProgress", version: 1 });
    });

    it("lets a proxy manager announce the decision and marks the transfer finalised by them", async (t) => {
      if (skipped) return t.skip();
      await readyForBoard(handle.db, "u-proxy", { id: "u-proxy", status: "MembershipReviewInProgress" });
      const johan = await ctxFor("user-johan");
      await approveMembership(johan, {
        transferId: "u-proxy",
        signDevice: "SignByProxy",
        decisionDate: "2026-11-21",
        acquirerIds: "u-proxy-acq-1",
      });
      const row = await handle.db
        .selectFrom("transfers")
        .select(["status", "finalized_at_property_manager", "finalized_by_user_id"])
        .where("id", "=", "u-proxy")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        status: "MembershipApproved",
        finalized_at_property_manager: 1,
        finalized_by_user_id: "user-johan",
      });
      const decision = await handle.db
        .selectFrom("membership_decisions")
        .selectAll()
        .where("transfer_id", "=", "u-proxy")
        .executeTakeFirstOrThrow();
      expect(decision).toMatchObject({
        decision: "Approved",
        sign_device: "SignByProxy",
        decided_by_name: "Johan Berg",
      });
    });

    it("opens and cancels a supplement request: the review pauses and resumes where it was", async (t) => {
      if (skipped) return t.skip();
      // The broker answers supplement requests, by e-mail.
      await readyForBoard(handle.db, "u-info", { id: "u-info", intermediary_email: "maklare@example.se" });
      const maria = await ctxFor("user-maria");
      const bad = await refusal(
        createSupplementRequest(maria, "u-info", {
          category: "Nonsense",
          personType: "None",
          message: "Hej",
        }),
      );
      expect(bad.fields).toEqual({ category: ["domain:supplements.typeRequired"] });
      const wrongPerson = await refusal(
        createSupplementRequest(maria, "u-info", {
          category: "PersonalGuarantee",
          personType: "Acquirer",
          personId: "nobody",
          message: "Vänligen komplettera.",
        }),
      );
      expect(wrongPerson.fields).toEqual({ personId: ["supplements.invalidAnswer"] });
      const opened = await createSupplementRequest(maria, "u-info", {
        category: "PersonalGuarantee",
        personType: "Acquirer",
        personId: "u-info-acq-1",
        message: "Vänligen komplettera med ett borgensåtagande för Anna Svensson.",
      });
      let row = await handle.db
        .selectFrom("transfers")
        .selectAll()
        .where("id", "=", "u-info")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: "AwaitingInfoRequestAnswer",
        status_before_info_request: "TransferReviewInProgress",
        awaiting_info_request_answer: 1,
      });
      const blocked = await refusal(sendToMembershipReview(maria, { transferId: "u-info" }));
      expect(blocked.key).toBe("blockers.additionalInfoPending");
      const cancelled = await cancelSupplementRequest(maria, {
        transferId: "u-info",
        requestId: opened.requestId,
      });
      expect(cancelled.status).toBe("TransferReviewInProgress");
      row = await handle.db
        .selectFrom("transfers")
        .selectAll()
        .where("id", "=", "u-info")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: "TransferReviewInProgress",
        status_before_info_request: null,
        awaiting_info_request_answer: 0,
      });
      const again = await refusal(
        cancelSupplementRequest(maria, { transferId: "u-info", requestId: opened.requestId }),
      );
      expect(again.code).toBe("Forbidden");
    });

    it("cancels one of two open requests without a transition, and the last one with closeInfoRequests", async (t) => {
      if (skipped) return t.skip();
      // The broker answers supplement requests, by e-mail.
      await readyForBoard(handle.db, "u-two", { id: "u-two", intermediary_email: "maklare@example.se" });
      const maria = await ctxFor("user-maria");
      const ask = (message: string) =>
        createSupplementRequest(maria, "u-two", { category: "TransferAgreement", message });
      const first = await ask("Vänligen komplettera med ett borgensåtagande.");
      const second = await ask("Vänligen komplettera med ytterligare ett borgensåtagande.");
      expect(
        await handle.db
          .selectFrom("transfers")
          .select("version")
          .where("id", "=", "u-two")
          .executeTakeFirstOrThrow(),
      ).toEqual({ version: 3 });
      const refused = await refusal(
        cancelSupplementRequest(maria, { transferId: "u-two", requestId: "no-such-request" }),
      );
      expect(refused.code).toBe("NotFound");
      const job = await refusal(
        cancelSupplementRequest(buildUseCaseContext(handle.db, "system", { now: NOW }), {
          transferId: "u-two",
          requestId: first.requestId,
        }),
      );
      expect(job.code).toBe("Forbidden");

      const one = await cancelSupplementRequest(maria, { transferId: "u-two", requestId: first.requestId });
      expect(one).toEqual({
        transferId: "u-two",
        status: "AwaitingInfoRequestAnswer",
        version: 4,
        events: [],
      });
      let row = await handle.db
        .selectFrom("transfers")
        .selectAll()
        .where("id", "=", "u-two")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: "AwaitingInfoRequestAnswer",
        status_before_info_request: "TransferReviewInProgress",
        awaiting_info_request_answer: 1,
        action_is_needed: 0,
        version: 4,
      });

      const last = await cancelSupplementRequest(maria, { transferId: "u-two", requestId: second.requestId });
      expect(last).toMatchObject({ status: "TransferReviewInProgress", version: 5 });
      row = await handle.db
        .selectFrom("transfers")
        .selectAll()
        .where("id", "=", "u-two")
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        status: "TransferReviewInProgress",
        status_before_info_request: null,
        awaiting_info_request_answer: 0,
      });
      const requests = await handle.db
        .selectFrom("supplement_requests")
        .select(["id", "status", "cancelled_at"])
        .where("transfer_id", "=", "u-two")
        .execute();
      expect(requests.map((r) => [r.status, r.cancelled_at])).toEqual([
        ["Cancelled", NOW.toISOString()],
        ["Cancelled", NOW.toISOString()],
      ]);
      const audit = await handle.db
        .selectFrom("audit_log")
        .select(["entity", "entity_id", "action", "user_id", "before", "after"])
        .where("transfer_id", "=", "u-two")
        .where("entity", "=", "supplement_request")
        .orderBy("action", "asc")
        .execute();
      expect(audit).toEqual([
        {
          entity: "supplement_request",
          entity_id: first.requestId,
          action: "cancelSupplementRequest",
          user_id: "user-maria",
          before: JSON.stringify({ status: "AwaitingInfoRequestAnswer", request: "Open" }),
          after: JSON.stringify({ status: "AwaitingInfoRequestAnswer", request: "Cancelled" }),
        },
        {
          entity: "supplement_request",
          entity_id: second.requestId,
          action: "closeInfoRequests",
          user_id: "user-maria",
          before: JSON.stringify({ status: "AwaitingInfoRequestAnswer", request: "Open" }),
          after: JSON.stringify({ status: "TransferReviewInProgress", request: "Cancelled" }),
        },
      ]);
    });

    it("adds a note through the pipeline without a transition: the transfer keeps its version, the audit log has it", async (t) => {
      if (skipped) return t.skip();
      await readyForBoard(handle.db, "u-note");
      const maria = await ctxFor("user-maria");
      const erik = await ctxFor("user-erik");
      const { noteId } = await addNote(maria, { transferId: "u-note", body: "Ringde säljaren." });
      await addNote(erik, { transferId: "u-note", body: "Tas upp på styrelsemötet." });
      const row = await handle.db
        .selectFrom("transfers")
        .select(["status", "version", "modified_at"])
        .where("id", "=", "u-note")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        status: "TransferReviewInProgress",
        version: 1,
        modified_at: "2026-10-01T08:00:00.000Z",
      });
      const notes = await handle.db
        .selectFrom("notes")
        .select(["audience", "body", "created_by_user_id", "created_at"])
        .where("transfer_id", "=", "u-note")
        .orderBy("audience", "desc")
        .execute();
      expect(notes).toEqual([
        {
          audience: "PropertyManager",
          body: "Ringde säljaren.",
          created_by_user_id: "user-maria",
          created_at: NOW.toISOString(),
        },
        {
          audience: "BoardMember",
          body: "Tas upp på styrelsemötet.",
          created_by_user_id: "user-erik",
          created_at: NOW.toISOString(),
        },
      ]);
      const audit = await handle.db
        .selectFrom("audit_log")
        .select(["entity", "entity_id", "action", "user_id", "at", "before", "after"])
        .where("transfer_id", "=", "u-note")
        .where("user_id", "=", "user-maria")
        .execute();
      expect(audit).toEqual([
        {
          entity: "note",
          entity_id: noteId,
          action: "addNote",
          user_id: "user-maria",
          at: NOW.toISOString(),
          before: null,
          after: JSON.stringify({ audience: "PropertyManager" }),
        },
      ]);
      const review = await getTransferForReview(
        { db: handle.db, viewer: (maria.actor as Actor).viewer, now: NOW, t: svT() },
        "u-note",
      );
      expect(review?.canAddNote).toBe(true);
    });

    it("refuses a note the policy does not offer, and offers no note form there", async (t) => {
      if (skipped) return t.skip();
      // Karin's own private transfer in an association whose board she sits on: she is its private party.
      await insertTransfer(handle.db, {
        id: "u-note-private",
        objectId: WORLD.objectA,
        initiator_role: "PrivateIntermediary",
        status: "DraftTransfer",
        created_by_user_id: "user-karin",
      });
      await readyForBoard(handle.db, "u-note-other");
      const karin = await ctxFor("user-karin");
      const own = await refusal(addNote(karin, { transferId: "u-note-private", body: "Min anteckning." }));
      expect(own).toMatchObject({ code: "Forbidden", key: "errors.notAllowed" });
      const review = await getTransferForReview(
        { db: handle.db, viewer: (karin.actor as Actor).viewer, now: NOW, t: svT() },
        "u-note-private",
      );
      expect(review?.canAddNote).toBe(false);
      expect(review?.actions.map((a) => a.type)).not.toContain("AddNote");

      const fatima = await ctxFor("user-fatima");
      const outside = await refusal(addNote(fatima, { transferId: "u-note-other", body: "Hej" }));
      expect(outside.code).toBe("NotFound");
      const job = await refusal(
        addNote(buildUseCaseContext(handle.db, "system", { now: NOW }), {
          transferId: "u-note-other",
          body: "Hej",
        }),
      );
      expect(job.code).toBe("Forbidden");
      const empty = await refusal(addNote(karin, { transferId: "u-note-other", body: "" }));
      expect(empty.code).toBe("Validation");
      const stored = await handle.db
        .selectFrom("notes")
        .select("id")
        .where("transfer_id", "in", ["u-note-private", "u-note-other"])
        .execute();
      expect(stored).toEqual([]);
    });

    it("aborts through Aborting (a background task) to Aborted; a job cannot complete an abort that never started", async (t) => {
      if (skipped) return t.skip();
      await readyForBoard(handle.db, "u-abort");
      await readyForBoard(handle.db, "u-not-aborting");
      const maria = await ctxFor("user-maria");
      const started = await abortTransfer(maria, { transferId: "u-abort" });
      expect(started.status).toBe("Aborting");
      expect(started.events.map((e) => e.event)).toEqual(["transferTaskStarted"]);
      const review = await getTransferForReview(
        { db: handle.db, viewer: (maria.actor as Actor).viewer, now: NOW, t: svT() },
        "u-abort",
      );
      expect(review?.runningTasks).toEqual(["Abort"]);
      expect(review?.actions).toEqual([]);
      // The abort enqueued, in its own transaction, the job that finishes it; a runner does.
      const published: string[] = [];
      const queued = await handle.db.selectFrom("jobs").select("id").where("state", "=", "queued").execute();
      const runner = createJobRunner({
        db: handle.db,
        kind: handle.kind,
        now: () => NOW,
        log: () => undefined,
        live: {
          publish: async (group: string, event: string) => {
            if (group === "transfer:u-abort") published.push(event);
          },
        } as never,
      });
      // Every queued job runs once (other tests' aborts queued theirs in this database too).
      expect(await runner.drain()).toBe(queued.length);
      expect(published).toEqual(["transferTaskCompleted", "transferAborted"]);
      const job = await handle.db
        .selectFrom("jobs")
        .select(["type", "state", "transfer_id"])
        .where("transfer_id", "=", "u-abort")
        .executeTakeFirstOrThrow();
      expect(job).toEqual({ type: "transfer.completeAbort", state: "done", transfer_id: "u-abort" });
      expect(
        (
          await handle.db
            .selectFrom("transfers")
            .select("status")
            .where("id", "=", "u-abort")
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe("Aborted");
      const row = await handle.db
        .selectFrom("transfers")
        .select(["aborting", "running_tasks"])
        .where("id", "=", "u-abort")
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ aborting: 0, running_tasks: "[]" });
      const invalid = await refusal(
        completeAbort(buildUseCaseContext(handle.db, "system", { now: NOW }), {
          transferId: "u-not-aborting",
        }),
      );
      expect(invalid).toMatchObject({ code: "InvalidTransition", status: 409 });
    });

    it("builds view shapes that satisfy their schemas, with every disabled reason in Swedish", async (t) => {
      if (skipped) return t.skip();
      await readyForBoard(handle.db, "u-view", {
        id: "u-view",
        running_tasks: '["AutomaticReview"]',
        status: "TransferReviewInProgress",
      });
      const maria = await actorFor(handle.db, "user-maria");
      const review = await getTransferForReview(
        { db: handle.db, viewer: maria.viewer, now: NOW, t: svT() },
        "u-view",
      );
      expect(TransferReviewSchema.parse(review)).toEqual(review);
      expect(review?.actions.length).toBeGreaterThan(0);
      for (const action of review?.actions ?? []) {
        expect(action).toMatchObject({ disabled: true, disabledReason: "Bakgrundsjobb pågår" });
      }
      expect(review?.acquirers.map((a) => a.transferShare)).toEqual([
        { numerator: 1, denominator: 1, value: 1 },
        { numerator: 0, denominator: 1, value: 0 },
      ]);
      const rows = await handle.db
        .selectFrom("transfers")
        .selectAll()
        .where("tenant_id", "=", "stadsbo")
        .execute();
      for (const row of rows) TransferListItemSchema.parse(toListItem(row));
      const items = await toPrivateListItems(handle.db, rows);
      for (const item of items) PrivateListItemSchema.parse(item);
      expect(items.find((i) => i.id === "u-view")?.acquirers.map((a) => a.firstName)).toEqual(["Anna", "Bo"]);
    });
  });
}

suite("transfer use cases on SQLite", async () => {
  const handle = await freshSqlite();
  return { handle, close: () => handle.destroy() };
});

suite("transfer use cases on PostgreSQL", async () => {
  const pg = await freshPostgres("seeded");
  if (!pg) {
    console.warn("SKIPPED: transfer use cases on PostgreSQL (set TEST_DATABASE_URL)");
    return null;
  }
  return { handle: pg.handle, close: () => pg.drop() };
});
