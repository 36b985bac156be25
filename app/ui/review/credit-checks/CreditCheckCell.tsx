import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { personDisplayName } from "~/lib/person";
import type { AcquirerView, GuarantorView } from "~/schemas/transfer-views";

type Person = AcquirerView | GuarantorView;

/** Whether a list of people shows the credit check column: someone is offered a credit check action or has one. */
export function showsCreditChecks(people: Person[]): boolean {
  return people.some((p) => p.actions.length > 0);
}

/**
 * A person's credit check (spec 02 §4 "Credit check per person"), as the server offers it: `Ta kreditupplysning`
 * (a link to the terms page) when OrderCreditCheck is enabled; the current order's state otherwise: Pending a
 * disabled `Hämtar kreditupplysning ...`, Error or Cancelled a disabled `Kreditupplysning inte tillgänglig`, an
 * order to view `Visa kreditupplysning` (a link to the result page, or disabled with its reason). A disabled
 * action says why beside it. Whoever may not read the report (everyone but the board) sees that it is done.
 */
export function CreditCheckCell({ transferId, person }: { transferId: string; person: Person }) {
  const { t } = useTranslation("review");
  const name = personDisplayName(person);
  const order = person.actions.find((a) => a.type === "OrderCreditCheck");
  const view = person.actions.find((a) => a.type === "ViewCreditCheck");
  const current = person.creditCheckOrder;
  const status = current?.result.status ?? null;
  const base = `/transfers/${encodeURIComponent(transferId)}/creditcheck`;
  const forName = <span className="visually-hidden"> {t("creditCheck.forPerson", { name })}</span>;
  const reasonId = (type: string) => `credit-${type}-${person.id}`;
  const disabled = (label: string, type: string, reason: string | null | undefined) => (
    <>
      <button
        type="button"
        className="button button--secondary"
        disabled
        aria-describedby={reason ? reasonId(type) : undefined}
      >
        {label}
        {forName}
      </button>
      {reason ? (
        <span className="field__hint" id={reasonId(type)}>
          {reason}
        </span>
      ) : null}
    </>
  );
  const items: React.ReactNode[] = [];
  if (status === "Pending") {
    items.push(disabled(t("creditCheck.pending"), "pending", null));
  } else if (status === "Error" || status === "Cancelled") {
    items.push(disabled(t("creditCheck.unavailable"), "unavailable", null));
  } else if (current && view) {
    items.push(
      view.disabled ? (
        disabled(t("creditCheck.view"), "view", view.disabledReason)
      ) : (
        <Link to={`${base}/${encodeURIComponent(current.orderId)}`} className="button button--secondary">
          {t("creditCheck.view")}
          {forName}
        </Link>
      ),
    );
  } else if (current) {
    items.push(<span className="field__hint">{t("creditCheck.readyForBoard")}</span>);
  }
  if (order && !order.disabled) {
    items.push(
      <Link to={`${base}/order?person=${encodeURIComponent(person.id)}`} className="button">
        {t("creditCheck.order")}
        {forName}
      </Link>,
    );
  } else if (order && !current) {
    items.push(disabled(t("creditCheck.order"), "order", order.disabledReason));
  }
  if (items.length === 0) return <>-</>;
  return (
    <ul className="credit-check-actions">
      {items.map((item, i) => (
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
