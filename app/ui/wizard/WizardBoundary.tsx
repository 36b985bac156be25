import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { isApplicationNotFetched } from "~/lib/wizard";
import { NotFoundBoundary } from "~/ui/review/NotFoundBoundary";

/**
 * The wizard's error boundary: an application that could not be read says `Gick inte att hämta ansökan.` under
 * `Kunde inte hämta ansökan` (spec 03 §8), with `Överlåtelse` back to the transfer; a missing transfer is the
 * transfer's not-found page, anything else the shell's error page.
 */
export function WizardBoundary({ backTo }: { backTo?: string }) {
  const error = useRouteError();
  const { t } = useTranslation(["wizard", "transfer"]);
  if (!isRouteErrorResponse(error) || !isApplicationNotFetched(error.data)) {
    return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" backTo={backTo} />;
  }
  return (
    <div className="page page--narrow wizard">
      <div className="wizard__top">
        <Link to={error.data.transferPath} className="button button--secondary">
          {t("wizard:toTransfer")}
        </Link>
      </div>
      <h1>{t("transfer:application.notFetched")}</h1>
      <p className="notice notice--error" role="alert">
        {t("wizard:applicationFailed")}
      </p>
    </div>
  );
}
