import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { endUserIp, loginOrderIdOf } from "~/server/auth/login-flow.server";
import { admitSignInStart } from "~/server/auth/sign-in-throttle.server";
import { getDb } from "~/server/db/db.server";
import { cancelLogin, LoginStartError, startLogin } from "~/server/domain/login.server";
import { resolveTenant } from "~/server/auth/request-tenant.server";
import { safeRedirect } from "~/server/platform/http.server";
import { getT } from "~/server/platform/i18n.server";
import { commitSession, getSession } from "~/server/platform/session.server";
import { withValues } from "~/lib/messages";
import { formError, parseForm, readPageForm } from "~/server/web/forms.server";
import { ErrorSummary, replyForm } from "~/ui/error-summary";
import { pageTitle } from "~/ui/page-title";
import { lastResultOf } from "~/ui/use-page-form";
import { requestContext } from "~/server/context/request.server";
import { BankIdStartSchema } from "~/schemas/user";
import { getLog } from "~/server/platform/log.server";

export const handle = { showFooter: true };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return json({
    title: t("login.bankidTitle"),
    r: safeRedirect(new URL(request.url).searchParams.get("r"), "/"),
  });
}

/** Starts a BankID order for this device or another one; a running order of this browser is cancelled first. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseForm(await readPageForm(request), BankIdStartSchema);
  if (submission.status !== "success") return formError(submission, { formErrors: ["login.invalidRequest"] });
  const db = getDb();
  const session = await getSession(request);
  const verdict = await admitSignInStart(db, { address: endUserIp(context), browser: session.id || null });
  if (!verdict.allowed) {
    return formError(submission, {
      formErrors: [withValues("login.throttled", { minutes: Math.ceil(verdict.retryAfterSeconds / 60) })],
      status: 429,
      headers: { "Retry-After": String(verdict.retryAfterSeconds) },
    });
  }
  const ctx = requestContext("system");
  const previous = await loginOrderIdOf(request);
  if (previous) await cancelLogin(ctx, previous);
  const returnTo = safeRedirect(submission.value.r, "/");
  const tenant = await resolveTenant(db, request);
  let orderId: string;
  try {
    orderId = await startLogin(ctx, {
      tenantId: tenant.id,
      returnTo,
      device: submission.value.device,
      endUserIp: endUserIp(context),
      userAgent: request.headers.get("User-Agent"),
    });
  } catch (error) {
    if (error instanceof LoginStartError) {
      getLog().error({ err: error.cause ?? error }, "the BankID sign-in failed");
      return redirect(`/login?error=1&r=${encodeURIComponent(returnTo)}`, 303);
    }
    throw error;
  }
  session.set("loginOrderId", orderId);
  return redirect("/login/bankid/wait", {
    status: 303,
    headers: { "Set-Cookie": await commitSession(session) },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function BankIdChoicePage() {
  const { r } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="page login">
      <ErrorSummary form={replyForm("bankid-start", lastResultOf(actionData))} />
      <h1>{t("login.bankidTitle")}</h1>
      <p>{t("login.chooseDevice")}</p>
      <div className="button-row">
        <Form method="post">
          <input type="hidden" name="r" value={r} />
          <button type="submit" name="device" value="ThisDevice" className="button">
            {t("bankid:thisDevice")}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="r" value={r} />
          <button type="submit" name="device" value="OtherDevice" className="button button--secondary">
            {t("bankid:otherDevice")}
          </button>
        </Form>
      </div>
      <p>
        <a className="button button--secondary" href={`/login?r=${encodeURIComponent(r)}`}>
          {t("login.backToLogin")}
        </a>
      </p>
    </div>
  );
}
