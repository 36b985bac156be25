import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { collectLoginStep } from "~/server/auth/login-wait.server";
import { getT } from "~/server/platform/i18n.server";
import { pageTitle } from "~/ui/page-title";

/**
 * The status frame of the sign-in waiting page without JavaScript (decision 032): a small page of its own, shown
 * in an <iframe> of /login/bankid/wait, that reloads itself every 2 s while the order is pending, with BankID's
 * message and the QR frame of that moment. Each load collects the order as the page does (collectLoginStep: at
 * most once a second), so the page around it stays still and keeps the keyboard focus. It never signs anyone in:
 * once the order is final (complete, failed, cancelled, used or gone) it stops refreshing and offers `Fortsätt`
 * to the waiting page at the top of the window, whose load turns a completed order into the session and goes on
 * to where the user was going, or shows the failure and `Försök igen`.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const step = await collectLoginStep(request);
  const t = await getT(request);
  const state = step.kind === "collected" ? step.state : null;
  return json(
    {
      title: t("bankidFrame.title"),
      status: state?.status ?? "none",
      rfa: state?.rfa ?? null,
      hasQr: state?.qrData != null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function BankIdStatusFrame() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const pending = data.status === "pending";
  const failed = data.status === "failed" || data.status === "cancelled";
  return (
    <div className="status-frame-content">
      {pending ? <meta httpEquiv="refresh" content="2" /> : null}
      <p role="status" className={failed ? "notice notice--error" : "lead"}>
        {data.rfa ? t(`bankid:${data.rfa}`) : data.status === "complete" ? t("bankidFrame.complete") : null}
      </p>
      {pending && data.hasQr ? (
        <>
          <img className="qr" src="/login/bankid/qr" alt={t("login.qrAlt")} width={240} height={240} />
          <p>{t("login.qrHelp")}</p>
        </>
      ) : null}
      {pending ? (
        <p className="muted">{t("login.refreshing")}</p>
      ) : (
        <p>
          <a className="button" href="/login/bankid/wait" target="_top">
            {t("bankidFrame.continue")}
          </a>
        </p>
      )}
    </div>
  );
}
