import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { loginOrderIdOf } from "~/server/auth/login-flow.server";
import { waitForLogin } from "~/server/auth/login-wait.server";
import { cancelLogin } from "~/server/domain/login.server";
import { getT } from "~/server/platform/i18n.server";
import { BankIdWait } from "~/islands/BankIdWait";
import { handleIntent, readPageForm } from "~/server/web/forms.server";
import { pageTitle } from "~/ui/page-title";
import { useHydrated } from "~/ui/use-hydrated";
import { requestContext } from "~/server/context/request.server";

export const handle = { showFooter: true };

/**
 * Each load collects the order once. Without JavaScript the page stays still (keyboard focus is kept) and only its
 * status frame (login_.bankid_.wait_.status.tsx, decision 032) reloads every 2 seconds with the QR frame and
 * BankID's message; once final, the frame's `Fortsätt` comes back here, where a completed order becomes the
 * session and the user goes on to where they were going.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const result = await waitForLogin(request);
  if (result.kind === "none") throw redirect("/login/bankid");
  if (result.kind === "done") throw result.response;
  const { state } = result;
  const t = await getT(request);
  return json(
    {
      title: t("login.waitingTitle"),
      device: state.device,
      status: state.status,
      rfa: state.rfa,
      hasQr: state.qrData !== null,
      launchUrl: state.launchUrl,
      returnTo: state.returnTo,
      startedAt: Date.now(),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  return handleIntent(await readPageForm(request), {
    cancel: async () => {
      const orderId = await loginOrderIdOf(request);
      if (orderId) await cancelLogin(requestContext("system"), orderId);
      return redirect("/login", 303);
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function BankIdWaitPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const pending = data.status === "pending";
  return (
    <div className="page login">
      <h1>{t("login.waitingTitle")}</h1>
      {!pending || hydrated ? (
        <p role="status" id="bankid-message" className={pending ? "lead" : "notice notice--error"}>
          {data.rfa ? t(`bankid:${data.rfa}`) : null}
        </p>
      ) : (
        <noscript>
          <iframe
            className={data.hasQr ? "status-frame status-frame--qr" : "status-frame"}
            src="/login/bankid/wait/status"
            title={t("bankidFrame.title")}
          />
        </noscript>
      )}
      {pending ? (
        <BankIdWait
          qrSrc={data.hasQr ? "/login/bankid/qr" : null}
          qrAlt={t("login.qrAlt")}
          launchUrl={data.launchUrl}
          startedAt={data.startedAt}
        />
      ) : null}
      {pending && hydrated && data.hasQr ? <p>{t("login.qrHelp")}</p> : null}
      {data.launchUrl ? (
        <p>
          <a className="button" href={data.launchUrl}>
            {t("bankid:openApp")}
          </a>
          <span className="field__hint"> {t("login.openAppHelp")}</span>
        </p>
      ) : null}
      {pending ? (
        <Form method="post">
          <button type="submit" name="intent" value="cancel" className="button button--secondary">
            {t("login.cancel")}
          </button>
        </Form>
      ) : (
        <p className="button-row">
          <a className="button" href={`/login/bankid?r=${encodeURIComponent(data.returnTo)}`}>
            {t("login.tryAgain")}
          </a>
          <a className="button button--secondary" href={`/login?r=${encodeURIComponent(data.returnTo)}`}>
            {t("login.backToLogin")}
          </a>
        </p>
      )}
    </div>
  );
}
