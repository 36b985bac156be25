import { useTranslation } from "react-i18next";

/**
 * `status`: the /error/{status} and not-found pages (404, 403 and 500 have their own messages).
 * `crash`: the crash boundary, "Det har uppstått ett problem" with the error code. Both link back to the start.
 */
export function ErrorPage({
  status,
  variant = "status",
  detail,
  requestId,
}: {
  status: number;
  variant?: "status" | "crash";
  /** What was wrong with the request (a 400, 405, 413, 415 or 429 answer's Swedish text). */
  detail?: string;
  /** The failed request's id (X-Request-Id), with which support finds its log lines. */
  requestId?: string | null;
}) {
  const { t } = useTranslation();
  const known = variant === "status" && (status === 404 || status === 403 || status === 500);
  const title = known ? t(`errors.status${status}Title`) : t("errors.problemTitle");
  const text = detail ?? (known ? t(`errors.status${status}Text`) : t("errors.fallback"));
  return (
    <div className="page page--narrow">
      <h1>{title}</h1>
      <p>{text}</p>
      <p className="muted">
        {t("errors.errorCode", { code: requestId ? `${status}-${requestId}` : status })}
      </p>
      <p>
        <a href="/" className="button button--secondary">
          {t("errors.backToStart")}
        </a>
      </p>
    </div>
  );
}
