import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PendingOrder, TestPerson } from "./DevBankIdPage";
import { PersonSelect } from "./PersonSelect";

/**
 * One pending order as the phone sees it: its status and text, then what the phone can do: open it (scan the QR
 * code or open the app, as a chosen person), approve or decline it once opened, or fail it with a hint code.
 */
export function OrderPanel({ order: o, people }: { order: PendingOrder; people: TestPerson[] }) {
  const { t } = useTranslation();
  return (
    <section className="dev-order" aria-label={t("devBankid.order", { ref: o.orderRef.slice(0, 8) })}>
      <h3>
        {t("devBankid.order", { ref: o.orderRef.slice(0, 8) })} –{" "}
        {o.kind === "auth" ? t("devBankid.kindAuth") : t("devBankid.kindSign")}
      </h3>
      <p>
        {t("devBankid.status")}: {o.status} {o.hintCode ?? ""} · {o.person ?? t("devBankid.noPerson")}
      </p>
      {o.userVisibleData ? <pre className="dev-visible-data">{o.userVisibleData}</pre> : null}
      {!o.started ? (
        <>
          <Form method="post" className="inline-form">
            <input type="hidden" name="orderRef" value={o.orderRef} />
            <PersonSelect id={`scan-${o.orderRef}`} people={people} />
            <button className="button" name="intent" value="scan">
              {t("devBankid.scan")}
            </button>
            <button className="button button--secondary" name="intent" value="autostart">
              {t("devBankid.openApp")}
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" className="inline-form">
          <input type="hidden" name="orderRef" value={o.orderRef} />
          <button className="button" name="intent" value="approve">
            {t("devBankid.approve")}
          </button>
          <button className="button button--secondary" name="intent" value="decline">
            {t("devBankid.decline")}
          </button>
        </Form>
      )}
      <Form method="post" className="inline-form">
        <input type="hidden" name="orderRef" value={o.orderRef} />
        <label htmlFor={`fail-${o.orderRef}`}>{t("devBankid.failWith")}</label>
        <select id={`fail-${o.orderRef}`} name="hintCode">
          <option value="startFailed">startFailed</option>
          <option value="expiredTransaction">expiredTransaction</option>
          <option value="certificateErr">certificateErr</option>
        </select>
        <button className="button button--secondary" name="intent" value="fail">
          {t("devBankid.fail")}
        </button>
      </Form>
    </section>
  );
}
