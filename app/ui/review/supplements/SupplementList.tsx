import { useTranslation } from "react-i18next";
import type { FailedForm } from "./failed-form";
import { RequestItem } from "./RequestItem";
import type { LastResult, SupplementsData } from "./types";

/** The requested supplements, each with its answer; a failed post's errors go to the request it was about. */
export function SupplementList({
  data,
  here,
  busy,
  failed,
  lastResult,
}: {
  data: SupplementsData;
  here: string;
  busy: boolean;
  failed: FailedForm;
  lastResult: LastResult;
}) {
  const { t } = useTranslation("review");
  return (
    <>
      <h3 id="requests-title" className="visually-hidden">
        {t("additionals.requestsTitle")}
      </h3>
      {data.supplements.length === 0 ? (
        <p>{t("additionals.empty")}</p>
      ) : (
        <ol className="supplement-list" aria-labelledby="requests-title">
          {data.supplements.map((s) => (
            <li key={s.id}>
              <RequestItem
                s={s}
                data={data}
                here={here}
                busy={busy}
                lastResult={failed.requestId === s.id ? lastResult : undefined}
                failedIntent={failed.requestId === s.id ? failed.intent : null}
              />
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
