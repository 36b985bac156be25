import { transferTypeChanged } from "../documents/analysis.server";
import type { Db } from "../../db/kysely.server";
import type { PartyRow, TransferRow } from "../../db/schema.server";
import { TRANSFER_TYPES, type TransferType } from "~/lib/transfer";
import {
  applicationFormSchema,
  TransferTypeSchema,
  type ApplicationFormContext,
  type ApplicationInput,
  type RawApplication,
} from "~/schemas/application";
import { invalid, notFound } from "../core/errors.server";
import { loadTransferFacts } from "../transfers/load.server";
import { transferAction } from "../transfers/policies.server";
import { permit } from "../core/policy.server";
import { findScopedTransfer } from "../transfers/scope.server";
import { run, type UseCaseResult } from "../core/pipeline.server";
import { parse } from "../core/parse.server";
import { userOf, type UseCaseContext } from "../core/context.server";
import { readManagerFacts, type ManagerFacts } from "./manager.server";
import { readProposedApplication } from "./proposed.server";
import {
  applicationParts,
  formContext,
  formValueOf,
  loadStoredApplication,
  possibleTransferTypes,
  type Application,
} from "./read.server";
import { fieldName, validateStoredApplication } from "./validation.server";
import { ApplicationSaveInputSchema } from "~/schemas/wizard";

import { insertParty } from "../transfers/parties.server";
/**
 * The application wizard's server side (decision 023; spec 03 §3, §4.1, §4.3, §5.2-5.7): the application as read from
 * the server, the step-2 save, the transfer type and the validation result that blocks submission.
 * Every write goes through the transfer pipeline (`run`): the transfer read through the viewer's scope, the
 * policy's CreateApplication (offered only while Initiated, Draft or DraftTransfer), a conditional update on
 * the version, an audit row. The first save of an Initiated transfer starts the application (Draft).
 */

async function scopedRow(ctx: UseCaseContext, transferId: unknown): Promise<TransferRow> {
  const actor = userOf(ctx);
  if (typeof transferId !== "string" || transferId.trim() === "" || transferId.length > 100) throw notFound();
  const row = await findScopedTransfer(ctx.db, actor.viewer, transferId);
  if (!row) throw notFound();
  return row;
}

/** Refuses unless the policy offers CreateApplication, enabled, to this viewer now. */
async function requireCreateApplication(ctx: UseCaseContext, row: TransferRow): Promise<void> {
  const actor = userOf(ctx);
  const facts = await loadTransferFacts(ctx.db, row);
  permit(transferAction("CreateApplication")(actor.viewer, facts, ctx.now ?? new Date()));
}

const startsApplication = (row: TransferRow) => (row.status === "Initiated" ? "startApplication" : null);

/** GET application: everything the wizard shows, with the form's values and the schema's context. */
export async function getApplication(
  ctx: UseCaseContext,
  transferId: string,
): Promise<Application & { form: { context: ApplicationFormContext; value: RawApplication } }> {
  const row = await scopedRow(ctx, transferId);
  const now = ctx.now ?? new Date();
  const [stored, manager, proposedApplication] = await Promise.all([
    loadStoredApplication(ctx.db, row),
    readManagerFacts(row, ctx.propertyManagers),
    readProposedApplication(ctx.db, row.id),
  ]);
  const parts = applicationParts(stored, manager);
  return {
    transferId: row.id,
    status: row.status as Application["status"],
    version: row.version,
    ...parts,
    proposedApplication,
    rules: { acquirer: manager.rules },
    validationResult: validateStoredApplication(stored, manager, now),
    form: { context: formContext(parts, manager, now), value: formValueOf(parts) },
  };
}

/** The server's validation result (step 4), for the viewer's transfer. */
export async function validateForSubmission(ctx: UseCaseContext, transferId: string) {
  const row = await scopedRow(ctx, transferId);
  const [stored, manager] = await Promise.all([
    loadStoredApplication(ctx.db, row),
    readManagerFacts(row, ctx.propertyManagers),
  ]);
  return validateStoredApplication(stored, manager, ctx.now ?? new Date());
}

