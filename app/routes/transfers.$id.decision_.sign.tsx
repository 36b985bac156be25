import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import { cancelDecision } from "~/server/domain/decision/collect.server";
import { getT } from "~/server/platform/i18n.server";
import { decisionBackOf, signingEnvFor, signingStepOfPage, signMessage } from "~/server/web/decision.server";
import { handleIntent, readPageForm } from "~/server/web/forms.server";
import { catchRefusal } from "~/server/web/refusal.server";
import { reviewPage, reviewPath } from "~/server/web/review-page.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { SigningDialog } from "~/islands/SigningDialog";
import { pageTitle } from "~/ui/page-title";
import { useHydrated } from "~/ui/use-hydrated";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * The signing of a membership decision (spec 02 §2.11, §4 "Signing dialog"). Each load collects the order once
 * (at most once a second). With JavaScript it is a dialog with a static backdrop that polls every 2000 ms.
 * Without it, the page stays still (keyboard focus and an opened `Det här signerar du` are kept) and only its
 * status frame (transfers.$id.decision_.sign_.status.tsx, decision 032) reloads every 2 s with the QR frame of
 * that moment, the message and the time the signing is valid; once final the frame offers `Fortsätt` back to this
 * page. Pending: the QR code (`Scanna QR-koden`) or the app link (`Öppna BankID-appen`) and `Avbryt`; Completed:
 * `Signering klar` and `Stäng` (then `Signeringen genomförd`); Failed: the message or `Någonting gick fel vid
 * signeringen`, and `Försök igen`.
 */

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const transferId = params.id ?? "";
  const state = await signingStepOfPage(request, context, transferId);
  const t = await getT(request, "review");
  return json(
    {
      title: t("decision.sign.title"),
      transferId,
      back: decisionBackOf(request, state),
      signId: state.signId,
      status: state.status,
      decision: state.decision,
      device: state.signDevice,
      message: signMessage(state),
      hasQr: state.qrCodeData !== null,
      launchUrl: state.launchUrl,
      expiresAt: state.expiresAt,
      text: state.text,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const { context: ctx } = await reviewPage(request, "review");
  const transferId = params.id ?? "";
  const overview = reviewPath("review", transferId, "overview");
  const form = await readPageForm(request);
  const signId = typeof form.get("signId") === "string" ? (form.get("signId") as string) : "";
  return handleIntent(form, {
    // Avbryt: the signing ends and the user is back at the decision, NotStarted.
    cancel: async () => {
      await catchRefusal(() => cancelDecision(ctx, signingEnvFor(request, context), signId), {
        notFound: "page",
      });
      return redirect(
        `${reviewPath("review", transferId, "decision")}?d=${decisionBackOf(request)}&from=${encodeURIComponent(signId)}`,
        303,
      );
    },
    // Stäng after `Signering klar`: the transfer's overview says `Signeringen genomförd`.
    close: async () => redirectWithToast(overview, { key: "review:decision.done" }, { request }),
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: pageTitle(data?.title ?? thrownTitle(error)) },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function SigningPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("review");
  const hydrated = useHydrated();
  const pending = data.status === "Pending";
  const overview = `/transfers/${encodeURIComponent(data.transferId)}/overview`;
  const decisionPage = `/transfers/${encodeURIComponent(data.transferId)}/decision?d=${data.back}&from=${encodeURIComponent(data.signId)}`;
  const frameSrc = `/transfers/${encodeURIComponent(data.transferId)}/decision/sign/status?signId=${encodeURIComponent(data.signId)}&d=${data.back}`;
  const qrSrc = data.hasQr
    ? `/transfers/${encodeURIComponent(data.transferId)}/decision/qr?signId=${encodeURIComponent(data.signId)}`
    : null;
  // While pending, what changes is the dialog's to show with JavaScript, and the status frame's without it.
  const live = !pending || hydrated;
  return (
    <div className="page review">
      <SigningDialog
        signId={data.signId}
        pending={pending}
        labelledBy="sign-title"
        qrSrc={qrSrc}
        qrAlt={t("decision.sign.qrAlt")}
        launchUrl={data.launchUrl}
      >
        <h1 id="sign-title">
          {data.status === "complete"
            ? t("decision.sign.completed")
            : pending && data.hasQr
              ? t("decision.sign.scanQr")
              : t("decision.sign.title")}
        </h1>
        {live ? (
          <p
            role="status"
            id="sign-message"
            className={pending || data.status === "complete" ? "lead" : "notice notice--error"}
          >
            {data.message ?? (data.status === "failed" ? t("decision.sign.failed") : null)}
          </p>
        ) : (
          <noscript>
            <iframe
              className={data.hasQr ? "status-frame status-frame--qr" : "status-frame"}
              src={frameSrc}
              title={t("signFrame.title")}
            />
          </noscript>
        )}
        {pending && hydrated && data.hasQr ? <p>{t("decision.sign.scanQrHelp")}</p> : null}
        {pending && data.launchUrl ? (
          <p>
            <a className="button" href={data.launchUrl}>
              {t("decision.sign.openApp")}
            </a>
            <span className="field__hint"> {t("decision.sign.openAppHelp")}</span>
          </p>
        ) : null}
        {pending && hydrated ? (
          <p className="muted">{t("decision.sign.validUntil", { time: formatDateTime(data.expiresAt) })}</p>
        ) : null}
        {data.text ? (
          <details>
            <summary>{t("decision.sign.decisionShown")}</summary>
            <pre className="signed-text">{data.text}</pre>
          </details>
        ) : null}
        {pending ? (
          <Form method="post" replace>
            <input type="hidden" name="signId" value={data.signId} />
            <button type="submit" name="intent" value="cancel" className="button button--secondary">
              {t("decision.sign.cancel")}
            </button>
          </Form>
        ) : data.status === "complete" ? (
          <Form method="post" replace>
            <input type="hidden" name="signId" value={data.signId} />
            <button type="submit" name="intent" value="close" className="button">
              {t("decision.sign.close")}
            </button>
          </Form>
        ) : (
          <p className="button-row">
            <Link className="button" to={decisionPage}>
              {t("decision.sign.tryAgain")}
            </Link>
            <Link className="button button--secondary" to={overview} reloadDocument>
              {t("decision.sign.close")}
            </Link>
          </p>
        )}
      </SigningDialog>
    </div>
  );
}
