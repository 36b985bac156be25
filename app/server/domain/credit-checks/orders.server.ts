import crypto from "node:crypto";
import { normalizeIdentifier, type IdentifierType } from "~/lib/identifier";
import { personDisplayName } from "~/lib/person";
import { parsePersonnummer } from "~/lib/personnummer";
import type { Db } from "../../db/kysely.server";
import { recordAnalyticsEvent } from "../analytics.server";
import type { PartyFacts, TransferFacts } from "../transfers/facts.server";
import { isDomainError } from "../core/errors.server";
import { personActions } from "./policies.server";
import type { BlockerCode } from "../core/policy.server";
import { run } from "../core/pipeline.server";
import { event } from "../core/events.server";
import { parse } from "../core/parse.server";
import { userOf, type UseCaseContext } from "../core/context.server";

import { OrderCreditCheckSchema } from "../../../schemas/credit-check";
/**
 * Ordering a credit check for an acquirer or a guarantor (spec 02 §4 "Credit check per person", §5 "Credit check
 * request", §7 "Credit checks"; docs/decisions/027-credit-check-orders.md). The order is a row (Pending) and a
 * job, written in one transaction through the transfer pipeline (scope, the person's OrderCreditCheck action,
 * audit); the job places it with the bureau and collects the result (collect.server). One live order per person
 * and transfer: the insert is conditional, after a lock on the transfer's row (`liveOrderGuard`), so two orders at
 * once make exactly one on PostgreSQL as on SQLite.
 */

/** The statuses of an order that still stands (policies' isLiveOrder): another order of the person waits for it. */
const LIVE_STATUSES = ["Pending", "Success", "SuccessWithoutResult"] as const;

export const COLLECT_CREDIT_CHECK_JOB = "creditCheck.collect";

/** Why an order was not placed: the person's disabled OrderCreditCheck (a blocker), or no such person. */
export type RejectedReason = BlockerCode | "personNotFound";

export type OrderOutcome = { orderId: string; personName: string } | { rejectedReasons: RejectedReason[] };

/** The key of a rejected reason's Swedish text. */
export function rejectedReasonKey(reason: RejectedReason): string {
  return reason === "personNotFound"
    ? "review:creditCheck.rejected.personNotFound"
    : `policy:blockers.${reason}`;
}

/** Spec 02 §5: digits only unless type Other; a personal number in any accepted form becomes its 12 digits. */
export function normalizedIdentifierValue(type: IdentifierType, value: string, now: Date): string {
  if (type === "SocialSecurityNumber") {
    const parsed = parsePersonnummer(value, now);
    if (parsed.ok) return parsed.value.normalized12;
  }
  return normalizeIdentifier(type, value);
}

/** The acquirer or guarantor with this identifier (an acquirer first, when someone is both). */
export function creditCheckPerson(
  facts: TransferFacts,
  identifier: { type: IdentifierType; value: string },
): PartyFacts | undefined {
  const candidates = facts.parties.filter(
    (p) =>
      p.kind !== "Transferor" &&
      p.identifierType === identifier.type &&
      p.identifierValue === identifier.value,
  );
  return candidates.find((p) => p.kind === "Acquirer") ?? candidates[0];
}

class PersonNotFound extends Error {}
class AlreadyOrdered extends Error {}

/**
 * Inside the order's transaction: takes the transfer's row lock (a write that changes nothing), so a concurrent
 * order of the same transfer waits until this one commits (PostgreSQL; SQLite has one writer at a time), then
 * checks again, on committed data, that the person has no live order. The policy read before it may be stale.
 */
async function liveOrderGuard(trx: Db, transferId: string, identifierValue: string): Promise<void> {
  // A non-key column: the lock does not hold back rows of other tables that refer to the transfer.
  await trx
    .updateTable("transfers")
    .set((eb) => ({ version: eb.ref("version") }))
    .where("id", "=", transferId)
    .execute();
  const live = await trx
    .selectFrom("credit_check_orders")
    .select("id")
    .where("transfer_id", "=", transferId)
    .where("identifier_value", "=", identifierValue)
    .where("status", "in", LIVE_STATUSES)
    .executeTakeFirst();
  if (live) throw new AlreadyOrdered();
}

