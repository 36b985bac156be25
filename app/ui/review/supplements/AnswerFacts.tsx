import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import type { SupplementView } from "~/schemas/transfer-views";
import { shownIdentifier } from "./shown-identifier";

/** A sent answer: its status, who answered and who handled it, the rejection's reason, its document and guarantors. */
export function AnswerFacts({ answer }: { answer: NonNullable<SupplementView["answer"]> }) {
  const { t } = useTranslation("review");
  return (
    <>
      <p>
        <strong>{t(`additionals.answer.status.${answer.status}`)}</strong>
        {answer.answeredBy && answer.answered ? (
          <>
            {" "}
            ·{" "}
            {t("additionals.answer.answeredBy", {
              name: answer.answeredBy,
              date: formatDateTime(answer.answered),
            })}
          </>
        ) : null}
        {answer.handledBy && answer.handled ? (
          <>
            {" "}
            ·{" "}
            {t("additionals.answer.handledBy", {
              name: answer.handledBy,
              date: formatDateTime(answer.handled),
            })}
          </>
        ) : null}
      </p>
      {answer.rejectReason ? (
        <p>{t("additionals.answer.rejectReason", { reason: answer.rejectReason })}</p>
      ) : null}
      {answer.transferDocument ? (
        <p>
          {t("additionals.answer.document")}: {answer.transferDocument.fileName}
        </p>
      ) : null}
      {answer.guarantors.length > 0 ? (
        <>
          <p>{t("additionals.answer.guarantors")}:</p>
          <ul>
            {answer.guarantors.map((g) => (
              <li key={g.id}>
                {`${g.firstName} ${g.lastName}`.trim()}, {shownIdentifier(g.identifier.value)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </>
  );
}
