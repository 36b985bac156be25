import { getEnv } from "~/server/platform/env.server";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { getT } from "~/server/platform/i18n.server";
import { BankIdSimulatorError, getBankIdSimulator } from "~/server/integrations/bankid/index.server";
import { withValues } from "~/lib/messages";
import { formError, parseForm, readPageForm } from "~/server/web/forms.server";
import { ErrorSummary, replyForm } from "~/ui/error-summary";
import { pageTitle } from "~/ui/page-title";
import { lastResultOf } from "~/ui/use-page-form";

export const handle = { hideHeader: false };

/** The "test BankID app": exists only while BANKID=simulator (the default). */
function simulatorOr404() {
  if (getEnv().BANKID !== "simulator") throw new Response("Not found", { status: 404 });
  return getBankIdSimulator();
}

export async function loader({ request }: LoaderFunctionArgs) {
  const simulator = simulatorOr404();
  const t = await getT(request);
  const done = new URL(request.url).searchParams.get("done");
  return json(
    {
      title: t("devBankid.title"),
      done: PHONE_ACTIONS.find((a) => a === done) ?? null,
      people: simulator.testPeople(),
      orders: simulator.listPendingOrders().map((o) => ({
        orderRef: o.orderRef,
        kind: o.kind,
        status: o.status,
        hintCode: o.hintCode ?? null,
        started: o.started,
        person: o.person ? `${o.person.givenName} ${o.person.surname}` : null,
        userVisibleData: o.userVisibleData ?? null,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("scan"),
    orderRef: z.string().uuid(),
    personalNumber: z.string().regex(/^\d{12}$/),
  }),
  z.object({
    intent: z.literal("autostart"),
    orderRef: z.string().uuid(),
    personalNumber: z.string().regex(/^\d{12}$/),
  }),
  z.object({
    intent: z.literal("code"),
    code: z.string().trim().min(1).max(2000),
    personalNumber: z.string().regex(/^\d{12}$/),
  }),
  z.object({ intent: z.literal("approve"), orderRef: z.string().uuid() }),
  z.object({ intent: z.literal("decline"), orderRef: z.string().uuid() }),
  z.object({
    intent: z.literal("fail"),
    orderRef: z.string().uuid(),
    hintCode: z.enum(["startFailed", "expiredTransaction", "certificateErr"]),
  }),
]);

export async function action({ request }: ActionFunctionArgs) {
  const simulator = simulatorOr404();
  const submission = parseForm(await readPageForm(request), ActionSchema);
  if (submission.status !== "success") return formError(submission, { formErrors: ["devBankid.invalid"] });
  const input = submission.value;
  let opened: string | null;
  try {
    opened = playPhone(simulator, input);
  } catch (error) {
    if (!(error instanceof BankIdSimulatorError)) throw error;
    return formError(submission, { formErrors: [withValues("devBankid.refused", { code: error.code })] });
  }
  // What the phone did is said on its own page, from the address: a toast would go through the session the
  // portal's pages share in this browser, and the page polling the order could show it instead.
  // The order just opened is named too, so whoever plays the phone answers that order and no other of the person's.
  const order = opened ? `&order=${encodeURIComponent(opened)}` : "";
  return redirect(`/dev/bankid?done=${input.intent}${order}`, 303);
}

const PHONE_ACTIONS = ["scan", "autostart", "code", "approve", "decline", "fail"] as const;

/** What the phone does with the order (the simulator plays BankID's app); the order it opened, if it opened one. */
function playPhone(
  simulator: ReturnType<typeof getBankIdSimulator>,
  input: z.output<typeof ActionSchema>,
): string | null {
  switch (input.intent) {
    case "scan": {
      const order = simulator.order(input.orderRef);
      if (!order) throw new BankIdSimulatorError("unknownOrder", "unknown order");
      return simulator.openWithQrData(order.currentQrData, input.personalNumber).orderRef;
    }
    case "autostart": {
      const order = simulator.order(input.orderRef);
      if (!order) throw new BankIdSimulatorError("unknownOrder", "unknown order");
      return simulator.openWithAutoStartToken(order.autoStartToken, input.personalNumber).orderRef;
    }
    case "code": {
      const token = /autostarttoken=([^&\s]+)/i.exec(input.code)?.[1];
      return (
        token
          ? simulator.openWithAutoStartToken(decodeURIComponent(token), input.personalNumber)
          : simulator.openWithQrData(input.code, input.personalNumber)
      ).orderRef;
    }
    case "approve": {
      const order = simulator.order(input.orderRef);
      if (order?.hintCode === "started") simulator.chooseIdentity(input.orderRef);
      simulator.approve(input.orderRef);
      return null;
    }
    case "decline":
      simulator.decline(input.orderRef);
      return null;
    case "fail":
      simulator.fail(input.orderRef, input.hintCode);
      return null;
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function DevBankIdPage() {
  const { people, orders, done } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const personSelect = (id: string) => (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t("devBankid.person")}
      </label>
      <select id={id} name="personalNumber">
        {people.map((p) => (
          <option key={p.personalNumber} value={p.personalNumber}>
            {p.givenName} {p.surname} ({p.personalNumber})
          </option>
        ))}
      </select>
    </>
  );
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
        <section
          key={o.orderRef}
          className="dev-order"
          aria-label={t("devBankid.order", { ref: o.orderRef.slice(0, 8) })}
        >
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
                {personSelect(`scan-${o.orderRef}`)}
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
        <div className="field">{personSelect("code-person")}</div>
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
