import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { formatIdentifierForDisplay } from "~/lib/identifier";
import { personDisplayName } from "~/lib/person";
import { fractionToPercentString } from "~/lib/share";
import type { AcquirerView, GuarantorView, TransferorView } from "~/schemas/transfer-views";
import { CreditCheckCell, showsCreditChecks } from "~/ui/review/credit-checks/CreditCheckCell";
import { Table, TBody, THead, Td, Th, Tr } from "~/ui/CardTable";
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
          <Table className="transfer-table--people">
            <THead>
              <Tr>
                <Th scope="col">{t("people.name")}</Th>
                <Th scope="col">{withBreakAfterSlash(t("people.identifier"))}</Th>
                {kind === "Transferor" ? <Th scope="col">{t("people.ownerShare")}</Th> : null}
                {kind !== "Guarantor" ? (
                  <Th scope="col">
                    {kind === "Transferor" ? t("people.transferShare") : t("people.acquiredShare")}
                  </Th>
                ) : null}
                <Th scope="col">{t("people.contact")}</Th>
                {credit ? <Th scope="col">{t("creditCheck.column")}</Th> : null}
              </Tr>
            </THead>
            <TBody>
              {people.map((p) => (
                <Tr key={p.id}>
                  <Td data-label={t("people.name")}>
                    <span className="person-name">
                      {personDisplayName(p)}
                      {tags(p).length > 0 ? (
                        <span className="person-name__tags">
                          {tags(p).map((tag) => (
                            <span key={tag} className="tag">
                              {t(tag)}
                            </span>
                          ))}
                        </span>
                      ) : null}
                    </span>
                  </Td>
                  <Td data-label={labelBreakingAfterSlash(t("people.identifier"))} className="nowrap">
                    {formatIdentifierForDisplay(p.identifier)}
                  </Td>
                  {kind === "Transferor" && "ownerShare" in p ? (
                    <Td data-label={t("people.ownerShare")}>
                      {p.ownerShare ? fractionToPercentString(p.ownerShare) : "-"}
                    </Td>
                  ) : null}
                  {kind !== "Guarantor" && "transferShare" in p ? (
                    <Td
                      data-label={
                        kind === "Transferor" ? t("people.transferShare") : t("people.acquiredShare")
                      }
                    >
                      {p.transferShare ? fractionToPercentString(p.transferShare) : "-"}
                    </Td>
                  ) : null}
                  <Td data-label={t("people.contact")} className="break-anywhere">
                    {[p.emailAddress, p.phoneNumber].filter(Boolean).join(", ") || "-"}
                  </Td>
                  {credit ? (
                    <Td data-label={t("creditCheck.column")}>
                      <CreditCheckCell transferId={transferId!} person={p as AcquirerView | GuarantorView} />
                    </Td>
                  ) : null}
                </Tr>
              ))}
            </TBody>
          </Table>
        </ScrollFrame>
      )}
    </section>
  );
}

/** The tags under a person's name: a member of the association, the recipient of the payment notices. */
function tags(p: TransferorView | AcquirerView | GuarantorView): string[] {
  const out: string[] = [];
  if ("membershipStatus" in p && p.membershipStatus === "MEMBER") out.push("people.member");
  if ("isPaymentNoticeRecipient" in p && p.isPaymentNoticeRecipient)
    out.push("people.paymentNoticeRecipient");
  return out;
}

/**
 * "Personnummer/organisationsnummer" may wrap after its slash, never inside a word (it broke as
 * "organisati-onsnummer" in a narrow column).
 */
export function withBreakAfterSlash(text: string): React.ReactNode {
  const parts = text.split("/");
  return parts.map((part, i) => (
    <Fragment key={i}>
      {part}
      {i < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/** The same for a column's data-label (drawn by CSS, where <wbr> cannot go): a zero-width space after "/". */
export function labelBreakingAfterSlash(text: string): string {
  return text.replaceAll("/", "/\u200B");
}
