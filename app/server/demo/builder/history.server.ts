import type { UseCase } from "../../domain/transfers/lifecycle.server";
import { demoUser } from "../users.server";
import type { TransferBuilder } from "./transfer.server";

/** The history: the audit row of every step of the path, with its time and its actor. */

function actorFor(b: TransferBuilder, useCase: UseCase, index: number): string | null {
  const { t, manager } = b;
  switch (useCase) {
    case "createTransfer":
    case "createPrivateTransfer":
      return t.createdBy ?? null;
    case "startApplication":
    case "submitApplication":
      return b.applicant;
    case "requestAdditionalInfo": {
      const earlier = b.steps.slice(0, index).filter((s) => s.useCase === "requestAdditionalInfo").length;
      return b.supplementsByTime[earlier]?.by ?? null;
    }
    case "startDecisionSigning":
      return t.decision?.by ?? t.pendingSign?.by ?? null;
    case "approveMembership":
    case "rejectMembership":
      return t.decision?.by ?? null;
    case "abort":
      return t.createdBy !== undefined && demoUser(t.createdBy).isManager ? t.createdBy : manager;
    case "sendToMembershipReview":
    case "markSaleStopped":
    case "markUnderInvestigation":
    case "markPartsNotified":
      return manager;
    default:
      return null;
  }
}

export function history(b: TransferBuilder): void {
  const { t } = b;
  b.steps.forEach((step, i) => {
    const at = b.stepTimes[i]!;
    const flag: [object, object] | null =
      step.useCase === "markSaleStopped"
        ? [{ sale_status: null }, { sale_status: "Stopped" }]
        : step.useCase === "markUnderInvestigation"
          ? [{ under_investigation_since: null }, { under_investigation_since: at }]
          : step.useCase === "markPartsNotified"
            ? [{ parts_notified: 0 }, { parts_notified: 1 }]
            : null;
    b.rows.audit.push({
      id: `${t.id}-audit-${i + 1}`,
      transfer_id: t.id,
      entity: "transfer",
      entity_id: t.id,
      action: step.useCase,
      user_id: actorFor(b, step.useCase, i),
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
