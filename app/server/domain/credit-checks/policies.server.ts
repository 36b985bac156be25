import type { PersonActionType } from "~/lib/transfer";
import { firstBlocker, policyAction, type PolicyAction } from "../core/policy.server";
import type { CreditCheckFacts, PartyFacts, TransferFacts, Viewer } from "../transfers/facts.server";
import { hasBackgroundTask, holds, isAbortingOrAborted, isFinal, sidesOf } from "../transfers/rules.server";

/**
 * A person's credit check actions (spec 02 §4, §6): OrderCreditCheck for PM / Board (requestCreditCheck) on an
 * acquirer or guarantor while the transfer is not final, disabled by bg, unsupportedIdentifierType,
 * orderAlreadyPresent, maintenance; ViewCreditCheck for PM / Board (showCreditCheck) once an order exists,
 * disabled by bg, creditCheckErased, creditCheckPending, creditCheckUnavailable.
 */

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
  if (order && holds(viewer, "showCreditCheck")) {
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
