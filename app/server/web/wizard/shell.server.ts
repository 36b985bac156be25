import { json, redirect } from "@remix-run/node";
import {
  type ApplicationNotFetched,
  type DocumentsFetch,
  isWizardStep,
  stepIndex,
  WIZARD_STEPS,
  wizardPaths,
  type WizardShellData,
  type WizardSide,
  type WizardStepName,
} from "~/lib/wizard";
import { requireUser } from "../../auth/guards.server";
import { getDb } from "../../db/db.server";
import type { TransferRow } from "../../db/schema.server";
import { getApplication } from "../../domain/application/application.server";
import { isManagerUnavailable } from "../../domain/application/manager.server";
import { loadTransferFacts } from "../../domain/transfers/load.server";
import { transferActions } from "../../domain/transfers/policies.server";
import { findScopedTransfer, privatePartyViewer, viewerFor } from "../../domain/transfers/scope.server";
import { svT } from "../../platform/i18n.server";
import { getLog } from "../../platform/log.server";
import { catchRefusal } from "../refusal.server";
import { notFoundPage } from "../review-page.server";
import { contextForActor } from "../transfer-api.server";
import { WIZARD_STEP_MODULES } from "./registry.server";
import type { WizardApplication, WizardContext } from "./steps.server";

/**
 * The wizard's shell on the server (spec 03 §2.2, §2.3, §4.1): one module for the manager's
 * /transfers/{id}/application/{page} and the private party's /transfers/private/{id}/application/{page?}.
 *
 * - Role: the manager's side is PropertyManager (others go to /noPermissions); the private side is a BoardMember
 *   with private_agreement, scoped to their own private transfers.
 * - Missing or out of scope: the transfer's 404 (`Överlåtelsen hittades inte`).
 * - An unknown page, a status other than Initiated or Draft (DraftTransfer on the private side), or a user the
 *   policy does not offer CreateApplication: a redirect to the transfer.
 * - The navigation rule: a step opens when every step before it is done (what is saved says so, see `doneSteps`);
 *   a page beyond the first step not done is skipping ahead, and redirects to the transfer. Going back is allowed.
 * - The form step while the document analysis is InProgress is the waiting page (`waiting`), not the form.
 */

const EDITABLE_STATUSES: Record<WizardSide, readonly string[]> = {
  manager: ["Initiated", "Draft"],
  private: ["DraftTransfer"],
};

/** Categories of the validation result that step 2's save answers for. */
const FORM_CATEGORIES = new Set([
  "Transferor",
  "Acquirer",
  "Guarantor",
  "Agreement",
  "PaymentNoticeRecipient",
]);

async function guard(request: Request, side: WizardSide) {
  const user =
    side === "private"
      ? await requireUser(request, { role: "BoardMember", feature: "private_agreement" })
      : await requireUser(request, { role: "PropertyManager", redirectTo: "/noPermissions" });
  const db = getDb();
  const base = await viewerFor(db, user);
  return { user, db, viewer: side === "private" ? privatePartyViewer(base) : base };
}

/**
 * Which steps are done, from what is saved: the required documents verified and a type chosen (1); step 2 saved
 * successfully at least once, or what is saved passes its rules (a transfer filled in before the wizard) (2); no
 * document still uploading or being verified (3); the review is never done (submitting leaves the wizard). A saved
 * application that no longer passes (a date, the manager's rules) keeps the review open, which lists what is left.
 */
export function doneSteps(
  application: Pick<WizardApplication, "validationResult">,
  progress: { applicationSaved: boolean; unfinishedUploads: number },
): Record<WizardStepName, boolean> {
  const errors = application.validationResult.errors;
  const { applicationSaved, unfinishedUploads } = progress;
  return {
    requiredDocuments: !errors.some((e) => e.category === "Document" || e.category === "TransferType"),
    form:
      applicationSaved ||
      !errors.some((e) => FORM_CATEGORIES.has(e.category) && e.property !== "PersonalGuarantee"),
    optionalDocuments: unfinishedUploads === 0,
    review: false,
  };
}

/** The steps that may be opened: each done step from the start, and the first one not done. */
export function reachableSteps(done: Record<WizardStepName, boolean>): WizardStepName[] {
  const reachable: WizardStepName[] = [];
  for (const name of WIZARD_STEPS) {
    reachable.push(name);
    if (!done[name]) break;
  }
  return reachable;
}

