import { useTranslation } from "react-i18next";
import { formatIdentifierForDisplay } from "~/lib/identifier";
import { personDisplayName } from "~/lib/person";
import { fractionToPercentString } from "~/lib/share";
import type { AcquirerView, GuarantorView, TransferorView } from "~/schemas/transfer-views";
import { CreditCheckCell, showsCreditChecks } from "~/ui/review/CreditCheckCell";
import { ScrollFrame } from "~/ui/ScrollFrame";

/** Transferors, acquirers or guarantors of a transfer (spec 02 §2.4), with shares as percent. */
export function People({
  title,
  people,
  kind,
  transferId,
}: {
  title: string;
  people: Array<TransferorView | AcquirerView | GuarantorView>;
  kind: "Transferor" | "Acquirer" | "Guarantor";
  /** Acquirers and guarantors: the transfer whose credit checks the column shows, when the server offers any. */
  transferId?: string;
}) {
  const { t } = useTranslation("review");
  const id = `people-${kind}`;
  const credit =
    transferId !== undefined &&
    kind !== "Transferor" &&
    showsCreditChecks(people as Array<AcquirerView | GuarantorView>);
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {people.length === 0 ? (
        <p>{t("people.none")}</p>
      ) : (
        <ScrollFrame scroll={credit} labelledBy={id}>
          <table className="transfer-table">
            <thead>
              <tr>
                <th scope="col">{t("people.name")}</th>
                <th scope="col">{t("people.identifier")}</th>
                {kind === "Transferor" ? <th scope="col">{t("people.ownerShare")}</th> : null}
                {kind !== "Guarantor" ? (
                  <th scope="col">
                    {kind === "Transferor" ? t("people.transferShare") : t("people.acquiredShare")}
                  </th>
                ) : null}
                <th scope="col">{t("people.contact")}</th>
                {credit ? <th scope="col">{t("creditCheck.column")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.id}>
                  <td data-label={t("people.name")}>
                    {personDisplayName(p)}
                    {"membershipStatus" in p && p.membershipStatus === "MEMBER" ? (
                      <span className="tag">{t("people.member")}</span>
                    ) : null}
                    {"isPaymentNoticeRecipient" in p && p.isPaymentNoticeRecipient ? (
                      <span className="tag">{t("people.paymentNoticeRecipient")}</span>
                    ) : null}
                  </td>
                  <td data-label={t("people.identifier")}>{formatIdentifierForDisplay(p.identifier)}</td>
                  {kind === "Transferor" && "ownerShare" in p ? (
                    <td data-label={t("people.ownerShare")}>
                      {p.ownerShare ? fractionToPercentString(p.ownerShare) : "-"}
                    </td>
                  ) : null}
                  {kind !== "Guarantor" && "transferShare" in p ? (
                    <td
                      data-label={
                        kind === "Transferor" ? t("people.transferShare") : t("people.acquiredShare")
                      }
                    >
                      {p.transferShare ? fractionToPercentString(p.transferShare) : "-"}
                    </td>
                  ) : null}
                  <td data-label={t("people.contact")} className="break-anywhere">
                    {[p.emailAddress, p.phoneNumber].filter(Boolean).join(", ") || "-"}
                  </td>
                  {credit ? (
                    <td data-label={t("creditCheck.column")}>
                      <CreditCheckCell transferId={transferId!} person={p as AcquirerView | GuarantorView} />
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollFrame>
      )}
    </section>
  );
}
