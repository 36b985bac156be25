import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDate, formatDateTime } from "~/lib/format";
import { formatIdentifierForDisplay } from "~/lib/identifier";
import { decisionRecordOf } from "~/server/domain/decision/record.server";
import { getT } from "~/server/platform/i18n.server";
import { notFoundPage, reviewOf, reviewPage } from "~/server/web/review-page.server";
import { pageTitle } from "~/ui/page-title";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * The decision record: who decided and signed, when, the signed text, and the check of the stored
 * BankID signature (XML-DSig intact, certificate chain to a trusted root, OCSP answer good and signed by the
 * issuer), made on the server each time the page is shown (decision 028).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await reviewPage(request, "review");
  const review = await reviewOf(page, params.id ?? "", "decision/record");
  const record = await decisionRecordOf(page.db, page.viewer, review.id);
  if (record === "notFound") throw notFoundPage();
  const t = await getT(request, "review");
  return json(
    {
      title: t("decision.record.title"),
      transferId: review.id,
      objectDescription: review.objectDescription,
      record,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data ? `${data.objectDescription} – ${data.title}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

type Check = { ok: true } | { ok: false; reason: string };

export default function DecisionRecordPage() {
  const { transferId, objectDescription, record } = useLoaderData<typeof loader>();
  const { t } = useTranslation("review");
  const { t: tt } = useTranslation("transfer");
  const overview = `/transfers/${encodeURIComponent(transferId)}/overview`;
  const outcome = (check: Check) =>
    check.ok
      ? t("decision.record.passed")
      : t("decision.record.failedWith", { reason: t(`decision.record.reasons.${check.reason}`) });
  return (
    <div className="page review">
      <p>
        <Link className="back-link" to={overview}>
          {t("decision.back")}
        </Link>
      </p>
      <h1>{t("decision.record.title")}</h1>
      <p className="lead">{objectDescription}</p>
      {!record ? (
        <p>{t("decision.record.none")}</p>
      ) : (
        <>
          <dl className="summary-list">
            <Row term={t("decision.record.decision")} value={tt(`decision.${record.decision}`)} />
            <Row term={t("decision.record.decidedBy")} value={record.decidedBy || "-"} />
            <Row term={t("decision.record.decisionDate")} value={formatDate(record.decisionDate)} />
            <Row term={t("decision.record.recordedAt")} value={formatDateTime(record.recordedAt)} />
            <Row term={t("decision.record.device")} value={t(`decision.device.${record.signDevice}`)} />
            {record.acquirers.length > 0 ? (
              <Row
                term={t("decision.record.acquirers")}
                value={record.acquirers
                  .map(
                    (a) =>
                      `${a.name}, ${formatIdentifierForDisplay({ type: "SocialSecurityNumber", value: a.identifier })}`,
                  )
                  .join("; ")}
              />
            ) : null}
            {record.reason ? <Row term={t("decision.record.reason")} value={record.reason} /> : null}
            {record.signed ? (
              <>
                <Row
                  term={t("decision.record.signedBy")}
                  value={`${record.signed.signerName}, ${formatIdentifierForDisplay({ type: "SocialSecurityNumber", value: record.signed.signerPersonalNumber })}`}
                />
                <Row term={t("decision.record.signedAt")} value={formatDateTime(record.signed.signedAt)} />
              </>
            ) : null}
          </dl>
          {record.documentId ? (
            <p>
              <a
                href={`/transfers/${encodeURIComponent(transferId)}/documents/${encodeURIComponent(record.documentId)}`}
              >
                {t("decision.record.document")}
              </a>
            </p>
          ) : null}
          {record.signed ? (
            <>
              <h2>{t("decision.record.signedText")}</h2>
              <pre className="signed-text">{record.signed.text}</pre>
              <section aria-labelledby="verification">
                <h2 id="verification">{t("decision.record.verification")}</h2>
                <p
                  role="status"
                  className={
                    record.signed.verification.ok && record.signed.textMatches
                      ? "notice"
                      : "notice notice--error"
                  }
                >
                  {record.signed.verification.ok && record.signed.textMatches
                    ? t("decision.record.allOk")
                    : t("decision.record.notOk")}
                </p>
                <p className="muted">
                  {t("decision.record.checkedAt", { time: formatDateTime(record.signed.checkedAt) })}
                </p>
                <dl className="summary-list">
                  <Row
                    term={t("decision.record.signature")}
                    value={outcome(record.signed.verification.signature)}
                  />
                  <Row term={t("decision.record.chain")} value={outcome(record.signed.verification.chain)} />
                  <Row term={t("decision.record.ocsp")} value={outcome(record.signed.verification.ocsp)} />
                  <Row
                    term={t("decision.record.signedTextMatches")}
                    value={
                      record.signed.textMatches
                        ? t("decision.record.textMatches")
                        : t("decision.record.textDiffers")
                    }
                  />
                  {record.signed.verification.signer ? (
                    <Row
                      term={t("decision.record.certificate")}
                      value={record.signed.verification.signer.subject.replace(/\n/g, ", ")}
                    />
                  ) : null}
                  {record.signed.verification.chainSubjects.length > 0 ? (
                    <Row
                      term={t("decision.record.chainSubjects")}
                      value={record.signed.verification.chainSubjects
                        .map((s) => s.replace(/\n/g, ", "))
                        .join(" ← ")}
                    />
                  ) : null}
                  {record.signed.verification.ocspProducedAt ? (
                    <Row
                      term={t("decision.record.ocspProducedAt")}
                      value={formatDateTime(record.signed.verification.ocspProducedAt)}
                    />
                  ) : null}
                </dl>
              </section>
            </>
          ) : (
            <p>
              {record.signDevice === "SignByProxy"
                ? t("decision.record.proxy")
                : t("decision.record.noSignature")}
            </p>
          )}
        </>
      )}
    </div>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
