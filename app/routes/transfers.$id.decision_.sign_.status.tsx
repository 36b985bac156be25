import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import { getT } from "~/server/platform/i18n.server";
import { decisionBackOf, signingStepOfPage, signMessage } from "~/server/web/decision.server";
import { pageTitle } from "~/ui/page-title";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * The status frame of the signing page without JavaScript (decision 032): a small page of its own, shown in an
 * <iframe> of /transfers/{id}/decision/sign, that reloads itself every 2 s while the signing is pending, with
 * the QR frame of that moment, BankID's message and the time the signing is valid. Each load is the sign page's
 * own step (signingStepOfPage: collect at most once a second, the viewer's own signing only, else 404), so the
 * page around it stays still and keeps the keyboard focus. Once the signing is final the frame stops refreshing
 * and offers `Fortsätt` to the page itself (target _top), which shows the outcome and its next steps.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const transferId = params.id ?? "";
  const state = await signingStepOfPage(request, context, transferId);
  const t = await getT(request, "review");
  return json(
    {
      title: t("signFrame.title"),
      transferId,
      back: decisionBackOf(request, state),
      signId: state.signId,
      status: state.status,
      message: signMessage(state),
      hasQr: state.qrCodeData !== null,
      expiresAt: state.expiresAt,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: pageTitle(data?.title ?? thrownTitle(error)) },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function SigningStatusFrame() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("review");
  const pending = data.status === "Pending";
  const transfer = encodeURIComponent(data.transferId);
  const signId = encodeURIComponent(data.signId);
  const page = `/transfers/${transfer}/decision/sign?signId=${signId}&d=${data.back}`;
  return (
    <div className="status-frame-content">
      {pending ? <meta httpEquiv="refresh" content="2" /> : null}
      <p role="status" className={pending || data.status === "complete" ? "lead" : "notice notice--error"}>
        {data.message ?? (data.status === "failed" ? t("decision.sign.failed") : null)}
      </p>
      {pending && data.hasQr ? (
        <>
          <img
            className="qr"
            src={`/transfers/${transfer}/decision/qr?signId=${signId}`}
            alt={t("decision.sign.qrAlt")}
            width={240}
            height={240}
          />
          <p>{t("decision.sign.scanQrHelp")}</p>
        </>
      ) : null}
      {pending ? (
        <p className="muted">
          {t("decision.sign.validUntil", { time: formatDateTime(data.expiresAt) })}{" "}
          {t("decision.sign.refreshing")}
        </p>
      ) : (
        <p>
          <a className="button" href={page} target="_top">
            {t("signFrame.continue")}
          </a>
        </p>
      )}
    </div>
  );
}
