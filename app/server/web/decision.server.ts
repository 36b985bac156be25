import crypto from "node:crypto";
import { json, type AppLoadContext } from "@remix-run/node";
import { endUserIp } from "../auth/login-flow.server";
import { onMobileDevice } from "../domain/bankid-orders.server";
import { collectDecision } from "../domain/decision/collect.server";
import type { StoredDecisionFile } from "../domain/decision/file.server";
import type { SignDevice, SignState, SigningEnv } from "../domain/decision/sessions.server";
import {
  SignStartError,
  startDecision,
  type StartDecisionInput,
  type StartResult,
} from "../domain/decision/start.server";
import type { DecisionKind } from "../domain/decision/text.server";
import { checkedUpload, UploadRefusal, type UploadRefusalReason } from "../domain/documents/upload.server";
import { isDomainError } from "../domain/core/errors.server";
import type { Actor } from "../domain/core/context.server";
import type { FileStorage } from "../integrations/storage/types.server";
import { readJsonBody } from "../platform/body.server";
import { svT } from "../platform/i18n.server";
import { readUploadForm } from "../platform/multipart.server";
import { takeUploadSlot } from "../platform/upload-slots.server";
import { apiError, apiValidationError, methodNotAllowed } from "./api.server";
import { catchRefusal } from "./refusal.server";
import { notFoundPage, reviewPage } from "./review-page.server";
import { apiActor, contextForActor, domainErrorResponse } from "./transfer-api.server";

/**
 * What the decision's pages and its JSON calls (spec 02 §7 "Membership decision") share on the server: the
 * BankID environment of a request, the decision file streamed into storage as it arrives (a PDF under
 * DECISION_FILE_LIMIT_BYTES), the Swedish message of a signing's state, and the answers of the calls.
 */

/** The spec leaves the decision file's limit open (02 §9); 10 MB holds a scanned protocol of a few pages. */
export const DECISION_FILE_LIMIT_BYTES = 10 * 1024 * 1024;
const FORM_SLACK_BYTES = 1024 * 1024;

export function signingEnvFor(request: Request, context: AppLoadContext | undefined): SigningEnv {
  const userAgent = request.headers.get("User-Agent");
  return {
    endUserIp: endUserIp(context),
    userAgent,
    mobile: onMobileDevice(userAgent),
  };
}

