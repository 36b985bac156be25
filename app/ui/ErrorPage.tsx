import { useTranslation } from "react-i18next";
import { useFailedRequestId } from "./request-id";

/**
 * `status`: the /error/{status} and not-found pages (404, 403 and 500 have their own messages).
 * `crash`: the crash boundary, "Det har uppstått ett problem" with the error code. Both link back to the start.
 */
export function ErrorPage({
  status,
  variant = "status",
  detail,
}: {
  status: number;
  variant?: "status" | "crash";
  /** What was wrong with the request (a 400, 405, 413, 415 or 429 answer's Swedish text). */
  detail?: string;
}) {
  const { t } = useTranslation();
  const known = variant === "status" && (status === 404 || status === 403 || status === 500);
  const title = known ? t(`errors.status${status}Title`) : t("errors.problemTitle");
  const text = detail ?? (known ? t(`errors.status${status}Text`) : t("errors.fallback"));
  return (
    <div className="page page--narrow">
      <h1>{title}</h1>
      <p>{text}</p>
      <ErrorCode status={status} />
      <p>
        <a href="/" className="button button--secondary">
          {t("errors.backToStart")}
        </a>
      </p>
    </div>
  );
}

/**
 * `Felkod: {status}-{request id}`: what a user reads out to support, who finds the request's log lines by it
 * (the id alone is left out where the page cannot know it, after a client-side navigation).
 */
export function ErrorCode({ status }: { status: number }) {
  const { t } = useTranslation();
  const requestId = useFailedRequestId();
  return (
    <p className="muted">{t("errors.errorCode", { code: requestId ? `${status}-${requestId}` : status })}</p>
  );
}
