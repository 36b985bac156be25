import { useTranslation } from "react-i18next";
import { creditScoreDisplay } from "~/lib/credit-score";
import { formatDate, formatDateTime, formatKsek, formatKvm, formatSek } from "~/lib/format";
import type { CreditReportData } from "~/schemas/credit-check";
import { Table, TBody, THead, Td, Th, Tr } from "~/ui/CardTable";
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
        <Table>
          <caption>{r("debtsCaption")}</caption>
          <THead>
            <Tr>
              <Th scope="col">{r("debtKind")}</Th>
              <Th scope="col" className="numeric">
                {r("debtCount")}
              </Th>
              <Th scope="col" className="numeric">
                {r("debtTotal")}
              </Th>
            </Tr>
          </THead>
          <TBody>
            <Tr>
              <Th scope="row">{r("publicDebt")}</Th>
              <Td className="numeric" data-label={r("debtCount")}>
                {report.debtBalance.numberOfPublicDebt}
              </Td>
              <Td className="numeric nowrap" data-label={r("debtTotal")}>
                {formatKsek(report.debtBalance.totalPublicDebt)}
              </Td>
            </Tr>
            <Tr>
              <Th scope="row">{r("privateDebt")}</Th>
              <Td className="numeric" data-label={r("debtCount")}>
                {report.debtBalance.numberOfPrivateDebt}
              </Td>
              <Td className="numeric nowrap" data-label={r("debtTotal")}>
                {formatKsek(report.debtBalance.totalPrivateDebt)}
              </Td>
            </Tr>
          </TBody>
        </Table>
      </section>

      <section aria-labelledby="credit-incomes">
        <h2 id="credit-incomes">{r("incomes")}</h2>
        {report.taxAssessments.length === 0 ? (
          <p>{r("noIncomes")}</p>
        ) : (
          <ScrollFrame labelledBy="credit-incomes">
            <Table>
              <caption>{r("incomesCaption")}</caption>
              <THead>
                <Tr>
                  <Th scope="col">{r("year")}</Th>
                  {report.taxAssessments.map((a) => (
                    <Th scope="col" className="numeric" key={a.year}>
                      {a.year}
                    </Th>
                  ))}
                </Tr>
              </THead>
              <TBody>
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
                  <Tr key={kind}>
                    <Th scope="row">{r(kind)}</Th>
                    {report.taxAssessments.map((a) => (
                      <Td className="numeric nowrap" key={a.year} data-label={String(a.year)}>
                        {formatSek(a[kind])}
                      </Td>
                    ))}
                  </Tr>
                ))}
              </TBody>
            </Table>
          </ScrollFrame>
        )}
      </section>

      <section aria-labelledby="credit-remarks">
        <h2 id="credit-remarks">{r("remarks")}</h2>
        {report.remarksOfPayment.length === 0 ? (
          <p>{r("noRemarks")}</p>
        ) : (
          <Table>
            <caption>{r("remarksCaption")}</caption>
            <THead>
              <Tr>
                <Th scope="col">{r("remarkDate")}</Th>
                <Th scope="col" className="numeric">
                  {r("remarkAmount")}
                </Th>
                <Th scope="col">{r("remarkDescription")}</Th>
              </Tr>
            </THead>
            <TBody>
              {report.remarksOfPayment.map((remark, i) => (
                <Tr key={i}>
                  <Td className="nowrap" data-label={r("remarkDate")}>
                    {formatDate(remark.occuredOn)}
                  </Td>
                  <Td className="numeric nowrap" data-label={r("remarkAmount")}>
                    {formatSek(remark.amount)}
                  </Td>
                  <Td data-label={r("remarkDescription")}>{remark.description}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </section>

      <section aria-labelledby="credit-properties">
        <h2 id="credit-properties">{r("properties")}</h2>
        {report.realEstateProperties.length === 0 ? (
          <p>{r("noProperties")}</p>
        ) : (
          <ScrollFrame labelledBy="credit-properties">
            <Table>
              <caption>{r("propertiesCaption")}</caption>
              <THead>
                <Tr>
                  <Th scope="col">{r("designation")}</Th>
                  <Th scope="col">{r("ownership")}</Th>
                  <Th scope="col" className="numeric">
                    {r("taxValueOfLand")}
                  </Th>
                  <Th scope="col" className="numeric">
                    {r("taxValueOfBuilding")}
                  </Th>
                  <Th scope="col" className="numeric">
                    {r("totalTaxValue")}
                  </Th>
                  <Th scope="col" className="numeric">
                    {r("acreage")}
                  </Th>
                </Tr>
              </THead>
              <TBody>
                {report.realEstateProperties.map((p) => (
                  <Tr key={p.propertyDesignation}>
                    <Th scope="row">{p.propertyDesignation}</Th>
                    <Td data-label={r("ownership")}>{p.ownership}</Td>
                    <Td className="numeric nowrap" data-label={r("taxValueOfLand")}>
                      {formatSek(p.taxValueOfLand)}
                    </Td>
                    <Td className="numeric nowrap" data-label={r("taxValueOfBuilding")}>
                      {formatSek(p.taxValueOfBuilding)}
                    </Td>
                    <Td className="numeric nowrap" data-label={r("totalTaxValue")}>
                      {formatSek(p.totalTaxValue)}
                    </Td>
                    <Td className="numeric nowrap" data-label={r("acreage")}>
                      {formatKvm(p.acreage)}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
          </ScrollFrame>
        )}
      </section>

      <section aria-labelledby="credit-events">
        <h2 id="credit-events">{r("events")}</h2>
        <p>{r("eventsPurged")}</p>
        {report.history.length === 0 ? (
          <p>{r("noEvents")}</p>
        ) : (
          <Table>
            <caption>{r("eventsCaption")}</caption>
            <THead>
              <Tr>
                <Th scope="col">{r("eventDate")}</Th>
                <Th scope="col">{r("eventCategory")}</Th>
                <Th scope="col">{r("eventDescription")}</Th>
              </Tr>
            </THead>
            <TBody>
              {report.history.map((e, i) => (
                <Tr key={i}>
                  <Td className="nowrap" data-label={r("eventDate")}>
                    {formatDate(e.eventOccured)}
                  </Td>
                  <Td data-label={r("eventCategory")}>{known("eventCategoryValue", e.category)}</Td>
                  <Td data-label={r("eventDescription")}>{e.description}</Td>
                </Tr>
              ))}
            </TBody>
          </Table>
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
