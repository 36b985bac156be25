import { useTranslation } from "react-i18next";
import { creditScoreDisplay } from "~/lib/credit-score";
import { formatDate, formatDateTime, formatKsek, formatKvm, formatSek } from "~/lib/format";
import type { CreditReportData } from "~/schemas/credit-check";
import { ScrollFrame } from "~/ui/ScrollFrame";

/**
 * The bureau's report as a document (spec 02 §2.10): one heading per section, tables with captions and headers,
 * amounts in kronor, debts in KSEK, areas in kvm, dates in Swedish format. The rating carries its text and level
 * beside its colour, so the colour is never the only carrier.
 */
export function CreditReportView({ report, orderedAt }: { report: CreditReportData; orderedAt: string }) {
  const { t } = useTranslation("review");
  const r = (key: string, values?: Record<string, unknown>) => t(`creditCheck.result.${key}`, values);
  const known = (group: string, value: string) =>
    t(`creditCheck.result.${group}.${value}`, { defaultValue: value });
  return (
    <>
      <section aria-labelledby="credit-rating">
        <h2 id="credit-rating">{r("rating")}</h2>
        <CreditScore
          score={report.creditDecision.creditCheckScore}
          reason={report.creditDecision.notScoredReason}
        />
      </section>

      <section aria-labelledby="credit-personal">
        <h2 id="credit-personal">{r("personal")}</h2>
        <dl className="summary-list">
          <div>
            <dt>{r("name")}</dt>
            <dd>{report.fullName}</dd>
          </div>
          <div>
            <dt>{r("gender")}</dt>
            <dd>{known("genderValue", report.gender)}</dd>
          </div>
          <div>
            <dt>{r("age")}</dt>
            <dd>{r("ageValue", { age: report.age })}</dd>
          </div>
          <div>
            <dt>{r("maritalStatus")}</dt>
            <dd>{known("maritalValue", report.martialStatus)}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="credit-residence">
        <h2 id="credit-residence">{r("residence")}</h2>
        {report.residential ? (
          <dl className="summary-list">
            <div>
              <dt>{r("county")}</dt>
              <dd>{report.residential.county}</dd>
            </div>
            <div>
              <dt>{r("municipality")}</dt>
              <dd>{report.residential.municipality}</dd>
            </div>
            <div>
              <dt>{r("parish")}</dt>
              <dd>{report.residential.parish}</dd>
            </div>
          </dl>
        ) : (
          <p>{r("notRegistered")}</p>
        )}
      </section>

      <section aria-labelledby="credit-debts">
        <h2 id="credit-debts">{r("debts")}</h2>
        <table className="transfer-table">
          <caption>{r("debtsCaption")}</caption>
          <thead>
            <tr>
              <th scope="col">{r("debtKind")}</th>
              <th scope="col" className="numeric">
                {r("debtCount")}
              </th>
              <th scope="col" className="numeric">
                {r("debtTotal")}
              </th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{r("publicDebt")}</th>
              <td className="numeric">{report.debtBalance.numberOfPublicDebt}</td>
              <td className="numeric nowrap">{formatKsek(report.debtBalance.totalPublicDebt)}</td>
            </tr>
            <tr>
              <th scope="row">{r("privateDebt")}</th>
              <td className="numeric">{report.debtBalance.numberOfPrivateDebt}</td>
              <td className="numeric nowrap">{formatKsek(report.debtBalance.totalPrivateDebt)}</td>
            </tr>
          </tbody>
        </table>
      </section>

      <section aria-labelledby="credit-incomes">
        <h2 id="credit-incomes">{r("incomes")}</h2>
        {report.taxAssessments.length === 0 ? (
          <p>{r("noIncomes")}</p>
        ) : (
          <ScrollFrame labelledBy="credit-incomes">
            <table className="transfer-table">
              <caption>{r("incomesCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{r("year")}</th>
                  {report.taxAssessments.map((a) => (
                    <th scope="col" className="numeric" key={a.year}>
                      {a.year}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {(
                  [
                    "totalGrossIncome",
                    "incomeOfEmployment",
                    "incomeOfActiveBusinessActivity",
                    "incomeOfPassiveBusinessActivity",
                    "surplusOfCapital",
                    "deficitOfCapital",
                    "deductionFromEarnedIncome",
                    "finalTax",
                  ] as const
                ).map((kind) => (
                  <tr key={kind}>
                    <th scope="row">{r(kind)}</th>
                    {report.taxAssessments.map((a) => (
                      <td className="numeric nowrap" key={a.year}>
                        {formatSek(a[kind])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        )}
      </section>

      <section aria-labelledby="credit-remarks">
        <h2 id="credit-remarks">{r("remarks")}</h2>
        {report.remarksOfPayment.length === 0 ? (
          <p>{r("noRemarks")}</p>
        ) : (
          <table className="transfer-table">
            <caption>{r("remarksCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{r("remarkDate")}</th>
                <th scope="col" className="numeric">
                  {r("remarkAmount")}
                </th>
                <th scope="col">{r("remarkDescription")}</th>
              </tr>
            </thead>
            <tbody>
              {report.remarksOfPayment.map((remark, i) => (
                <tr key={i}>
                  <td className="nowrap">{formatDate(remark.occuredOn)}</td>
                  <td className="numeric nowrap">{formatSek(remark.amount)}</td>
                  <td>{remark.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="credit-properties">
        <h2 id="credit-properties">{r("properties")}</h2>
        {report.realEstateProperties.length === 0 ? (
          <p>{r("noProperties")}</p>
        ) : (
          <ScrollFrame labelledBy="credit-properties">
            <table className="transfer-table">
              <caption>{r("propertiesCaption")}</caption>
              <thead>
                <tr>
                  <th scope="col">{r("designation")}</th>
                  <th scope="col">{r("ownership")}</th>
                  <th scope="col" className="numeric">
                    {r("taxValueOfLand")}
                  </th>
                  <th scope="col" className="numeric">
                    {r("taxValueOfBuilding")}
                  </th>
                  <th scope="col" className="numeric">
                    {r("totalTaxValue")}
                  </th>
                  <th scope="col" className="numeric">
                    {r("acreage")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.realEstateProperties.map((p) => (
                  <tr key={p.propertyDesignation}>
                    <th scope="row">{p.propertyDesignation}</th>
                    <td>{p.ownership}</td>
                    <td className="numeric nowrap">{formatSek(p.taxValueOfLand)}</td>
                    <td className="numeric nowrap">{formatSek(p.taxValueOfBuilding)}</td>
                    <td className="numeric nowrap">{formatSek(p.totalTaxValue)}</td>
                    <td className="numeric nowrap">{formatKvm(p.acreage)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollFrame>
        )}
      </section>

      <section aria-labelledby="credit-events">
        <h2 id="credit-events">{r("events")}</h2>
        <p>{r("eventsPurged")}</p>
        {report.history.length === 0 ? (
          <p>{r("noEvents")}</p>
        ) : (
          <table className="transfer-table">
            <caption>{r("eventsCaption")}</caption>
            <thead>
              <tr>
                <th scope="col">{r("eventDate")}</th>
                <th scope="col">{r("eventCategory")}</th>
                <th scope="col">{r("eventDescription")}</th>
              </tr>
            </thead>
            <tbody>
              {report.history.map((e, i) => (
                <tr key={i}>
                  <td className="nowrap">{formatDate(e.eventOccured)}</td>
                  <td>{known("eventCategoryValue", e.category)}</td>
                  <td>{e.description}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="credit-order-date">
        <h2 id="credit-order-date">{r("orderDate")}</h2>
        <p>{r("orderDateText", { date: formatDateTime(orderedAt) })} </p>
      </section>
    </>
  );
}

/** The rating: its own colour, with its text (and level, "nivå n av 5") written on it; NotScored adds the reason. */
export function CreditScore({ score, reason }: { score: string; reason: string | null }) {
  const { t } = useTranslation("review");
  const display = creditScoreDisplay(score);
  return (
    <p className="credit-score">
      <span
        className="credit-score__tag"
        data-score={display.score}
        style={{ backgroundColor: display.background, color: display.color }}
      >
        {t(display.textKey)}
        {display.level !== null ? `, ${t("creditCheck.result.ratingLevel", { level: display.level })}` : null}
      </span>
      {display.score === "NotScored" && reason ? (
        <span className="credit-score__reason"> {t("creditCheck.result.notScoredReason", { reason })}</span>
      ) : null}
    </p>
  );
}