export async function orderCreditCheck(
  ctx: UseCaseContext,
  transferId: string,
  input: unknown,
): Promise<OrderOutcome> {
  const actor = userOf(ctx);
  const now = ctx.now ?? new Date();
  const { identifier } = parse(OrderCreditCheckSchema, input);
  const wanted = {
    type: identifier.type,
    value: normalizedIdentifierValue(identifier.type, identifier.value, now),
  };
  const orderId = crypto.randomUUID();
  const person = { partyId: "", name: "" };
  try {
    await run({ ...ctx, now }, transferId, {
      useCase: null,
      changesTransfer: false,
      offered: (viewer, facts) => {
        const party = creditCheckPerson(facts, wanted);
        if (!party) throw new PersonNotFound();
        person.partyId = party.id;
        return personActions(viewer, facts, party.id, now).find((a) => a.type === "OrderCreditCheck");
      },
      audit: ({ row }) => ({
        entity: "creditCheckOrder",
        entityId: orderId,
        action: "orderCreditCheck",
        before: null,
        after: { transferId: row.id, partyId: person.partyId, status: "Pending" },
      }),
      write: async (trx, row, at) => {
        await liveOrderGuard(trx, row.id, wanted.value);
        const party = await trx
          .selectFrom("transfer_parties")
          .select(["first_name", "last_name"])
          .where("id", "=", person.partyId)
          .executeTakeFirstOrThrow();
        person.name = personDisplayName({ firstName: party.first_name, lastName: party.last_name });
        await trx
          .insertInto("credit_check_orders")
          .values({
            id: orderId,
            transfer_id: row.id,
            party_id: person.partyId,
            identifier_value: wanted.value,
            ordered_by_user_id: actor.viewer.id,
            ordered_at: at,
            status: "Pending",
            result: null,
            completed_at: null,
            data_erased_at: null,
          })
          .execute();
        // In the order's own transaction: a committed order always has the job that collects it.
        await ctx.jobs.enqueue(
          trx,
          {
            type: COLLECT_CREDIT_CHECK_JOB,
            payload: { orderId },
            transferId: row.id,
            dedupeKey: collectDedupeKey(orderId, 0),
          },
          now,
        );
      },
      events: (row) => [
        event(row.id, "creditCheckOrderStatusUpdated", {
          transferId: row.id,
          orderId,
          status: "Pending",
          identifier: wanted,
        }),
      ],
    });
  } catch (error) {
    if (error instanceof PersonNotFound) return { rejectedReasons: ["personNotFound"] };
    if (error instanceof AlreadyOrdered) return { rejectedReasons: ["orderAlreadyPresent"] };
    if (isDomainError(error) && error.code === "Forbidden" && error.messageKey.startsWith("blockers.")) {
      return { rejectedReasons: [error.messageKey.slice("blockers.".length) as BlockerCode] };
    }
    throw error;
  }
  await recordAnalyticsEvent(
    ctx.db,
    {
      name: "OrderCreditCheck",
      userId: actor.viewer.id,
      tenantId: actor.viewer.tenantId,
      properties: { transferId, orderId },
    },
    now,
  );
  return { orderId, personName: person.name };
}

/**
 * One job per poll of an order: a job run again after a crash enqueues its successor once. The chain the order's
 * own transaction started has no name (`creditCheck.collect:{orderId}:{poll}`); a chain started again by the sweep
 * (sweep.server) is named, so its polls do not meet the keys the first chain left in the jobs table.
 */
export function collectDedupeKey(orderId: string, poll: number, chain: string | null = null): string {
  return chain === null
    ? `${COLLECT_CREDIT_CHECK_JOB}:${orderId}:${poll}`
    : `${COLLECT_CREDIT_CHECK_JOB}:${orderId}:${chain}:${poll}`;
}
