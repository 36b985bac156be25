import { getFormProps } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { RegisterSchema } from "~/schemas/user";
import { endSession } from "~/server/auth/logout.server";
import { draftFrom, registrationState, requireUnregisteredUser } from "~/server/auth/registration.server";
import { getDb } from "~/server/db/db.server";
import { provisionUser } from "~/server/domain/provisioning.server";
import { registerUser } from "~/server/domain/users.server";
import { safeRedirect } from "~/server/platform/http.server";
import { getT } from "~/server/platform/i18n.server";
import { legalDocument } from "~/server/web/legal.server";
import { commitSession } from "~/server/platform/session.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { formError, handleIntent, parseForm, readPageForm } from "~/server/web/forms.server";
import { ErrorSummary } from "~/ui/error-summary";
import { TextField } from "~/ui/forms";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";
import { LegalDocument } from "~/ui/LegalDocument";
import { pageTitle } from "~/ui/page-title";
import { useHydrated } from "~/ui/use-hydrated";
import { requestContext } from "~/server/context/request.server";
import { getLog } from "~/server/platform/log.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUnregisteredUser(request);
  const { draft, termsAccepted } = await registrationState(request);
  const t = await getT(request);
  return json({
    title: t("register.title"),
    r: safeRedirect(new URL(request.url).searchParams.get("r"), "/"),
    defaults: {
      firstName: draft?.firstName ?? user.firstName,
      lastName: draft?.lastName ?? user.lastName,
      email: draft?.email ?? user.email ?? "",
    },
    termsAccepted,
    terms: await legalDocument(request, "terms"),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUnregisteredUser(request);
  const form = await readPageForm(request);
  const r = safeRedirect(form.get("r"), "/");
  return handleIntent(form, {
    cancel: async () => redirect("/login", { status: 303, headers: await endSession(request) }),
    // Läs användarvillkoren without JavaScript: keep what was typed, then show the terms as a page.
    terms: async () => {
      const { session } = await registrationState(request);
      session.set("registerDraft", JSON.stringify(draftFrom(form)));
      return redirect(`/user/register/terms?r=${encodeURIComponent(r)}`, {
        status: 303,
        headers: { "Set-Cookie": await commitSession(session) },
      });
    },
    register: async () => {
      const { session, termsAccepted } = await registrationState(request);
      // The terms count as accepted only when the server recorded Godkänn; the form's own value is ignored.
      form.set("agreedUponTerms", termsAccepted ? "on" : "");
      const submission = parseForm(form, RegisterSchema);
      if (submission.status !== "success") return formError(submission);
      const db = getDb();
      try {
        if (!(await registerUser(db, user.id, submission.value)))
          throw new Error("user was registered meanwhile");
        await provisionUser(requestContext("system"), user.id);
      } catch (error) {
        getLog().error({ err: error }, "the registration failed");
        return formError(submission, { formErrors: ["toast.userRegistrationFailed"], status: 503 });
      }
      session.unset("registerDraft");
      session.unset("termsAcceptedAt");
      return redirectWithToast(
        `/user/pending?r=${encodeURIComponent(r)}`,
        { key: "toast.userRegistered" },
        { headers: { "Set-Cookie": await commitSession(session) }, request },
      );
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function RegisterPage() {
  const { r, defaults, termsAccepted, terms } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const acceptFetcher = useFetcher();
  const [accepted, setAccepted] = useState(termsAccepted);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [form, fields] = usePageForm(RegisterSchema, {
    id: "register",
    lastResult: lastResultOf(actionData),
    defaultValue: defaults,
  });
  const termsError = fields.agreedUponTerms.errors?.[0];
  const formProps = getFormProps(form);

  // The server counts the terms as accepted only once it has recorded Godkänn. A Registrera pressed while
  // that post is still under way waits for it, and is then sent as pressed.
  const waiting = useRef<HTMLElement | null>(null);
  const acceptPending = acceptFetcher.state !== "idle";
  useEffect(() => {
    const submitter = waiting.current;
    if (acceptPending || !submitter) return;
    waiting.current = null;
    // A click sends the same submitter everywhere (requestSubmit(submitter) is missing before Safari 16).
    submitter.click();
  }, [acceptPending]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (acceptPending && submitter) {
      event.preventDefault();
      waiting.current = submitter;
      return;
    }
    formProps.onSubmit(event);
  };

  return (
    <div className="page page--narrow">
      <ErrorSummary form={form} order={["firstName", "lastName", "email", "agreedUponTerms"]} />
      <h1>{t("register.title")}</h1>
      <p className="lead">{t("register.lead")}</p>
      <Form method="post" {...formProps} onSubmit={onSubmit}>
        <input type="hidden" name="r" value={r} />
        <TextField field={fields.firstName} label={t("register.firstName")} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t("register.lastName")} autoComplete="family-name" />
        <TextField
          field={fields.email}
          type="email"
          label={t("register.email")}
          hint={t("register.emailHint")}
          autoComplete="email"
        />
        <fieldset className={termsError ? "field field--error" : "field"} aria-describedby="terms-hint">
          <legend>{t("register.termsTitle")}</legend>
          <p className="field__hint" id="terms-hint">
            {accepted ? t("register.termsAccepted") : t("register.termsHint")}
          </p>
          {termsError ? (
            <p className="field__error" id={`${fields.agreedUponTerms.id}-error`}>
              <span className="visually-hidden">{t("validation.errorPrefix")} </span>
              {t(termsError)}
            </p>
          ) : null}
          <input type="hidden" name={fields.agreedUponTerms.name} value={accepted ? "on" : ""} />
          <div className="checkbox">
            <input
              type="checkbox"
              id={fields.agreedUponTerms.id}
              checked={accepted}
              disabled
              aria-describedby={termsError ? `${fields.agreedUponTerms.id}-error` : "terms-hint"}
              onChange={() => undefined}
            />
            <label htmlFor={fields.agreedUponTerms.id}>{t("register.terms")}</label>
          </div>
          {hydrated ? (
            <button
              type="button"
              className="button button--link"
              onClick={() => dialogRef.current?.showModal()}
            >
              {t("register.readTerms")}
            </button>
          ) : (
            <button type="submit" name="intent" value="terms" className="button button--link" formNoValidate>
              {t("register.readTerms")}
            </button>
          )}
        </fieldset>
        <div className="button-row">
          <button type="submit" name="intent" value="register" className="button">
            {t("register.submit")}
          </button>
          <button
            type="submit"
            name="intent"
            value="cancel"
            className="button button--secondary"
            formNoValidate
          >
            {t("register.cancel")}
          </button>
        </div>
      </Form>
      {hydrated ? (
        <dialog ref={dialogRef} className="modal" aria-labelledby="terms-dialog-title">
          <h2 id="terms-dialog-title">{t("register.termsTitle")}</h2>
          <LegalDocument doc={terms} tocLabel={t("legal.toc")} nested />
          <div className="button-row">
            <button
              type="button"
              className="button"
              onClick={() => {
                acceptFetcher.submit(
                  { intent: "approve", r },
                  { method: "post", action: "/user/register/terms" },
                );
                setAccepted(true);
                dialogRef.current?.close();
              }}
            >
              {t("register.approve")}
            </button>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => dialogRef.current?.close()}
            >
              {t("register.close")}
            </button>
          </div>
        </dialog>
      ) : null}
    </div>
  );
}