/** A file name as kept: control characters and : " < > | * ? \ / become underscores (spec 02 §5). */
function keptFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  const clean = name.replace(/[\u0000-\u001f\u007f:"<>|*?\\/]/g, "_").trim();
  return (clean || "beslut.pdf").slice(0, 200);
}

export type DecisionUpload =
  | { fields: FormData; file: StoredDecisionFile | null; fileError: null }
  | { fields: FormData | null; file: null; fileError: UploadRefusalReason };

/**
 * A multipart decision (the page without JavaScript, approve/v3, reject/v3): fields, and the file stored. The file
 * counts among its uploader's uploads at once (platform/upload-slots), as a document's does.
 */
export async function readDecisionUpload(
  request: Request,
  storage: FileStorage,
  uploaderId: string,
): Promise<DecisionUpload> {
  const outcome = await readUploadForm<{ stored: StoredDecisionFile } | { refused: UploadRefusalReason }>(
    request,
    DECISION_FILE_LIMIT_BYTES + FORM_SLACK_BYTES,
    async (_fields, file) => {
      const slot = takeUploadSlot(uploaderId);
      if (!slot) return { refused: "tooMany" };
      const key = `decisions/${crypto.randomUUID()}.pdf`;
      const checked = checkedUpload(DECISION_FILE_LIMIT_BYTES);
      try {
        const { sizeInBytes } = await storage.put(key, file.stream.pipeThrough(checked.stream));
        return { stored: { storageKey: key, fileName: keptFileName(file.fileName), sizeInBytes } };
      } catch (error) {
        await storage.delete(key).catch(() => false);
        if (error instanceof UploadRefusal) return { refused: error.reason };
        throw error;
      } finally {
        slot.release();
      }
    },
  );
  // Over the limit: the other fields, when they could be read past the file, still answer with what was typed.
  if (outcome.fields === null) return { fields: outcome.fieldsRead, file: null, fileError: "tooLarge" };
  if (outcome.file === null) return { fields: outcome.fields, file: null, fileError: null };
  if ("refused" in outcome.file)
    return { fields: outcome.fields, file: null, fileError: outcome.file.refused };
  return { fields: outcome.fields, file: outcome.file.stored, fileError: null };
}

/** A stored decision file whose decision did not start. */
export async function discardDecisionFile(
  storage: FileStorage,
  file: StoredDecisionFile | null,
): Promise<void> {
  if (file) await storage.delete(file.storageKey).catch(() => false);
}

/** The field error key of a refused decision file. */
export function fileErrorKey(reason: UploadRefusalReason): string {
  const keys: Record<UploadRefusalReason, string> = {
    tooLarge: "decision.fileTooLarge",
    notPdf: "decision.fileNotPdf",
    empty: "decision.fileEmpty",
    tooMany: "decision.fileTooMany",
  };
  return keys[reason];
}

type Fields = FormData | Record<string, unknown>;

function field(fields: Fields, name: string): unknown {
  return fields instanceof FormData ? (fields.get(name) ?? undefined) : fields[name];
}

function list(fields: Fields, name: string): unknown {
  if (fields instanceof FormData) return fields.getAll(name).filter((v) => typeof v === "string");
  return fields[name];
}

const text = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/** The decision a form or body asks for; the domain validates every value. */
export function decisionInput(
  fields: Fields,
  decision: DecisionKind,
  file: StoredDecisionFile | null,
  transferId?: string,
): StartDecisionInput {
  const version = field(fields, "version");
  const acquirerIds = list(fields, "acquirerIds");
  const decisionDate = text(field(fields, "decisionDate"));
  return {
    transferId: transferId ?? text(field(fields, "transferId")) ?? "",
    decision,
    signDevice: (text(field(fields, "signDevice")) ?? "") as SignDevice,
    version:
      typeof version === "number" ? version : text(version) ? Number(text(version)) || undefined : undefined,
    acquirerIds: Array.isArray(acquirerIds) ? (acquirerIds as string[]) : undefined,
    reason: text(field(fields, "reason")),
    decisionDate: decisionDate === "" ? undefined : decisionDate,
    file,
  };
}

/** The Swedish text of a signing's state: BankID's message, our reason for a failure, or the done text. */
export function signMessage(state: SignState): string | null {
  const t = svT();
  if (state.status === "complete") return t("review:decision.sign.completed");
  if (state.failure) return t(`review:decision.failure.${state.failure}`);
  if (state.rfa) return t(`bankid:${state.rfa}`);
  if (state.status === "failed") return t("review:decision.sign.failed");
  return null;
}

/** The start answer of spec 02 §3 "Signing": signId, signDevice, launchUrl, qrCodeData, mightNeedUserInteraction… */
export function startAnswer(result: StartResult): Response {
  const noStore = { "Cache-Control": "no-store" };
  if (result.kind === "decided") {
    return json({ signId: null, signDevice: "SignByProxy", status: "complete" }, { headers: noStore });
  }
  const { state } = result;
  return json(
    {
      signId: state.signId,
      signDevice: state.signDevice,
      status: "pending",
      launchUrl: state.launchUrl,
      qrCodeData: state.qrCodeData,
      mightNeedUserInteractionToLaunch: state.mightNeedUserInteractionToLaunch,
      message: signMessage(state),
    },
    { headers: noStore },
  );
}

/** The collect answer: signId, status (complete, failed, or the rest), message, qrCodeData. */
export function collectAnswer(state: SignState): Response {
  return json(
    {
      signId: state.signId,
      transferId: state.transferId,
      decision: state.decision,
      status: state.status === "Pending" ? "pending" : state.status,
      hintCode: state.hintCode,
      message: signMessage(state),
      qrCodeData: state.qrCodeData,
      launchUrl: state.launchUrl,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** A refusal of a decision call as its API answer; a BankID that would not start is a 503 with its message. */
export function decisionApiRefusal(error: unknown): Response {
  if (isDomainError(error)) return domainErrorResponse(error);
  if (error instanceof SignStartError) return apiError(503, svT()(`bankid:${error.rfa}`));
  throw error;
}

/**
 * approve/v2, reject/v2 (JSON) and approve/v3, reject/v3 (multipart with the decision file): start the signing
 * (or announce by proxy), answered with the start data of spec 02 §3.
 */
export async function decisionCall(
  request: Request,
  context: AppLoadContext | undefined,
  decision: DecisionKind,
  body: "json" | "multipart",
): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const actor = await apiActor(request);
  if (actor instanceof Response) return actor;
  let fields: Fields;
  let file: StoredDecisionFile | null = null;
  if (body === "json") {
    const parsed = await readJsonBody(request);
    fields =
      parsed && typeof parsed === "object" && !Array.isArray(parsed)
        ? (parsed as Record<string, unknown>)
        : {};
  } else {
    const upload = await readDecisionUpload(request, contextFor(actor).storage, actor.viewer.id);
    if (upload.fileError) {
      const t = svT();
      const message = t(`domain:${fileErrorKey(upload.fileError)}`);
      if (upload.fileError === "tooMany") return apiError(429, message);
      return apiValidationError({ decisionDocument: [message] });
    }
    fields = upload.fields;
    file = upload.file;
  }
  const input = decisionInput(fields, decision, file);
  const ctx = contextFor(actor);
  try {
    return startAnswer(await startDecision(ctx, signingEnvFor(request, context), input));
  } catch (error) {
    await discardDecisionFile(ctx.storage, file);
    return decisionApiRefusal(error);
  }
}

export function contextFor(actor: Actor) {
  return contextForActor(actor);
}

/** GET …/memberships/{signId}/collect: one step of the signing, as JSON. */
export async function collectCall(
  request: Request,
  context: AppLoadContext | undefined,
  signId: string,
): Promise<Response> {
  if (request.method !== "GET") return methodNotAllowed("GET");
  const actor = await apiActor(request);
  if (actor instanceof Response) return actor;
  try {
    return collectAnswer(await collectDecision(contextFor(actor), signingEnvFor(request, context), signId));
  } catch (error) {
    return decisionApiRefusal(error);
  }
}

/** Which decision form a signing page leads back to: the signing's own decision when known, else the address's `d`. */
export function decisionBackOf(request: Request, state?: Pick<SignState, "decision">): "approve" | "reject" {
  if (state?.decision === "Reject") return "reject";
  return new URL(request.url).searchParams.get("d") === "reject" ? "reject" : "approve";
}

/**
 * One step of the signing page (and of its status frame without JavaScript, decision 032): the viewer's own
 * signing of this transfer, collected once (at most once a second, in collectDecision). Another user's signing,
 * another transfer's, or none: `Överlåtelsen hittades inte` (404).
 */
export async function signingStepOfPage(
  request: Request,
  context: AppLoadContext | undefined,
  transferId: string,
): Promise<SignState> {
  const page = await reviewPage(request, "review");
  const signId = new URL(request.url).searchParams.get("signId") ?? "";
  const state = await catchRefusal(
    () => collectDecision(page.context, signingEnvFor(request, context), signId),
    { notFound: "page" },
  );
  if (state.transferId !== transferId) throw notFoundPage();
  return state;
}
