import { Form, useActionData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorSummary, replyForm } from "~/ui/error-summary";
import { lastResultOf } from "~/ui/use-page-form";
import { OrderPanel } from "./OrderPanel";
import { PersonSelect } from "./PersonSelect";

/**
 * The "test BankID app" at /dev/bankid (while BANKID=simulator): the pending orders, each answered as the phone
 * would; a QR code or autostart link opened by hand; the test people. The server half is app/routes/dev.bankid.tsx.
 */

export type TestPerson = { personalNumber: string; givenName: string; surname: string };

export type PendingOrder = {
  orderRef: string;
  kind: "auth" | "sign";
  status: string;
  hintCode: string | null;
  started: boolean;
  person: string | null;
  userVisibleData: string | null;
};

export interface DevBankIdData {
  /** What the phone just did (`?done=`), said on the page. */
  done: string | null;
  people: TestPerson[];
  orders: PendingOrder[];
}

export function DevBankIdPage({ data }: { data: DevBankIdData }) {
  const { people, orders, done } = data;
  const actionData = useActionData();
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{t("devBankid.title")}</h1>
      <p className="lead">{t("devBankid.lead")}</p>
      {done ? (
        <p className="notice" role="status">
          {t(`devBankid.done.${done}`)}
        </p>
      ) : null}
      <ErrorSummary form={replyForm("dev-bankid", lastResultOf(actionData))} />
      <h2>{t("devBankid.orders")}</h2>
      {orders.length === 0 ? <p>{t("devBankid.noOrders")}</p> : null}
      {orders.map((o) => (
        <OrderPanel key={o.orderRef} order={o} people={people} />
      ))}
      <h2>{t("devBankid.open")}</h2>
      <Form method="post">
        <div className="field">
          <label htmlFor="code" className="field__label">
            {t("devBankid.codeLabel")}
          </label>
          <p className="field__hint" id="code-hint">
            {t("devBankid.codeHint")}
          </p>
          <input
            id="code"
            name="code"
            className="field__input"
            aria-describedby="code-hint"
            autoComplete="off"
          />
        </div>
        <div className="field">
          <PersonSelect id="code-person" people={people} />
        </div>
        <button className="button" name="intent" value="code">
          {t("devBankid.open")}
        </button>
      </Form>
      <h2>{t("devBankid.people")}</h2>
      <table className="dev-table">
        <thead>
          <tr>
            <th scope="col">{t("devBankid.name")}</th>
            <th scope="col">{t("devBankid.personalNumber")}</th>
          </tr>
        </thead>
        <tbody>
          {people.map((p) => (
            <tr key={p.personalNumber}>
              <td>
                {p.givenName} {p.surname}
              </td>
              <td>{p.personalNumber}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
