import { json } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import {
  MAX_ACQUIRERS,
  MAX_GUARANTORS,
  NEW_ACQUIRER,
  NEW_GUARANTOR,
  applicationFormSchema,
  percentText,
  type RawApplication,
} from "~/schemas/application";
import { recipientOptions, type FormStepData } from "~/schemas/wizard-form";
import { formatIdentifierForDisplay } from "~/lib/identifier";
import { saveApplication } from "../../domain/application/application.server";
import {
  currentVersion,
  hasVerifiedGuarantee,
  prefillFromProposal,
} from "../../domain/application/form-step.server";
import { isManagerUnavailable } from "../../domain/application/manager.server";
import { domainKey } from "../transfer-api.server";
import { parseForm, readPageForm, refuseForm, type FormReply } from "../forms.server";
import { refuse } from "../refusal.server";
import { redirectWithToast } from "../toast.server";
import { advance, defineWizardStep, type WizardContext } from "./steps.server";
import { getLog } from "../../platform/log.server";

/**
 * The wizard's step 2, `Uppgifter` (spec 03 §2.2, §4.1-4.3, §5.2-5.5; decision 023). The page is one form over
 * `applicationFormSchema`, the same schema conform runs in the browser. Its posts are of two kinds:
 * - a list change (conform's insert and remove intents on `acquirers` and `guarantors`, real submit buttons, so
 *   adding and removing people works without JavaScript): the step is rendered again with the list changed and
 *   every value kept, nothing is saved;
 * - `Fortsätt`: saved on the server (saveApplication), then on to `optionalDocuments`; a failed save stays on the
 *   step with everything typed and `Kunde inte spara ansökan`.
 */

const K = (key: string) => `transfer:application.${key}`;
const W = (key: string) => `wizard:form.${key}`;

const LISTS = { acquirers: MAX_ACQUIRERS, guarantors: MAX_GUARANTORS } as const;
type ListName = keyof typeof LISTS;
const NEW_ROW: Record<ListName, unknown> = { acquirers: NEW_ACQUIRER, guarantors: NEW_GUARANTOR };

async function loader(ctx: WizardContext): Promise<FormStepData> {
  const app = ctx.application;
  const { value, prefilled } = prefillFromProposal(app.form.value, app);
  return {
    context: app.form.context,
    value: { ...value, version: String(app.version) },
    transferType: app.transferType.selectedTransferType,
    sharePrecision: app.sharePrecision,
    transferors: app.transferors.map((t) => ({
      id: t.id,
      name: `${t.firstName} ${t.lastName}`.trim(),
      identifier: formatIdentifierForDisplay(t.identifier, ctx.now),
      ownerShare: percentText(t.ownerShare),
    })),
    prefilled,
    analysisFailed: app.proposedApplication?.status === "Failed",
    guaranteeVerified: await hasVerifiedGuarantee(ctx.db, app.transferId),
  };
}

type ListIntent =
  | { type: "insert"; payload: { name: ListName; defaultValue: unknown } }
  | { type: "remove"; payload: { name: ListName; index: number } };

function rowsIn(form: FormData, name: ListName): number {
  const pattern = new RegExp(`^${name}\\[(\\d{1,4})\\]`);
  let rows = 0;
  for (const key of form.keys()) {
    const match = pattern.exec(key);
    if (match) rows = Math.max(rows, Number(match[1]) + 1);
  }
  return rows;
}

/**
 * conform's intent, checked before conform reads it (its own reader throws on junk): only adding a person to, or
 * removing an existing one from, the acquirers and the guarantors. A transferor's acquirer row is switched off,
 * never removed. Anything else is null (a 400).
 */
function listIntentOf(form: FormData, serialized: string): ListIntent | null {
  let intent: unknown;
  try {
    intent = JSON.parse(serialized);
  } catch {
    return null;
  }
  if (!intent || typeof intent !== "object") return null;
  const { type, payload } = intent as { type?: unknown; payload?: unknown };
  if (!payload || typeof payload !== "object") return null;
  const { name, index } = payload as { name?: unknown; index?: unknown };
  if (name !== "acquirers" && name !== "guarantors") return null;
  if (type === "insert") return { type, payload: { name, defaultValue: NEW_ROW[name] } };
  if (type !== "remove" || typeof index !== "number" || !Number.isInteger(index)) return null;
  if (index < 0 || index >= rowsIn(form, name)) return null;
  const transferorRow =
    name === "acquirers" &&
    (form.get(`acquirers[${index}].isTransferor`) || form.get(`acquirers[${index}].transferorId`));
  return transferorRow ? null : { type, payload: { name, index } };
}

