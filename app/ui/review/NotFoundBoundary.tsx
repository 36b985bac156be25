import { Link, isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/ui/ErrorPage";

/** The title a route threw with its 404 (`throw json({ title }, { status: 404 })`), for its meta. */
export function thrownTitle(error: unknown): string | undefined {
  return isRouteErrorResponse(error)
    ? ((error.data as { title?: string } | null)?.title ?? undefined)
    : undefined;
}

/**
 * The error boundary of a transfer's pages: missing and out of scope are the same not-found page (spec 02 §2.1),
 * with the page's own title and text keys of review.json; anything else is the shell's error page.
 */
export function NotFoundBoundary({
  titleKey,
  textKey,
  backTo = "/transfers",
}: {
  titleKey: string;
  textKey: string;
  /** The list the page's users come from (the private party's is /transfers/private). */
  backTo?: string;
}) {
  const error = useRouteError();
  const { t } = useTranslation("review");
  if (!isRouteErrorResponse(error) || error.status !== 404) {
    if (!isRouteErrorResponse(error)) console.error(error);
    return <ErrorPage status={isRouteErrorResponse(error) ? error.status : 500} variant="crash" />;
  }
  return (
    <div className="page page--narrow">
      <h1>{t(titleKey)}</h1>
      <p>{t(textKey)}</p>
      <p>
        <Link to={backTo} className="button button--secondary">
          {t("backToList")}
        </Link>
      </p>
    </div>
  );
}