/**
 * The step-2 save: the form parsed with the same schema as the browser's, then transferors, acquirers, guarantors,
 * the payment-notice recipient and the agreement written in one transaction. A stale version is a Conflict; a
 * party id that is not this transfer's is a 400 (the schema knows the transfer's own ids).
 */
export async function saveApplication(
  ctx: UseCaseContext,
  input: { transferId: unknown; application: unknown },
): Promise<UseCaseResult> {
  const { transferId, application } = parse(ApplicationSaveInputSchema, input);
  const row = await scopedRow(ctx, transferId);
  await requireCreateApplication(ctx, row);
  const now = ctx.now ?? new Date();
  const [stored, manager] = await Promise.all([
    loadStoredApplication(ctx.db, row),
    readManagerFacts(row, ctx.propertyManagers),
  ]);
  const parts = applicationParts(stored, manager);
  const parsed = applicationFormSchema(formContext(parts, manager, now)).safeParse(application ?? {});
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const list = (fields[fieldName(issue.path) || "form"] ??= []);
      if (!list.includes(issue.message)) list.push(issue.message);
    }
    throw invalid(fields);
  }
  const value = parsed.data;
  return run(ctx, row.id, {
    offered: transferAction("CreateApplication"),
    // The parse above used the parties of this version: a save on top of another one loses cleanly.
    expectedVersion: value.version ?? row.version,
    useCase: startsApplication,
    patch: () => ({
      purchase_price: value.agreement.purchasePrice,
      contract_date: value.agreement.contractDate,
      entry_date: value.agreement.entryDate,
    }),
    audit: ({ row: before }) => ({
      entity: "application",
      entityId: before.id,
      action: "saveApplication",
      before: summary(stored.parties, before),
      after: {
        transferors: value.transferors.length,
        acquirers: value.acquirers.length,
        guarantors: value.guarantors.length,
        agreement: value.agreement,
      },
    }),
    write: (trx, _row, at) => writeParties(trx, row.id, stored.parties, value, at),
  });
}

function summary(parties: PartyRow[], row: TransferRow) {
  const count = (kind: string) => parties.filter((p) => p.kind === kind).length;
  return {
    transferors: count("Transferor"),
    acquirers: count("Acquirer"),
    guarantors: count("Guarantor"),
    agreement: {
      purchasePrice: row.purchase_price,
      contractDate: row.contract_date,
      entryDate: row.entry_date,
    },
  };
}

