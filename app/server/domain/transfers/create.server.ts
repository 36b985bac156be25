import { recordAnalyticsEvent } from "../analytics.server";
import { isUuid } from "~/lib/uuid";
import crypto from "node:crypto";
import { isUniqueViolation } from "../../db/kysely.server";
import type { PropertyObject } from "../../integrations/property-managers/index.server";
import type { Identifier } from "~/lib/identifier";
import type { Fraction, TransferStatus } from "~/lib/transfer";
import { conflict, forbidden, invalid, isDomainError, notFound } from "../core/errors.server";
import { nextStatus, type UseCase } from "./lifecycle.server";
import { noteTransfersChanged } from "./lists/counts.server";
import { isPrivateParty } from "./scope.server";
import { run } from "../core/pipeline.server";
import { event } from "../core/events.server";
import { asSystem, userOf, type UseCaseContext } from "../core/context.server";

import { insertParty } from "./parties.server";
/**
 * The start of a transfer (decision 038; spec 03 §2.1, §2.3, §4.5): a property manager's `createTransfer` for an
 * object of their own tenant, and a private party's `createPrivateTransfer` for an object they own. The object
 * comes from the manager's system (integrations/property-managers), with its owners and shares: they become the
 * transferors, each transferring their whole share until the application says otherwise. The row is written
 * with the denormalised list columns, so the transfer is in the lists at once.
 *
 * A double click must make one transfer: the page gives every create form a request id, which becomes the
 * transfer's id; the same id again from the same user answers the transfer already made (or finishes it).
 *
 * The manager's case: a manager transfer is created `Initiating`, the manager's system is asked to open its case,
 * and only then does `initiate` move it to `Initiated` (live `transferInitiated`). A system that fails leaves the
 * transfer `Initiating` (listed as `Skapas`); the same request id tries the case again.
 */

/** What the domain needs of an object in a manager's system (the integration's PropertyObject satisfies it). */
export interface NewTransferObject {
  objectId: string;
  providerId: string;
  tenantId: string;
  owners: Array<{ identifier: Identifier; firstName: string; lastName: string; share: Fraction }>;
}

export interface CreateTransferInput {
  /** A UUID the page made for this form; becomes the transfer's id. */
  requestId: string;
  object: NewTransferObject;
}

/** Opens the transfer's case in the manager's system (the integration's createTransferCase). */
export type OpenManagerCase = (request: {
  objectId: string;
  transferId: string;
  transferors: Array<{ identifier: Identifier; share: Fraction }>;
}) => Promise<{ caseId: string }>;

function requestIdOf(input: CreateTransferInput): string {
  if (typeof input.requestId !== "string" || !isUuid(input.requestId)) {
    throw invalid({ requestId: ["validation.required"] });
  }
  return input.requestId.toLowerCase();
}

function checkOwners(object: NewTransferObject) {
  if (object.owners.length === 0) throw invalid({ objectId: ["validation.unknownValue"] });
  for (const owner of object.owners) {
    const { numerator: n, denominator: d } = owner.share;
    if (!Number.isInteger(n) || !Number.isInteger(d) || n <= 0 || d <= 0 || n > d) {
      throw invalid({ objectId: ["validation.shareRange"] });
    }
  }
}

/**
 * Writes the new transfer and its transferors in one transaction, or finds the one this request already made.
 * Returns null when it was there already (with its status).
 */
