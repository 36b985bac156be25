import type { PersonActionType } from "~/lib/transfer";
import { firstBlocker, policyAction, type Grants, type PolicyAction } from "../core/policy.server";
import type { CreditCheckFacts, PartyFacts, TransferFacts, Viewer } from "../transfers/facts.server";
import { hasBackgroundTask, holds, isAbortingOrAborted, isFinal, sidesOf } from "../transfers/rules.server";

/**
 * A person's credit check actions (spec 02 §4, §6): OrderCreditCheck for PM / Board (requestCreditCheck) on an
 * acquirer or guarantor while the transfer is not final, disabled by bg, unsupportedIdentifierType,
 * orderAlreadyPresent, maintenance; ViewCreditCheck for the Board (showCreditCheck) once an order exists,
 * disabled by bg, creditCheckErased, creditCheckPending, creditCheckUnavailable.
 *
 * A credit report (income, tax assessments, debts, payment remarks) is read only by the board of the transfer's
 * association (spec 01 §1: the manager orders, the board orders and views; spec 02 §2.10, §6): the manager, the
 * proxy employee and the private party see an order's status, never its report.
 */

/** Whether the viewer reads the transfer's credit reports: a board member of its association with showCreditCheck. */
export function readsCreditReports(viewer: Viewer, facts: TransferFacts): boolean {
  const sides = sidesOf(viewer, facts);
  return sides !== null && sides.board && holds(viewer, "showCreditCheck");
}

/** The private parts of the credit checks this viewer is granted (`disclose`). */
export function creditCheckGrants(viewer: Viewer, facts: TransferFacts): Grants {
  return new Set(readsCreditReports(viewer, facts) ? (["creditReport"] as const) : []);
}

function ordersOf(facts: TransferFacts, party: PartyFacts): CreditCheckFacts[] {
  return facts.creditChecks.filter(
    (c) =>
      c.partyId === party.id || (c.identifierValue !== "" && c.identifierValue === party.identifierValue),
  );
}

const isLiveOrder = (c: CreditCheckFacts) => c.status !== "Error" && c.status !== "Cancelled";

/** The order a person's credit check buttons refer to: a live one if any, else the latest failed one. */
export function currentCreditCheckOrder(facts: TransferFacts, partyId: string): CreditCheckFacts | null {
  const party = facts.parties.find((p) => p.id === partyId);
  if (!party) return null;
  const orders = ordersOf(facts, party);
  return orders.find(isLiveOrder) ?? orders.at(-1) ?? null;
}

export function personActions(
  viewer: Viewer,
  facts: TransferFacts,
  partyId: string,
  _now: Date,
): PolicyAction<PersonActionType>[] {
  const sides = sidesOf(viewer, facts);
  if (sides === null || !(sides.propertyManager || sides.board) || isAbortingOrAborted(facts)) return [];
  const party = facts.parties.find((p) => p.id === partyId);
  if (!party || party.kind === "Transferor") return [];
  const background = hasBackgroundTask(facts);
  const result: PolicyAction<PersonActionType>[] = [];

  if (holds(viewer, "requestCreditCheck") && !isFinal(facts)) {
    result.push(
      policyAction(
        "OrderCreditCheck",
        firstBlocker([
          ["backgroundTask", background],
          ["unsupportedIdentifierType", party.identifierType !== "SocialSecurityNumber"],
          ["orderAlreadyPresent", ordersOf(facts, party).some(isLiveOrder)],
          ["propertyManagerUnderMaintenance", facts.propertyManagerUnderMaintenance],
        ]),
      ),
    );
  }

  const order = currentCreditCheckOrder(facts, party.id);
  if (order && readsCreditReports(viewer, facts)) {
    result.push(
      policyAction(
        "ViewCreditCheck",
        firstBlocker([
          ["backgroundTask", background],
          ["creditCheckErased", order.dataErasedAt !== null],
          ["creditCheckPending", order.status === "Pending"],
          ["creditCheckUnavailable", !isLiveOrder(order)],
        ]),
      ),
    );
  }
  return result;
}
