import type { DocumentCategory, TransferType } from "~/lib/transfer";
import { REQUIRED_DOCUMENT_BY_TYPE } from "../transfers/rules.server";
import { transferAction } from "../transfers/policies.server";
import { invalid, notFound } from "../core/errors.server";
import { findScopedTransfer } from "../transfers/scope.server";
import { run, type UseCaseResult } from "../core/pipeline.server";
import { parse } from "../core/parse.server";
import { userOf, type UseCaseContext } from "../core/context.server";
import { readProposedApplication } from "./proposed.server";
import { RequiredDocumentsConfirmSchema } from "~/schemas/wizard";

/**
 * The wizard's step 1 (spec 03 §5.6, §4.8): the required slots of a transfer type and their rule, and the
 * confirmation that the step is done (`confirm step 1`): a verified MembershipApplication and a verified document of
 * the type's category, else `Det saknas obligatoriska dokument`. The confirmation starts the application (an
 * Initiated transfer becomes Draft) and answers the document analysis's state, which the required documents started.
 */

export interface RequiredSlot {
  /** `MembershipApplication`, or `agreement` for the type's own document. */
  key: "MembershipApplication" | "agreement";
  categories: DocumentCategory[];
}

/** The two slots of step 1: the membership application, and the type's document (Inheritance: either of two). */
export function requiredSlots(type: TransferType): RequiredSlot[] {
  return [
    { key: "MembershipApplication", categories: ["MembershipApplication"] },
    { key: "agreement", categories: [...REQUIRED_DOCUMENT_BY_TYPE[type]] },
  ];
}

export interface SlotDocument {
  category: string;
  status: string;
  dataErasedAt: string | null;
}

const live = (d: SlotDocument) => d.dataErasedAt === null;

/** A slot is filled by a verified, not erased, document of one of its categories. */
export function slotFilled(slot: RequiredSlot, documents: readonly SlotDocument[]): boolean {
  return documents.some(
    (d) => live(d) && d.status === "UploadVerified" && (slot.categories as string[]).includes(d.category),
  );
}

/** The slots still missing a verified document, in order. */
export function missingSlots(type: TransferType, documents: readonly SlotDocument[]): RequiredSlot[] {
  return requiredSlots(type).filter((slot) => !slotFilled(slot, documents));
}

/**
 * Step 1 holds one document per category (§4.8): a category that already has a live document (being uploaded,
 * verified) takes no other until that one is removed.
 */
export function categoryTaken(category: string, documents: readonly SlotDocument[]): boolean {
  return documents.some((d) => live(d) && d.category === category);
}

/** POST …/application/requiredDocuments: step 1 is done; 400 `missingRequiredDocuments` with the missing slots. */
export async function confirmRequiredDocuments(
  ctx: UseCaseContext,
  input: { transferId: unknown; version?: unknown },
): Promise<UseCaseResult & { proposedApplication: { status: string } | null }> {
  userOf(ctx);
  const { transferId, version } = parse(RequiredDocumentsConfirmSchema, input);
  const result = await run(ctx, transferId, {
    offered: transferAction("CreateApplication"),
    expectedVersion: version,
    useCase: (row) => (row.status === "Initiated" ? "startApplication" : null),
    audit: ({ row, from, to }) => ({
      entity: "application",
      entityId: row.id,
      action: "confirmRequiredDocuments",
      before: { status: from },
      after: { status: to },
    }),
    write: async (trx, row) => {
      const documents = await trx
        .selectFrom("documents")
        .select(["category", "status", "data_erased_at as dataErasedAt"])
        .where("transfer_id", "=", row.id)
        .execute();
      const missing = missingSlots(row.transfer_type as TransferType, documents);
      if (missing.length > 0) {
        throw invalid(
          Object.fromEntries(
            missing.map((slot) => [slot.key, ["transfer:application.missingRequiredDocuments"]]),
          ),
        );
      }
    },
  });
  const proposed = await readProposedApplication(ctx.db, result.transferId);
  return { ...result, proposedApplication: proposed ? { status: proposed.status } : null };
}

/** The document analysis's state for the viewer's transfer (the wizard's waiting page polls it); null: none ran. */
export async function proposedApplicationStatus(
  ctx: UseCaseContext,
  transferId: string,
): Promise<{ status: "InProgress" | "Ready" | "Failed" | null }> {
  const actor = userOf(ctx);
  const row = await findScopedTransfer(ctx.db, actor.viewer, transferId);
  if (!row) throw notFound();
  const proposed = await readProposedApplication(ctx.db, row.id);
  return { status: proposed?.status ?? null };
}