async function insertTransfer(
  ctx: UseCaseContext,
  transferId: string,
  object: NewTransferObject,
  useCase: Extract<UseCase, "createTransfer" | "createPrivateTransfer">,
  initiatorRole: "PropertyManager" | "PrivateIntermediary",
): Promise<{ created: boolean; status: TransferStatus }> {
  const actor = userOf(ctx);
  const now = ctx.now ?? new Date();
  const at = now.toISOString();
  const status = nextStatus(useCase, null);
  const write = () =>
    ctx.db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("transfers")
        .select(["id", "status", "object_id", "created_by_user_id"])
        .where("id", "=", transferId)
        .executeTakeFirst();
      if (existing) {
        if (existing.created_by_user_id !== actor.viewer.id || existing.object_id !== object.objectId)
          throw conflict();
        return { created: false, status: existing.status as TransferStatus };
      }
      const row = await trx
        .selectFrom("property_objects")
        .innerJoin("associations", "associations.id", "property_objects.association_id")
        .select([
          "property_objects.id",
          "property_objects.object_number",
          "property_objects.association_id",
          "property_objects.tenant_id",
          "property_objects.provider_id",
          "property_objects.street",
          "property_objects.postal_code",
          "property_objects.city",
          "property_objects.country",
          "associations.name as association_name",
        ])
        .where("property_objects.id", "=", object.objectId)
        .where("property_objects.tenant_id", "=", object.tenantId)
        .executeTakeFirst();
      if (!row) throw notFound();
      await trx
        .insertInto("transfers")
        .values({
          id: transferId,
          object_id: row.id,
          object_number: row.object_number,
          association_id: row.association_id,
          association_name: row.association_name,
          tenant_id: row.tenant_id,
          provider_id: row.provider_id,
          street: row.street,
          postal_code: row.postal_code,
          city: row.city,
          country: row.country,
          search_text: `${row.object_number} ${row.association_name}`.toLowerCase(),
          // The wizard's first step asks for the type (Välj fångestyp); a purchase until then.
          transfer_type: "Purchase",
          initiator_role: initiatorRole,
          status,
          status_before_info_request: null,
          sale_status: null,
          under_investigation_since: null,
          parts_notified: 0,
          expired: 0,
          aborting: 0,
          has_deviations: 0,
          action_is_needed: 0,
          awaiting_info_request_answer: 0,
          finalized_at_property_manager: 0,
          finalized_by_user_id: null,
          finalized_at: null,
          purchase_price: null,
          entry_date: null,
          contract_date: null,
          membership_decision: null,
          membership_decision_date: null,
          intermediary_first_name: null,
          intermediary_last_name: null,
          intermediary_email: null,
          intermediary_office_name: null,
          created_by_user_id: actor.viewer.id,
          summary_document_id: null,
          created_at: at,
          modified_at: at,
          deleted_at: null,
        })
        .execute();
      let order = 0;
      for (const owner of object.owners) {
        await insertParty(trx, {
          transfer_id: transferId,
          kind: "Transferor",
          identifier_type: owner.identifier.type,
          identifier_value: owner.identifier.value,
          first_name: owner.firstName,
          last_name: owner.lastName,
          owner_share_numerator: owner.share.numerator,
          owner_share_denominator: owner.share.denominator,
          transfer_share_numerator: owner.share.numerator,
          transfer_share_denominator: owner.share.denominator,
          sort_order: order++,
          created_at: at,
        });
      }
      await trx
        .insertInto("audit_log")
        .values({
          id: crypto.randomUUID(),
          transfer_id: transferId,
          entity: "transfer",
          entity_id: transferId,
          action: useCase,
          user_id: actor.viewer.id,
          at,
          before: null,
          after: JSON.stringify({ status, objectId: row.id, transferors: object.owners.length }),
        })
        .execute();
      return { created: true, status };
    });
  let result: { created: boolean; status: TransferStatus };
  try {
    result = await write();
  } catch (error) {
    // The same request at the same moment (a double click that beat the check): the other one made it.
    if (!isUniqueViolation(error)) throw error;
    result = await write();
  }
  if (result.created) noteTransfersChanged();
  return result;
}

