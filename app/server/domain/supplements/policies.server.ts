import type { SupplementActionType } from "~/lib/transfer";
import { firstBlocker, policyAction, type PolicyAction } from "../core/policy.server";
import type { TransferFacts, Viewer } from "../transfers/facts.server";
import {
  hasBackgroundTask,
  hasDecision,
  holds,
  isAbortingOrAborted,
  sidesOf,
} from "../transfers/rules.server";

/**
 * A supplement request's actions (spec 02 §4, §6): Answer for the private party while the request is Open and
 * the answer is none or a Draft (bg, decisionMade); Cancel and Forward for PM / Board
 * (requestAdditionalInformation) while it is Open (bg); Handle of a Pending answer for the Board, or the PM with
 * requestAdditionalInformation (bg). Creating a request is the transfer action RequestAdditionalInfo.
 */

export function supplementActions(
  viewer: Viewer,
  facts: TransferFacts,
  supplementId: string,
  _now: Date,
): PolicyAction<SupplementActionType>[] {
  const sides = sidesOf(viewer, facts);
  if (sides === null || isAbortingOrAborted(facts)) return [];
  const supplement = facts.supplements.find((s) => s.id === supplementId);
  if (!supplement || supplement.status !== "Open") return [];
  const background = hasBackgroundTask(facts);
  const result: PolicyAction<SupplementActionType>[] = [];

  // A submitted (Pending) or rejected answer hides the upload, so there is nothing left to answer with.
  if (sides.privateParty && (supplement.answer === null || supplement.answer.status === "Draft")) {
    result.push(
      policyAction(
        "Answer",
        firstBlocker([
          ["backgroundTask", background],
          ["decisionMade", hasDecision(facts)],
        ]),
      ),
    );
  }
  if ((sides.propertyManager || sides.board) && holds(viewer, "requestAdditionalInformation")) {
    const reason = background ? "backgroundTask" : null;
    result.push(policyAction("Cancel", reason), policyAction("Forward", reason));
  }
  return result;
}

export function answerActions(
  viewer: Viewer,
  facts: TransferFacts,
  supplementId: string,
  _now: Date,
): PolicyAction<"Handle">[] {
  const sides = sidesOf(viewer, facts);
  if (sides === null || isAbortingOrAborted(facts)) return [];
  const answer = facts.supplements.find((s) => s.id === supplementId)?.answer;
  if (!answer || answer.status !== "Pending") return [];
  const mayHandle = sides.board || (sides.propertyManager && holds(viewer, "requestAdditionalInformation"));
  if (!mayHandle) return [];
  return [policyAction("Handle", hasBackgroundTask(facts) ? "backgroundTask" : null)];
}
