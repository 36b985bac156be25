import type { SignDevice } from "~/lib/transfer";
import { names } from "../people.server";
import { demoUser } from "../users.server";
import { addMinutes } from "./clock.server";
import { addDocument } from "./documents.server";
import type { Row } from "./rows.server";
import type { TransferBuilder } from "./transfer.server";

/** The membership decision, and the BankID signings behind it. */

export function decision(b: TransferBuilder): void {
  const { t, clock } = b;
  const decided = t.status === "MembershipApproved" || t.status === "MembershipRejected";
  if (decided !== (t.decision !== undefined)) b.fail("a decision exactly when the status is decided");
  if (t.finalized && !decided) b.fail("only a decided transfer is finalised");
  if (t.pendingSign) {
    if (t.status !== "MembershipDecisionPending")
      b.fail("a pending signing only in MembershipDecisionPending");
    b.rows.signSessions.push(
      signSession(t.id, 2, t.pendingSign.by, "Approve", t.pendingSign.device, b.at(t.pendingSign.at), null),
    );
  }
  if (!t.decision) return;
  const d = t.decision;
  const decidedAt = b.at(d.at);
  const decider = demoUser(d.by);
  // A manager announcing the board's decision attaches the minutes; a board member signs it directly.
  const documentId = decider.isManager
    ? addDocument(b, "MembershipDecision", addMinutes(decidedAt, -4), {
        uploadedBy: d.by,
        line:
          d.value === "Approved"
            ? `Styrelsen beslutade att bevilja ${names(b.acquirers.map((p) => p.who))} medlemskap i föreningen.`
            : `Styrelsen beslutade att avslå ansökan om medlemskap. Skäl: ${d.reason ?? ""}`,
      })
    : null;
  b.rows.decisions.push({
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
    b.rows.signSessions.push({
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