/** Has step 2 ever been saved for this transfer (the save's audit row, written in its transaction)? */
export async function applicationSaved(db: ReturnType<typeof getDb>, transferId: string): Promise<boolean> {
  const row = await db
    .selectFrom("audit_log")
    .select("id")
    .where("transfer_id", "=", transferId)
    .where("entity", "=", "application")
    .where("action", "=", "saveApplication")
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Documents of the transfer still on their way (not verified, not erased). */
export async function unfinishedUploads(db: ReturnType<typeof getDb>, transferId: string): Promise<number> {
  const row = await db
    .selectFrom("documents")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("transfer_id", "=", transferId)
    .where("status", "!=", "UploadVerified")
    .where("data_erased_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

async function offersCreateApplication(
  db: ReturnType<typeof getDb>,
  viewer: WizardContext["viewer"],
  row: TransferRow,
  now: Date,
) {
  const facts = await loadTransferFacts(db, row);
  return transferActions(viewer, facts, now).some((a) => a.type === "CreateApplication");
}

/** The manager's system is away: a 503, which sends the page to /unavailable (spec 01 §8, protect-routes). */
function unavailablePage(): Response {
  return json({ title: svT()("transfer:application.notFetched") }, { status: 503 });
}

/**
 * The application could not be read for another reason (our own failure, logged): a 500 whose page, the wizard's
 * error boundary, says `Gick inte att hämta ansökan.` (spec 03 §8) under `Kunde inte hämta ansökan`, with the way
 * back to the transfer.
 */
function notFetchedPage(error: unknown, transferPath: string): Response {
  getLog().error({ err: error }, "an application could not be read");
  const data: ApplicationNotFetched = {
    title: svT()("transfer:application.notFetched"),
    applicationNotFetched: true,
    transferPath,
  };
  return json(data, { status: 500 });
}

export interface WizardRequest {
  ctx: WizardContext;
  /** The form step while the analysis runs: the shell shows the waiting page instead of the step. */
  waiting: boolean;
}

/** The guards and the context of one wizard request; throws the redirect or the not-found page. */
export async function openWizard(
  request: Request,
  side: WizardSide,
  transferId: string,
  page: string | undefined,
): Promise<WizardRequest> {
  const { user, db, viewer } = await guard(request, side);
  const row = await findScopedTransfer(db, viewer, transferId);
  if (!row) throw notFoundPage();
  const paths = wizardPaths(side, row.id);
  const name = page === undefined || page === "" ? WIZARD_STEPS[0] : page;
  if (!isWizardStep(name)) throw redirect(paths.transfer);
  const now = new Date();
  if (!EDITABLE_STATUSES[side].includes(row.status)) throw redirect(paths.transfer);
  if (!(await offersCreateApplication(db, viewer, row, now))) throw redirect(paths.transfer);

  const domain = { ...contextForActor({ viewer, firstName: user.firstName, lastName: user.lastName }), now };
  const application: WizardApplication = await catchRefusal(() => getApplication(domain, row.id), {
    notFound: "page",
    failure: (error) => {
      throw isManagerUnavailable(error) ? unavailablePage() : notFetchedPage(error, paths.transfer);
    },
  });
  const [saved, uploading] = await Promise.all([applicationSaved(db, row.id), unfinishedUploads(db, row.id)]);
  const done = doneSteps(application, { applicationSaved: saved, unfinishedUploads: uploading });
  const reachable = reachableSteps(done);
  if (stepIndex(name) >= reachable.length) throw redirect(paths.transfer);

  const proposed = application.proposedApplication;
  const shell: WizardShellData = {
    side,
    transferId: row.id,
    objectDescription: row.object_number,
    status: row.status,
    version: row.version,
    transferType: application.transferType.selectedTransferType,
    step: name,
    reachable,
    paths: {
      transfer: paths.transfer,
      application: paths.application,
      steps: Object.fromEntries(WIZARD_STEPS.map((s) => [s, paths.step(s)])) as Record<
        WizardStepName,
        string
      >,
    },
    proposedApplication: proposed ? { status: proposed.status } : null,
  };
  return {
    ctx: { request, side, transferId: row.id, user, db, viewer, domain, application, shell, now },
    waiting: name === "form" && proposed?.status === "InProgress",
  };
}

function stepModule(name: WizardStepName) {
  const step = WIZARD_STEP_MODULES[name];
  // Only the form step can be absent (its module is registered by its own branch); never shipped that way.
  if (!step) throw new Response(`The wizard step ${name} is not registered`, { status: 500 });
  return step;
}

export async function wizardLoader(
  request: Request,
  side: WizardSide,
  transferId: string,
  page: string | undefined,
) {
  const { ctx, waiting } = await openWizard(request, side, transferId, page);
  const data = waiting ? null : await stepModule(ctx.shell.step).loader(ctx);
  // A step whose documents could not be read says so on its page (our own failure: 500, not /unavailable).
  const failed = (data as Partial<DocumentsFetch> | null)?.documentsFailed === true;
  return json(
    { wizard: ctx.shell, waiting, data: data as unknown },
    { status: failed ? 500 : 200, headers: { "Cache-Control": "no-store" } },
  );
}

export async function wizardAction(
  request: Request,
  side: WizardSide,
  transferId: string,
  page: string | undefined,
) {
  const { ctx, waiting } = await openWizard(request, side, transferId, page);
  // Nothing to save while the form waits for the analysis: show the waiting page again.
  if (waiting) return redirect(ctx.shell.paths.steps[ctx.shell.step], 303);
  return stepModule(ctx.shell.step).action(ctx);
}