/** A property manager's new transfer (`POST api/core/propertyManagers/transfers/create`). */
export async function createTransfer(
  ctx: UseCaseContext,
  input: CreateTransferInput,
  openCase: OpenManagerCase,
): Promise<{ transferId: string; status: TransferStatus; created: boolean }> {
  const actor = userOf(ctx);
  if (actor.viewer.role !== "PropertyManager") throw forbidden();
  const transferId = requestIdOf(input);
  // Another manager's object is answered like a missing one.
  if (input.object.tenantId !== actor.viewer.tenantId) throw notFound();
  checkOwners(input.object);
  const inserted = await insertTransfer(ctx, transferId, input.object, "createTransfer", "PropertyManager");
  if (inserted.status !== "Initiating")
    return { transferId, status: inserted.status, created: inserted.created };
  await openCase({
    objectId: input.object.objectId,
    transferId,
    transferors: input.object.owners.map((o) => ({ identifier: o.identifier, share: o.share })),
  });
  try {
    const initiated = await run(asSystem(ctx), transferId, {
      useCase: "initiate",
      events: (row) => [event(row.id, "transferInitiated", { transferId: row.id })],
    });
    return { transferId, status: initiated.status, created: inserted.created };
  } catch (error) {
    // The other click of a double click initiated it meanwhile (the case is keyed by the transfer: opened once).
    if (!isDomainError(error) || (error.code !== "Conflict" && error.code !== "InvalidTransition"))
      throw error;
    const row = await ctx.db
      .selectFrom("transfers")
      .select("status")
      .where("id", "=", transferId)
      .executeTakeFirst();
    if (!row || row.status === "Initiating") throw error;
    return { transferId, status: row.status as TransferStatus, created: inserted.created };
  }
}

/**
 * A private party's new transfer of an object they own (`POST api/core/privateAgreements/createTransfer`): the
 * user's own personal number must be among the object's owners, else the object is not theirs (not found).
 */
export async function createPrivateTransfer(
  ctx: UseCaseContext,
  input: CreateTransferInput,
  { personalNumber }: { personalNumber: string },
): Promise<{ transferId: string; status: TransferStatus; created: boolean }> {
  const actor = userOf(ctx);
  if (!isPrivateParty(actor.viewer)) throw forbidden();
  const transferId = requestIdOf(input);
  const owns = input.object.owners.some(
    (o) => o.identifier.type === "SocialSecurityNumber" && o.identifier.value === personalNumber,
  );
  if (!owns) throw notFound();
  checkOwners(input.object);
  const inserted = await insertTransfer(
    ctx,
    transferId,
    input.object,
    "createPrivateTransfer",
    "PrivateIntermediary",
  );
  // Spec 03 §7: counted once per transfer, not for the replay of a double click.
  if (inserted.created) {
    await recordAnalyticsEvent(ctx.db, {
      name: "InitiatePrivateAgreementTransfer",
      userId: actor.viewer.id,
      tenantId: actor.viewer.tenantId,
      properties: { transferId, providerId: input.object.providerId },
    });
  }
  return { transferId, ...inserted };
}

/**
 * The object a user picked, read from its manager's system through the user's scope: for a property manager an
 * object of their tenant (the search showed no other), for a private party an object they own. The provider is
 * the registered object's (property_objects); an id the search did not return, or another manager's, is missing.
 */
export async function objectForCreate(
  ctx: UseCaseContext,
  objectId: string,
): Promise<{ object: PropertyObject; openCase: OpenManagerCase }> {
  const actor = userOf(ctx);
  const registered = await ctx.db
    .selectFrom("property_objects")
    .select(["id", "provider_id", "tenant_id"])
    .where("id", "=", objectId)
    .executeTakeFirst();
  if (!registered) throw notFound();
  if (actor.viewer.role === "PropertyManager" && registered.tenant_id !== actor.viewer.tenantId)
    throw notFound();
  const system = ctx.propertyManagers.systemOf(registered.provider_id);
  if (!system) throw notFound();
  const object = await system.getObject(objectId);
  if (!object) throw notFound();
  return { object, openCase: (request) => system.createTransferCase(request) };
}