function withoutIntent(form: FormData): FormData {
  const copy = new FormData();
  for (const [key, value] of form.entries()) if (key !== "__intent__") copy.append(key, value);
  return copy;
}

/** The payment-notice recipient follows the acquirer it named when a row above it goes (spec 03 §4.3). */
function recipientAfterRemoval(form: FormData, removed: number): string | null {
  const chosen = form.get("paymentNoticeRecipient");
  const match = typeof chosen === "string" ? /^Acquirer:(\d{1,3})$/.exec(chosen) : null;
  if (!match) return null;
  const index = Number(match[1]);
  if (index === removed) return "";
  return index > removed ? `Acquirer:${index - 1}` : null;
}

function changeList(ctx: WizardContext, form: FormData, intent: ListIntent): Response {
  const schema = applicationFormSchema(ctx.application.form.context);
  const { name } = intent.payload;
  const full = intent.type === "insert" && rowsIn(form, name) >= LISTS[name];
  const changed = withoutIntent(form);
  const recipient = intent.type === "remove" ? recipientAfterRemoval(form, intent.payload.index) : null;
  if (recipient !== null) changed.set("paymentNoticeRecipient", recipient);
  if (!full) changed.set("__intent__", JSON.stringify(intent));
  const submission = parseForm(changed, schema);
  const reply: SubmissionResult<string[]> = full
    ? submission.reply({ fieldErrors: { [name]: [K("tooManyPeople")] } })
    : submission.reply();
  // A list change checks nothing: errors appear when the step is sent (decision 014).
  const result: SubmissionResult<string[]> = {
    ...reply,
    error: full ? { [name]: [K("tooManyPeople")] } : {},
  };
  const values = (result.initialValue ?? {}) as Record<string, unknown>;
  if (recipient === "") {
    values.paymentNoticeRecipient = recipientOptions(values as RawApplication)[0] ?? "";
    result.initialValue = values as SubmissionResult<string[]>["initialValue"];
  }
  return json({ result } satisfies FormReply, { status: full ? 400 : 200 });
}

function failed(reply: SubmissionResult<string[]>, status: number) {
  return json({ result: reply } satisfies FormReply, { status });
}

async function save(ctx: WizardContext, form: FormData): Promise<Response> {
  const submission = parseForm(form, applicationFormSchema(ctx.application.form.context));
  if (submission.status !== "success") return failed(submission.reply(), 400);
  try {
    await saveApplication(ctx.domain, { transferId: ctx.transferId, application: submission.payload });
  } catch (error) {
    // The application can no longer be changed (sent, or not this user's to fill in).
    const notChangeable = () =>
      redirectWithToast(
        ctx.shell.paths.transfer,
        { key: K("notSaved"), type: "error" },
        { request: ctx.request },
      );
    return refuse<Response>(error, {
      notFound: "page",
      validation: (refusal) => {
        const fieldErrors: Record<string, string[]> = {};
        for (const [field, keys] of Object.entries(refusal.fieldErrors))
          fieldErrors[field === "form" ? "" : field] = keys.map(domainKey);
        const { "": formErrors = [], ...fields } = fieldErrors;
        return failed(
          submission.reply({ formErrors: [K("notSaved"), ...formErrors], fieldErrors: fields }),
          400,
        );
      },
      forbidden: notChangeable,
      invalidTransition: notChangeable,
      conflict: async () => {
        // Someone saved in between: the form keeps what this user typed and takes the new version, so that
        // `Fortsätt` again saves it over the other save, knowingly.
        const reply = submission.reply({ formErrors: [K("notSaved"), W("conflict")] });
        const version = await currentVersion(ctx.db, ctx.transferId);
        if (version !== null && reply.initialValue)
          reply.initialValue = { ...reply.initialValue, version: String(version) };
        return failed(reply, 409);
      },
      failure: (other) => {
        if (isManagerUnavailable(other))
          return failed(submission.reply({ formErrors: [K("notSaved"), K("managerUnavailable")] }), 503);
        getLog().error({ err: other }, "the application could not be saved");
        return failed(submission.reply({ formErrors: [K("notSaved")] }), 503);
      },
    });
  }
  return advance(ctx);
}

async function action(ctx: WizardContext): Promise<Response> {
  const form = await readPageForm(ctx.request);
  const intents = form.getAll("__intent__");
  if (intents.length === 0) return save(ctx, form);
  const intent =
    intents.length === 1 && typeof intents[0] === "string" ? listIntentOf(form, intents[0]) : null;
  if (!intent) return refuseForm(withoutIntent(form), W("unknownChange"));
  return changeList(ctx, form, intent);
}

export const formStep = defineWizardStep<FormStepData>({ name: "form", loader, action });