async function writeParties(
  trx: Db,
  transferId: string,
  parties: PartyRow[],
  value: ApplicationInput,
  at: string,
) {
  const byId = new Map(parties.map((p) => [p.id, p]));
  const recipient = value.paymentNoticeRecipient;

  for (const t of value.transferors) {
    await trx
      .updateTable("transfer_parties")
      .set({
        transfer_share_numerator: t.transferShare.numerator,
        transfer_share_denominator: t.transferShare.denominator,
        street: t.newAddress?.street ?? null,
        postal_code: t.newAddress?.postalCode ?? null,
        city: t.newAddress?.city ?? null,
        country: t.newAddress?.country ?? null,
        email: t.emailAddress,
        phone: t.phoneNumber,
        is_payment_notice_recipient:
          recipient.type === "Transferor" && recipient.transferorId === t.id ? 1 : 0,
      })
      .where("id", "=", t.id)
      .where("transfer_id", "=", transferId)
      .where("kind", "=", "Transferor")
      .execute();
  }

  // Acquirers: a transferor switched on keeps the acquirer row saved for them (found by identifier).
  const savedAcquirers = parties.filter((p) => p.kind === "Acquirer");
  const kept = new Set<string>();
  for (const [index, a] of value.acquirers.entries()) {
    const transferor = a.transferorId ? byId.get(a.transferorId) : undefined;
    const id =
      a.id ??
      (transferor
        ? savedAcquirers.find(
            (p) =>
              p.identifier_type === transferor.identifier_type &&
              p.identifier_value === transferor.identifier_value &&
              !kept.has(p.id),
          )?.id
        : undefined) ??
      null;
    const fields = {
      kind: "Acquirer",
      identifier_type: transferor ? transferor.identifier_type : a.identifier!.type,
      identifier_value: transferor ? transferor.identifier_value : a.identifier!.value,
      first_name: transferor ? transferor.first_name : a.firstName,
      last_name: transferor ? transferor.last_name : a.lastName,
      email: a.emailAddress,
      phone: a.phoneNumber,
      street: a.address.street,
      postal_code: a.address.postalCode,
      city: a.address.city,
      country: a.address.country,
      transfer_share_numerator: a.transferShare.numerator,
      transfer_share_denominator: a.transferShare.denominator,
      is_payment_notice_recipient: recipient.type === "Acquirer" && recipient.acquirerIndex === index ? 1 : 0,
      sort_order: index,
    };
    if (id) {
      kept.add(id);
      await trx.updateTable("transfer_parties").set(fields).where("id", "=", id).execute();
    } else {
      await insertParty(trx, { ...fields, transfer_id: transferId, created_at: at });
    }
  }
  const goneAcquirers = savedAcquirers.filter((p) => !kept.has(p.id)).map((p) => p.id);

  const savedGuarantors = parties.filter((p) => p.kind === "Guarantor");
  const keptGuarantors = new Set<string>();
  for (const [index, g] of value.guarantors.entries()) {
    const fields = {
      identifier_type: g.identifier.type,
      identifier_value: g.identifier.value,
      first_name: g.firstName,
      last_name: g.lastName,
      email: g.emailAddress,
      phone: g.phoneNumber,
      sort_order: index,
    };
    if (g.id) {
      keptGuarantors.add(g.id);
      await trx.updateTable("transfer_parties").set(fields).where("id", "=", g.id).execute();
    } else {
      await insertParty(trx, { ...fields, transfer_id: transferId, kind: "Guarantor", created_at: at });
    }
  }
  const gone = [
    ...goneAcquirers,
    ...savedGuarantors.filter((p) => !keptGuarantors.has(p.id)).map((p) => p.id),
  ];
  if (gone.length > 0) {
    await trx
      .deleteFrom("transfer_parties")
      .where("transfer_id", "=", transferId)
      .where("id", "in", gone)
      .execute();
  }
}

/**
 * Välj fångestyp (spec 03 §4.4): the type is set per transfer; a type outside `possibleTransferTypes` is refused
 * (400), so the page restores the previous one with `Kunde inte ändra fångestyp`.
 */
export async function setTransferType(
  ctx: UseCaseContext,
  input: { transferId: unknown; type: unknown; version?: unknown },
): Promise<UseCaseResult & { transferType: TransferType }> {
  const row = await scopedRow(ctx, input.transferId);
  await requireCreateApplication(ctx, row);
  const parsed = TransferTypeSchema.safeParse({ type: input.type, version: input.version });
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues)
      (fields[fieldName(issue.path) || "form"] ??= []).push(issue.message);
    throw invalid(fields);
  }
  const type = parsed.data.type as TransferType;
  const result = await run(ctx, row.id, {
    offered: transferAction("CreateApplication"),
    expectedVersion: parsed.data.version,
    useCase: startsApplication,
    patch: (_row, facts) => {
      const transferors = facts.parties
        .filter((p) => p.kind === "Transferor")
        .map((p) => ({ identifier: { type: p.identifierType, value: p.identifierValue } }));
      if (
        !(TRANSFER_TYPES as readonly string[]).includes(type) ||
        !possibleTransferTypes(transferors).includes(type)
      ) {
        throw invalid({ type: ["transfer:application.transferTypeNotPossible"] });
      }
      return { transfer_type: type };
    },
    audit: ({ row: before }) => ({
      entity: "transfer",
      entityId: before.id,
      action: "setTransferType",
      before: { transferType: before.transfer_type, status: before.status },
      after: { transferType: type },
    }),
    // Other documents are required for another type: the analysis follows (documents/analysis.server).
    write: async (trx, changed, at) => {
      await transferTypeChanged(ctx.jobs, trx, changed.id, new Date(at));
    },
  });
  return { ...result, transferType: type };
}

export type { ManagerFacts };
