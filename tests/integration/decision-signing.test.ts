import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DbHandle } from "~/server/db/kysely.server";
import { BankIdSimulator } from "~/server/integrations/bankid/simulator.server";
import { verifyBankIdSignature } from "~/server/integrations/bankid/verify.server";
import { cancelDecision, collectDecision } from "~/server/domain/decision/collect.server";
import { expireSign } from "~/server/domain/decision/expiry.server";
import { endedSigningChoices, type SigningEnv } from "~/server/domain/decision/sessions.server";
import { startDecision, type StartDecisionInput } from "~/server/domain/decision/start.server";
import { decisionHash } from "~/server/domain/decision/text.server";
import { isDomainError } from "~/server/domain/core/errors.server";
import type { UseCaseContext } from "~/server/domain/core/context.server";
import { freshSqlite } from "../support/db";
import { WORLD, actorFor, buildWorld, insertTransfer } from "../support/transfers";
import { buildUseCaseContext } from "~/server/context/use-case.server";

const ERIK = { personalNumber: "197509025172", givenName: "Erik", surname: "Johansson" };
const KARIN = { personalNumber: "196803142428", givenName: "Karin", surname: "Lindqvist" };
const START = Date.parse("2026-11-21T10:00:00Z");

let handle: DbHandle;
let clock: number;
let sim: BankIdSimulator;
let env: SigningEnv;

async function ctxFor(userId: string): Promise<UseCaseContext> {
  return buildUseCaseContext(handle.db, await actorFor(handle.db, userId), {
    now: new Date(clock),
    ports: { bankid: sim },
  });
}

async function boardTransfer(id: string, extra: Record<string, unknown> = {}) {
  await insertTransfer(
    handle.db,
    { id, objectId: WORLD.objectA, status: "MembershipReviewInProgress", ...extra },
    [
      { id: `${id}-acq`, kind: "Acquirer", first_name: "Anna", last_name: "Svensson" },
      {
        id: `${id}-member`,
        kind: "Acquirer",
        first_name: "Bo",
        last_name: "Ek",
        identifier_value: "197001011230",
        membership_status: "MEMBER",
      },
      { id: `${id}-seller`, kind: "Transferor" },
    ],
  );
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, key: error.messageKey, fields: error.fieldErrors };
    throw error;
  }
  throw new Error("expected a refusal");
}

const approve = (transferId: string, extra: Partial<StartDecisionInput> = {}): StartDecisionInput => ({
  transferId,
  decision: "Approve",
  signDevice: "OtherDevice",
  acquirerIds: [`${transferId}-acq`, `${transferId}-member`],
  ...extra,
});

async function statusOf(id: string) {
  return (
    await handle.db.selectFrom("transfers").select("status").where("id", "=", id).executeTakeFirstOrThrow()
  ).status;
}

async function decisionsOf(id: string) {
  return handle.db.selectFrom("membership_decisions").selectAll().where("transfer_id", "=", id).execute();
}

/** The phone: scan the QR code of this moment as `person`, then approve in the app. */
function phoneSigns(orderRefOf: string, person = ERIK) {
  const order = sim.order(orderRefOf);
  if (!order) throw new Error("no such order");
  sim.openWithQrData(order.currentQrData, person.personalNumber);
  sim.chooseIdentity(orderRefOf);
  sim.approve(orderRefOf);
}

async function orderRefOf(signId: string) {
  const row = await handle.db
    .selectFrom("sign_sessions")
    .select("order_ref")
    .where("id", "=", signId)
    .executeTakeFirstOrThrow();
  return row.order_ref ?? "";
}

beforeAll(async () => {
  handle = await freshSqlite();
  await buildWorld(handle.db);
});
afterAll(async () => {
  await handle.db.destroy();
});
beforeEach(() => {
  clock = START;
  sim = new BankIdSimulator({ now: () => clock, startTimeoutMs: null });
  sim.setTestPeople([ERIK, KARIN]);
  env = { endUserIp: "127.0.0.1", trustedRoots: [sim.testCa().certificate] };
});

