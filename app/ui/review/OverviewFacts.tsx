import { useTranslation } from "react-i18next";
import { formatDate, formatSek } from "~/lib/format";
import { formatIdentifierForDisplay } from "~/lib/identifier";
import { personDisplayName } from "~/lib/person";
import type { TransferReview } from "~/schemas/transfer-views";
import { People } from "~/ui/TransferPeople";

/** The membership decision box (spec 02 §2.3); `recordHref` links the decision's record (who signed, the check). */
export function DecisionBox({ review, recordHref }: { review: TransferReview; recordHref?: string }) {
  const { t } = useTranslation("review");
  const { t: tt } = useTranslation("transfer");
  const decision = review.membershipDecision;
  return (
    <section aria-labelledby="decision">
      <h2 id="decision">{t("decision.title")}</h2>
      {decision ? (
        <p>
          <strong>{tt(`decision.${decision.decision}`)}</strong>{" "}
          {t("decision.decidedBy", { name: decision.decidedBy, date: formatDate(decision.date) })}
          {decision.reason ? (
            <>
              <br />
              {t("decision.reason", { reason: decision.reason })}
            </>
          ) : null}
        </p>
      ) : (
        <p>{t("decision.none")}</p>
      )}
      {decision && recordHref ? (
        <p>
          <a href={recordHref}>{t("decision.recordLink")}</a>
        </p>
      ) : null}
      <TransferSummary review={review} />
    </section>
  );
}

/**
 * The transfer summary PDF (spec 02 §2.4): a link once made; "being created" while the job makes it (the live
 * event transferSummaryDocumentUpdated supplies it to an open page; without it, the next load shows the link).
 */
function TransferSummary({ review }: { review: TransferReview }) {
  const { t } = useTranslation("review");
  const summary = review.transferSummaryDocument;
  if (summary) {
    const href = `/transfers/${encodeURIComponent(review.id)}/documents/${encodeURIComponent(summary.id)}`;
    return (
      <p>
        <a href={href}>{t("summary.download")}</a>
      </p>
    );
  }
  return review.transferSummaryPending ? <p role="status">{t("summary.pending")}</p> : null;
}

/** Object, association, agreement, the parties and the intermediary (`-` where nothing is known). */
export function OverviewFacts({ review }: { review: TransferReview }) {
  const { t } = useTranslation("review");
  const { t: tt } = useTranslation("transfer");
  const rows: Array<[string, string] | [string, string, "nowrap"]> = [
    [t("object"), review.objectDescription, "nowrap"],
    [t("association"), review.tenantAssociation.name],
    [
      t("organisationNumber"),
      formatIdentifierForDisplay({
        type: "OrganizationNumber",
        value: review.tenantAssociation.organisationNumber,
      }),
    ],
    [t("propertyManager"), review.propertyManager.displayName],
    [t("transferType"), tt(`transferType.${review.transferType}`)],
    [
      t("agreement.purchasePrice"),
      review.agreement.purchasePrice !== null ? formatSek(review.agreement.purchasePrice) : "-",
    ],
    [
      t("agreement.contractDate"),
      review.agreement.contractDate ? formatDate(review.agreement.contractDate) : "-",
    ],
    [t("agreement.entryDate"), review.agreement.entryDate ? formatDate(review.agreement.entryDate) : "-"],
  ];
  const intermediary = review.intermediary;
  return (
    <>
      <section aria-labelledby="object">
        <h2 id="object">{t("object")}</h2>
        <SummaryList rows={rows} />
      </section>
      <People title={t("people.transferors")} people={review.transferors} kind="Transferor" />
      <People
        title={t("people.acquirers")}
        people={review.acquirers}
        kind="Acquirer"
        transferId={review.id}
      />
      <People
        title={t("people.guarantors")}
        people={review.guarantors}
        kind="Guarantor"
        transferId={review.id}
      />
      <section aria-labelledby="intermediary">
        <h2 id="intermediary">{t("intermediary.title")}</h2>
        <SummaryList
          rows={[
            [t("intermediary.name"), intermediary ? personDisplayName(intermediary) || "-" : "-"],
            [t("intermediary.email"), intermediary?.emailAddress ?? "-"],
            [t("intermediary.office"), intermediary?.officeName ?? "-"],
          ]}
        />
      </section>
    </>
  );
}

/** Rows of term and value; a row marked nowrap (an object number) never breaks inside its value. */
function SummaryList({ rows }: { rows: Array<[string, string] | [string, string, "nowrap"]> }) {
  return (
    <dl className="summary-list">
      {rows.map(([term, value, wrap]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd className={wrap}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
