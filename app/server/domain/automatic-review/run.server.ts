import type { Db } from "../../db/kysely.server";
import {
  ANALYSIS_STATUSES,
  type AgreementExtraction,
  type AnalysisStatus,
} from "../../integrations/document-analysis/types.server";
import { isPropertyManagerError } from "../../integrations/property-managers/index.server";
import type { IdentifierType } from "~/lib/identifier";
import type { TransferType } from "~/lib/transfer";
import { asSystem, type UseCaseContext } from "../core/context.server";
import { completeAutomaticReview } from "./complete.server";
import { rerunAutomaticReview } from "./again.server";
import { REQUIRED_DOCUMENT_BY_TYPE } from "../transfers/rules.server";
import { shareOf } from "../transfers/views.server";
import { runAutomaticReview, type ReviewInput, type ReviewOwner, type ReviewParty } from "./checks.server";

/**
 * Gathers what the automatic review compares (the application, the document analysis, the manager's owner
 * records, the object's earlier prices), runs the rules of automatic-review.server and stores the result through
 * the use case completeAutomaticReview. Run by the job `transfer.automaticReview`.
 */

/** The analysis of a transfer's documents as the review reads it; "Missing" when there is no row. */
export async function readDocumentAnalysis(
  db: Db,
  transferId: string,
): Promise<{ status: AnalysisStatus | "Missing"; extraction: AgreementExtraction | null }> {
  const row = await db
    .selectFrom("document_analyses")
    .select(["status", "extraction"])
    .where("transfer_id", "=", transferId)
    .executeTakeFirst();
  if (!row) return { status: "Missing", extraction: null };
  const status = (ANALYSIS_STATUSES as readonly string[]).includes(row.status)
    ? (row.status as AnalysisStatus)
    : "Failed";
  if (status !== "Ready" || !row.extraction) return { status, extraction: null };
  try {
    return { status, extraction: JSON.parse(row.extraction) as AgreementExtraction };
  } catch {
    // A stored extraction that is not JSON is as good as none: the checks that need it deviate.
    return { status: "Failed", extraction: null };
  }
}

/** A run that should wait: the analysis is still under way, or the manager's system did not answer. */
export class ReviewNotReadyError extends Error {
  override readonly name = "ReviewNotReadyError";
}

export interface ReviewRunOptions {
  /** The last attempt reviews with what it has instead of waiting. */
  lastAttempt: boolean;
}

const STOPPED: readonly string[] = ["Aborting", "Aborted"];

async function ownersFromManager(
  ctx: UseCaseContext,
  providerId: string,
  objectId: string,
  options: ReviewRunOptions,
): Promise<ReviewOwner[] | null> {
  const system = ctx.propertyManagers.systemOf(providerId);
  if (!system) return null;
  try {
    const object = await system.getObject(objectId);
    if (!object) return null;
    return object.owners.map((o) => ({
      identifierValue: o.identifier.value,
      firstName: o.firstName,
      lastName: o.lastName,
      share: o.share,
    }));
  } catch (error) {
    if (isPropertyManagerError(error) && error.retryable && !options.lastAttempt) {
      throw new ReviewNotReadyError(`the manager's system did not answer: ${error.message}`);
    }
    if (isPropertyManagerError(error)) return null;
    throw error;
  }
}

/** Everything the rules need, read for one transfer; null when the transfer is gone. */
export async function loadReviewInput(
  ctx: UseCaseContext,
  transferId: string,
  options: ReviewRunOptions,
): Promise<ReviewInput | null> {
  const { db } = ctx;
  const row = await db.selectFrom("transfers").selectAll().where("id", "=", transferId).executeTakeFirst();
  if (!row) return null;
  const analysis = await readDocumentAnalysis(db, transferId);
  if (analysis.status === "InProgress" && !options.lastAttempt) {
    throw new ReviewNotReadyError("the document analysis is still in progress");
  }
  const [parties, object, association, earlier] = await Promise.all([
    db
      .selectFrom("transfer_parties")
      .selectAll()
      .where("transfer_id", "=", transferId)
      .orderBy("sort_order")
      .execute(),
    db.selectFrom("property_objects").select(["area"]).where("id", "=", row.object_id).executeTakeFirst(),
    db
      .selectFrom("associations")
      .select(["organisation_number"])
      .where("id", "=", row.association_id)
      .executeTakeFirst(),
    db
      .selectFrom("transfers")
      .select(["purchase_price"])
      .where("object_id", "=", row.object_id)
      .where("id", "!=", row.id)
      .where("transfer_type", "=", "Purchase")
      .where("purchase_price", "is not", null)
      .where("status", "not in", STOPPED)
      .where("created_at", "<", row.created_at)
      .orderBy("created_at", "desc")
      .limit(5)
      .execute(),
  ]);
  const owners = await ownersFromManager(ctx, row.provider_id, row.object_id, options);
  const reviewParties: ReviewParty[] = parties.map((p) => ({
    kind: p.kind as ReviewParty["kind"],
    identifierType: p.identifier_type as IdentifierType,
    identifierValue: p.identifier_value,
    firstName: p.first_name,
    lastName: p.last_name,
    ownerShare: shareOf(p.owner_share_numerator, p.owner_share_denominator),
    transferShare: shareOf(p.transfer_share_numerator, p.transfer_share_denominator),
    membershipStatus: p.membership_status,
  }));
  return {
    transfer: {
      transferType: row.transfer_type as TransferType,
      initiatorRole: row.initiator_role,
      purchasePrice: row.purchase_price,
      contractDate: row.contract_date,
      entryDate: row.entry_date,
      objectNumber: row.object_number,
      organisationNumber: association?.organisation_number ?? "",
      saleStopped: row.sale_status === "Stopped",
      area: object?.area ?? null,
    },
    parties: reviewParties,
    analysis,
    owners,
    previousPrices: earlier.map((e) => e.purchase_price).filter((p): p is number => p !== null),
    now: ctx.now ?? new Date(),
  };
}

/** Reviews the transfer and stores the result (the AutomaticReview task ends). */
export async function performAutomaticReview(
  ctx: UseCaseContext,
  transferId: string,
  options: ReviewRunOptions,
) {
  const input = await loadReviewInput(ctx, transferId, options);
  if (!input) return { outcome: "missing" as const };
  const checks = runAutomaticReview(input);
  await completeAutomaticReview(asSystem(ctx), { transferId, checks });
  return {
    outcome: "reviewed" as const,
    deviations: checks.filter((c) => c.result === "Deviation").map((c) => c.type),
  };
}

/** The documents the automatic review reads: the membership application and every type's agreement. */
const REVIEWED_CATEGORIES: readonly string[] = [
  "MembershipApplication",
  ...Object.values(REQUIRED_DOCUMENT_BY_TYPE).flat(),
];

/**
 * A document was verified (the verification job): when it is one the review reads, the review of its transfer runs
 * again (rerunAutomaticReview decides whether the transfer's status calls for one).
 */
export async function reviewAfterVerifiedDocument(ctx: UseCaseContext, documentId: string): Promise<boolean> {
  const document = await ctx.db
    .selectFrom("documents")
    .select(["transfer_id", "category", "status"])
    .where("id", "=", documentId)
    .executeTakeFirst();
  if (!document || document.status !== "UploadVerified" || !REVIEWED_CATEGORIES.includes(document.category))
    return false;
  const rerun = await rerunAutomaticReview(asSystem(ctx), { transferId: document.transfer_id });
  return rerun !== null;
}