describe("signing the membership decision with BankID", () => {
  it("approval on another device: the signature is checked, the decision recorded with its evidence", async () => {
    await boardTransfer("d-ok");
    const erik = await ctxFor("user-erik");
    const started = await startDecision(erik, env, approve("d-ok"));
    if (started.kind !== "signing") throw new Error("expected a signing");
    expect(started.state).toMatchObject({ status: "Pending", signDevice: "OtherDevice", launchUrl: null });
    expect(started.state.qrCodeData).toMatch(/^bankid\./);
    expect(await statusOf("d-ok")).toBe("MembershipDecisionPending");

    // What the phone shows: the decision, the transfer and the acquirers.
    const shown = sim.order(await orderRefOf(started.state.signId))?.userVisibleData ?? "";
    expect(shown).toContain("Godkännande av medlemskap");
    expect(shown).toContain("T-1102-0304");
    expect(shown).toContain("Anna Svensson, 19900101-1239");
    expect(shown).toContain("Bo Ek");

    // Another board member cannot decide meanwhile.
    const karin = await ctxFor("user-karin");
    expect(await refusal(startDecision(karin, env, approve("d-ok")))).toMatchObject({
      code: "Forbidden",
      key: "blockers.membershipDecisionPending",
    });

    clock += 2000;
    expect((await collectDecision(await ctxFor("user-erik"), env, started.state.signId)).status).toBe(
      "Pending",
    );
    phoneSigns(await orderRefOf(started.state.signId));
    clock += 2000;
    const done = await collectDecision(await ctxFor("user-erik"), env, started.state.signId);
    expect(done.status).toBe("complete");
    expect(await statusOf("d-ok")).toBe("MembershipApproved");

    const [decision] = await decisionsOf("d-ok");
    expect(decision).toMatchObject({
      decision: "Approved",
      sign_device: "OtherDevice",
      decided_by_user_id: "user-erik",
      signer_personal_number: ERIK.personalNumber,
      signer_name: "Erik Johansson",
      sign_session_id: started.state.signId,
      decision_date: "2026-11-21",
    });
    expect(decision?.signed_text).toBe(shown);
    expect(JSON.parse(decision?.acquirer_ids ?? "[]")).toEqual(["d-ok-acq", "d-ok-member"]);
    expect(Buffer.from(decision?.user_non_visible_data ?? "", "base64").toString()).toBe(
      decisionHash({
        transferId: "d-ok",
        decision: "Approve",
        acquirerIds: ["d-ok-acq", "d-ok-member"],
        decisionDate: "2026-11-21",
        reason: null,
        signId: started.state.signId,
      }),
    );
    const verified = verifyBankIdSignature({
      signature: decision?.signature ?? "",
      ocspResponse: decision?.ocsp_response ?? "",
      trustedRoots: [sim.testCa().certificate],
    });
    expect(verified.ok).toBe(true);
    // The summary PDF is made again by a job.
    const jobs = await handle.db
      .selectFrom("jobs")
      .select("type")
      .where("transfer_id", "=", "d-ok")
      .execute();
    expect(jobs.map((j) => j.type)).toContain("transfer.summary");
  });

  it("rejection on this device needs a reason, and records it", async () => {
    await boardTransfer("d-reject");
    const erik = await ctxFor("user-erik");
    const noReason = await refusal(
      startDecision(erik, env, { transferId: "d-reject", decision: "Reject", signDevice: "ThisDevice" }),
    );
    expect(noReason).toMatchObject({ code: "Validation", fields: { reason: ["validation.reasonRequired"] } });
    const byProxy = await refusal(
      startDecision(erik, env, {
        transferId: "d-reject",
        decision: "Reject",
        signDevice: "SignByProxy",
        reason: "Ekonomin räcker inte",
      }),
    );
    expect(byProxy.fields).toEqual({ signDevice: ["validation.unknownValue"] });

    const started = await startDecision(erik, env, {
      transferId: "d-reject",
      decision: "Reject",
      signDevice: "ThisDevice",
      reason: "Ekonomin räcker inte",
    });
    if (started.kind !== "signing") throw new Error("expected a signing");
    expect(started.state.launchUrl).toMatch(/^bankid:\/\/\/\?autostarttoken=/);
    expect(started.state.qrCodeData).toBeNull();
    const order = sim.order(await orderRefOf(started.state.signId));
    sim.openWithAutoStartToken(order?.autoStartToken ?? "", ERIK.personalNumber);
    sim.approve(order?.orderRef ?? "");
    clock += 1500;
    expect((await collectDecision(await ctxFor("user-erik"), env, started.state.signId)).status).toBe(
      "complete",
    );
    const [decision] = await decisionsOf("d-reject");
    expect(decision).toMatchObject({ decision: "Rejected", reason: "Ekonomin räcker inte" });
    expect(decision?.signed_text).toContain("Orsak: Ekonomin räcker inte");
    expect(await statusOf("d-reject")).toBe("MembershipRejected");
  });

  it("refuses an approval with an unticked acquirer (a member needs no tick) before BankID is asked", async () => {
    await boardTransfer("d-untick");
    const erik = await ctxFor("user-erik");
    const refused = await refusal(
      startDecision(erik, env, approve("d-untick", { acquirerIds: ["d-untick-member"] })),
    );
    expect(refused).toMatchObject({
      code: "Validation",
      fields: { acquirerIds: ["validation.acquirersMustBeApproved"] },
    });
    expect(sim.listPendingOrders()).toEqual([]);
    expect(await statusOf("d-untick")).toBe("MembershipReviewInProgress");
    // Members are pre-ticked: leaving only the member out is fine.
    const started = await startDecision(erik, env, approve("d-untick", { acquirerIds: ["d-untick-acq"] }));
    expect(started.kind).toBe("signing");
  });

  it("a decision not offered is refused with the reason", async () => {
    await boardTransfer("d-review", { status: "TransferReviewInProgress" });
    expect(await refusal(startDecision(await ctxFor("user-erik"), env, approve("d-review")))).toMatchObject({
      code: "Forbidden",
      key: "errors.notAllowed",
    });
    await boardTransfer("d-change");
    await handle.db
      .insertInto("change_requests")
      .values({
        id: "d-change-cr",
        transfer_id: "d-change",
        created_by_user_id: "user-maria",
        created_by_first_name: "Maria",
        created_by_last_name: "Ek",
        created_at: "2026-11-01T08:00:00.000Z",
        purchase_price_previous: 2_450_000,
        purchase_price_new: 2_400_000,
      })
      .execute();
    expect(await refusal(startDecision(await ctxFor("user-erik"), env, approve("d-change")))).toMatchObject({
      code: "Forbidden",
      key: "blockers.changeRequestPending",
    });
    // Out of scope: Fatima is on another board.
    expect(await refusal(startDecision(await ctxFor("user-fatima"), env, approve("d-review")))).toMatchObject(
      {
        code: "NotFound",
      },
    );
  });

  it("a signature completed after the 4 minutes is refused: no decision, back to the board's review", async () => {
    // This order lives longer than BankID's 3 minutes, so the phone can still complete it after our 4.
    sim = new BankIdSimulator({ now: () => clock, orderLifetimeMs: 600_000, startTimeoutMs: null });
    sim.setTestPeople([ERIK]);
    env = { ...env, trustedRoots: [sim.testCa().certificate] };
    await boardTransfer("d-late");
    const started = await startDecision(await ctxFor("user-erik"), env, approve("d-late"));
    if (started.kind !== "signing") throw new Error("expected a signing");
    const orderRef = await orderRefOf(started.state.signId);
    clock += 3 * 60_000 + 50_000;
    phoneSigns(orderRef);
    clock += 11_000;
    const late = await collectDecision(await ctxFor("user-erik"), env, started.state.signId);
    expect(late).toMatchObject({ status: "failed", failure: "expired" });
    expect(await decisionsOf("d-late")).toEqual([]);
    expect(await statusOf("d-late")).toBe("MembershipReviewInProgress");
  });

  it("the expiry job ends a forgotten signing after its 4 minutes, not before", async () => {
    await boardTransfer("d-forgot");
    const started = await startDecision(await ctxFor("user-erik"), env, approve("d-forgot"));
    if (started.kind !== "signing") throw new Error("expected a signing");
    const job = await handle.db
      .selectFrom("jobs")
      .select(["type", "run_at"])
      .where("transfer_id", "=", "d-forgot")
      .where("type", "=", "decision.expireSign")
      .executeTakeFirstOrThrow();
    expect(Date.parse(job.run_at) - clock).toBe(241_000);
    expect(
      await expireSign(
        buildUseCaseContext(handle.db, "system", { now: new Date(clock + 60_000), ports: { bankid: sim } }),
        started.state.signId,
      ),
    ).toBe(false);
    expect(
      await expireSign(
        buildUseCaseContext(handle.db, "system", { now: new Date(clock + 241_000), ports: { bankid: sim } }),
        started.state.signId,
      ),
    ).toBe(true);
    expect(await statusOf("d-forgot")).toBe("MembershipReviewInProgress");
    expect(sim.order(await orderRefOf(started.state.signId))?.status).toBe("failed");
  });

  it("two collects at once and two board members at once end in exactly one decision", async () => {
    await boardTransfer("d-race");
    const [erik, karin] = [await ctxFor("user-erik"), await ctxFor("user-karin")];
    const both = await Promise.allSettled([
      startDecision(erik, env, approve("d-race")),
      startDecision(karin, env, approve("d-race")),
    ]);
    const won = both.filter((o) => o.status === "fulfilled");
    expect(won).toHaveLength(1);
    const signing = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof startDecision>>>).value;
    if (signing.kind !== "signing") throw new Error("expected a signing");
    const session = await handle.db
      .selectFrom("sign_sessions")
      .select(["user_id", "order_ref"])
      .where("id", "=", signing.state.signId)
      .executeTakeFirstOrThrow();
    expect(sim.listPendingOrders()).toHaveLength(1);
    phoneSigns(session.order_ref ?? "", session.user_id === "user-erik" ? ERIK : KARIN);
    clock += 2000;
    const signer = await ctxFor(session.user_id);
    const results = await Promise.all([
      collectDecision(signer, env, signing.state.signId),
      collectDecision(signer, env, signing.state.signId),
      collectDecision(signer, env, signing.state.signId),
    ]);
    expect(results.some((r) => r.status === "complete")).toBe(true);
    expect(results.every((r) => r.status === "complete" || r.status === "Pending")).toBe(true);
    expect(await decisionsOf("d-race")).toHaveLength(1);
    expect(await statusOf("d-race")).toBe("MembershipApproved");
  });

  it("another user's signing is answered as missing; cancel ends it and the order", async () => {
    await boardTransfer("d-cancel");
    const started = await startDecision(await ctxFor("user-erik"), env, approve("d-cancel"));
    if (started.kind !== "signing") throw new Error("expected a signing");
    expect(
      await refusal(collectDecision(await ctxFor("user-karin"), env, started.state.signId)),
    ).toMatchObject({
      code: "NotFound",
    });
    expect(
      await refusal(cancelDecision(await ctxFor("user-karin"), env, started.state.signId)),
    ).toMatchObject({
      code: "NotFound",
    });
    const cancelled = await cancelDecision(await ctxFor("user-erik"), env, started.state.signId);
    expect(cancelled).toMatchObject({ status: "cancelled", rfa: "RFA3" });
    expect(await statusOf("d-cancel")).toBe("MembershipReviewInProgress");
    expect(sim.order(await orderRefOf(started.state.signId))?.status).toBe("failed");
  });

  it("a signing that ended without a decision gives its choices back to its own user only", async () => {
    await boardTransfer("d-again");
    const erik = await ctxFor("user-erik");
    const started = await startDecision(erik, env, approve("d-again"));
    if (started.kind !== "signing") throw new Error("expected a signing");
    const signId = started.state.signId;
    // Still under way: nothing to give back yet.
    expect(await endedSigningChoices(erik, "d-again", signId)).toBeNull();
    await cancelDecision(erik, env, signId);
    expect(await endedSigningChoices(erik, "d-again", signId)).toEqual({
      decision: "Approve",
      acquirerIds: ["d-again-acq", "d-again-member"],
      reason: null,
      decisionDate: "2026-11-21",
    });
    // Another user, another transfer, an unknown id: nothing.
    expect(await endedSigningChoices(await ctxFor("user-karin"), "d-again", signId)).toBeNull();
    expect(await endedSigningChoices(erik, "d-review", signId)).toBeNull();
    expect(await endedSigningChoices(erik, "d-again", "no-such-sign")).toBeNull();

    // A rejection declined on the phone (failed) keeps its reason.
    const reject = await startDecision(erik, env, {
      transferId: "d-again",
      decision: "Reject",
      signDevice: "OtherDevice",
      reason: "Ofullständig ansökan.",
    });
    if (reject.kind !== "signing") throw new Error("expected a signing");
    const order = sim.order(await orderRefOf(reject.state.signId))!;
    sim.openWithQrData(order.currentQrData, ERIK.personalNumber);
    sim.chooseIdentity(order.orderRef);
    sim.decline(order.orderRef);
    clock += 1500;
    expect(await collectDecision(await ctxFor("user-erik"), env, reject.state.signId)).toMatchObject({
      status: "failed",
    });
    expect(await endedSigningChoices(erik, "d-again", reject.state.signId)).toMatchObject({
      decision: "Reject",
      reason: "Ofullständig ansökan.",
    });

    // A completed signing's choices are a decision, not something to offer again.
    await boardTransfer("d-again-done");
    const done = await startDecision(erik, env, approve("d-again-done"));
    if (done.kind !== "signing") throw new Error("expected a signing");
    phoneSigns(await orderRefOf(done.state.signId));
    clock += 1500;
    expect(await collectDecision(await ctxFor("user-erik"), env, done.state.signId)).toMatchObject({
      status: "complete",
    });
    expect(await endedSigningChoices(erik, "d-again-done", done.state.signId)).toBeNull();
  });

  it("starting the other decision discards the stored sign; the same one resumes it", async () => {
    await boardTransfer("d-switch");
    const erik = await ctxFor("user-erik");
    const first = await startDecision(erik, env, approve("d-switch"));
    const again = await startDecision(erik, env, approve("d-switch"));
    if (first.kind !== "signing" || again.kind !== "signing") throw new Error("expected signings");
    expect(again.state.signId).toBe(first.state.signId);
    const reject = await startDecision(erik, env, {
      transferId: "d-switch",
      decision: "Reject",
      signDevice: "OtherDevice",
      reason: "Nej",
    });
    if (reject.kind !== "signing") throw new Error("expected a signing");
    expect(reject.state.signId).not.toBe(first.state.signId);
    const old = await handle.db
      .selectFrom("sign_sessions")
      .select("status")
      .where("id", "=", first.state.signId)
      .executeTakeFirstOrThrow();
    expect(old.status).toBe("cancelled");
    expect(await statusOf("d-switch")).toBe("MembershipDecisionPending");
  });

  it("a signature by someone other than the user who started is refused", async () => {
    await boardTransfer("d-other");
    const started = await startDecision(await ctxFor("user-erik"), env, approve("d-other"));
    if (started.kind !== "signing") throw new Error("expected a signing");
    phoneSigns(await orderRefOf(started.state.signId), KARIN);
    clock += 2000;
    expect(await collectDecision(await ctxFor("user-erik"), env, started.state.signId)).toMatchObject({
      status: "failed",
      failure: "otherSigner",
    });
    expect(await decisionsOf("d-other")).toEqual([]);
  });

  it("a signature that does not chain to the trusted root is refused", async () => {
    await boardTransfer("d-untrusted");
    const other = new BankIdSimulator({ now: () => clock });
    const strict = { ...env, trustedRoots: [other.testCa().certificate] };
    const started = await startDecision(await ctxFor("user-erik"), strict, approve("d-untrusted"));
    if (started.kind !== "signing") throw new Error("expected a signing");
    phoneSigns(await orderRefOf(started.state.signId));
    clock += 2000;
    expect(await collectDecision(await ctxFor("user-erik"), strict, started.state.signId)).toMatchObject({
      status: "failed",
      failure: "signatureUnverified",
    });
    expect(await decisionsOf("d-untrusted")).toEqual([]);
  });

  it("a property manager with property_manager_proxy announces an approval by proxy at once", async () => {
    await boardTransfer("d-proxy");
    const johan = await ctxFor("user-johan");
    const maria = await ctxFor("user-maria");
    expect(
      (
        await refusal(
          startDecision(
            maria,
            env,
            approve("d-proxy", { signDevice: "SignByProxy", decisionDate: "2026-11-20" }),
          ),
        )
      ).fields,
    ).toEqual({ signDevice: ["validation.unknownValue"] });
    const future = await refusal(
      startDecision(
        johan,
        env,
        approve("d-proxy", { signDevice: "SignByProxy", decisionDate: "2026-11-22" }),
      ),
    );
    expect(future.fields).toEqual({ decisionDate: ["validation.decisionDateInFuture"] });
    const impossible = await refusal(
      startDecision(
        johan,
        env,
        approve("d-proxy", { signDevice: "SignByProxy", decisionDate: "2026-02-30" }),
      ),
    );
    expect(impossible.fields).toEqual({ decisionDate: ["validation.invalidDate"] });
    const result = await startDecision(
      johan,
      env,
      approve("d-proxy", { signDevice: "SignByProxy", decisionDate: "2026-11-20" }),
    );
    expect(result).toEqual({ kind: "decided", transferId: "d-proxy" });
    const [decision] = await decisionsOf("d-proxy");
    expect(decision).toMatchObject({
      sign_device: "SignByProxy",
      decision_date: "2026-11-20",
      signature: null,
    });
    expect(await statusOf("d-proxy")).toBe("MembershipApproved");
  });
});
