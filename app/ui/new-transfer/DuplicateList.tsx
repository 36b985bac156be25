import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/lib/format";
import type { Duplicates } from "./types";

/** The possible duplicates of the chosen object: the transfers of the same object, each a link. */
export function DuplicateList({ duplicates, headingId }: { duplicates: Duplicates; headingId: string }) {
  const { t } = useTranslation("transfer");
  return (
    <>
      <h2 id={headingId}>{t("create.duplicatesTitle")}</h2>
      <p>{t("create.duplicatesText")}</p>
      <ul>
        {duplicates.list.map((d) => (
          <li key={d.transferId}>
            <Link to={`/transfers/${d.transferId}`}>
              {t("create.duplicateRow", {
                objectNumber: d.objectNumber,
                status: t(`status.${d.status}`),
                date: formatDate(d.created),
              })}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
