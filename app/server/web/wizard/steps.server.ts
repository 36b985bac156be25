import { redirect } from "@remix-run/node";
import { nextStep, type WizardShellData, type WizardSide, type WizardStepName } from "~/lib/wizard";
import type { Db } from "../../db/kysely.server";
import type { getApplication } from "../../domain/application/application.server";
import type { UseCaseContext } from "../../domain/core/context.server";
import type { Viewer } from "../../domain/transfers/facts.server";
import type { User } from "../../domain/users.server";
import { redirectWithToast } from "../toast.server";

/**
 * The application wizard's step interface (spec 03 §2.2, §4.1; decision 023). The shell (shell.server.ts) guards
 * every request (role, scope, status, the navigation rule), loads the application once and hands the step a
 * `WizardContext`; the step answers the GET with its data and the POST with a Response. Steps are registered by
 * name in registry.server.ts, their components by the same name in app/ui/wizard/step-components.tsx.
 *
 *   interface WizardStep<Data> {
 *     name: WizardStepName;                         // "requiredDocuments" | "form" | "optionalDocuments" | "review"
 *     loader(ctx: WizardContext): Promise<Data>;    // JSON-serialisable; the component gets it as `data`
 *     action(ctx: WizardContext): Promise<Response>;
 *   }
 *
 * The action reads `ctx.request`'s body itself (readPageForm, or a streamed multipart for uploads). It answers:
 * - after a successful save, `advance(ctx)` (303 to the next step; after the last, to the transfer with a toast)
 *   or `stay(ctx, toast?)` (303 back to the same step, e.g. after an upload or a removal);
 * - a failed form, `{ result }` (forms.server `formError`) with 400: the component re-renders it as conform's
 *   `lastResult`, errors in the summary at the top, everything typed kept (spec 03 §4.1: a failed save stays).
 * A domain NotFound must become the page's 404 (`notFoundPage()`), never another answer (out of scope = missing).
 *
 * The document analysis (spec 03 §4.2): the shell shows the waiting page instead of the form step while it is
 * InProgress, and never calls that step then. Once it is not, `ctx.application.proposedApplication` holds the proposal
 * (Ready: values to pre-fill) and the component gets `wizard.proposedApplication.status`; on Failed the form step
 * shows `wizard:analysisFailed` (`Dokumenten kunde inte analyseras, vänligen fyll i formuläret nedan.`).
 */

export type WizardApplication = Awaited<ReturnType<typeof getApplication>>;

export interface WizardContext {
  request: Request;
  side: WizardSide;
  transferId: string;
  user: User;
  db: Db;
  /** The viewer the side reads through (the private side's is the private party's, never their boards'). */
  viewer: Viewer;
  /** The context of the application and document use cases, acting as this user. */
  domain: UseCaseContext;
  /** The application as the server reads it (getApplication), loaded by the shell for every request. */
  application: WizardApplication;
  /** What the page shell shows; `shell.paths` are this side's links. */
  shell: WizardShellData;
  now: Date;
}

export interface WizardStep<Data = unknown> {
  name: WizardStepName;
  loader(ctx: WizardContext): Promise<Data>;
  action(ctx: WizardContext): Promise<Response>;
}

/** Declares a step with its data type kept for the component (`StepData<typeof myStep>`). */
export function defineWizardStep<Data>(step: WizardStep<Data>): WizardStep<Data> {
  return step;
}

export type StepData<S> = S extends WizardStep<infer Data> ? Data : never;

/** 303 to the step after `ctx.shell.step`; after the last step, to the transfer. */
export async function advance(
  ctx: WizardContext,
  toast?: { key: string; values?: Record<string, string> },
): Promise<Response> {
  const next = nextStep(ctx.shell.step);
  // After the last step, the transfer's overview itself: a redirect on the way would take the toast with it.
  const to = next ? ctx.shell.paths.steps[next] : `${ctx.shell.paths.transfer}/overview`;
  return toast ? redirectWithToast(to, toast, { request: ctx.request }) : redirect(to, 303);
}

/** 303 back to the same step (post/redirect/get), with a toast when given. */
export async function stay(
  ctx: WizardContext,
  toast?: { key: string; values?: Record<string, string>; type?: "success" | "error" | "info" },
): Promise<Response> {
  const here = ctx.shell.paths.steps[ctx.shell.step];
  return toast ? redirectWithToast(here, toast, { request: ctx.request }) : redirect(here, 303);
}
