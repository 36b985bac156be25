import { getEnv } from "~/server/platform/env.server";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import type * as z from "zod";
import { getT } from "~/server/platform/i18n.server";
import { BankIdSimulatorError, getBankIdSimulator } from "~/server/integrations/bankid/index.server";
import { withValues } from "~/lib/messages";
import { formError, parseForm, readPageForm } from "~/server/web/forms.server";
import { DevBankIdPage } from "~/ui/dev/DevBankIdPage";
import { pageTitle } from "~/ui/page-title";
import { DevBankIdActionSchema } from "~/schemas/dev";
import { ordersOfThisBrowser, rememberOpened } from "~/server/web/dev-bankid.server";

export const handle = { hideHeader: false };

/**
 * The "test BankID app": exists only while BANKID=simulator (the default). Its page is ui/dev/DevBankIdPage.tsx. It
 * is played before sign-in, so it asks for no session; it shows and answers only the orders this browser started or
 * was given the code of (web/dev-bankid.server).
 */
function simulatorOr404() {
  if (getEnv().BANKID !== "simulator") throw new Response("Not found", { status: 404 });
  return getBankIdSimulator();
}

export async function loader({ request }: LoaderFunctionArgs) {
  const simulator = simulatorOr404();
  const t = await getT(request);
  const done = new URL(request.url).searchParams.get("done");
  const known = await ordersOfThisBrowser(request);
  return json(
    {
      title: t("devBankid.title"),
      done: PHONE_ACTIONS.find((a) => a === done) ?? null,
      people: simulator.testPeople(),
      orders: simulator
        .listPendingOrders()
        .filter((o) => known.has(o.orderRef))
        .map((o) => ({
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

export async function action({ request }: ActionFunctionArgs) {
  const simulator = simulatorOr404();
  const submission = parseForm(await readPageForm(request), DevBankIdActionSchema);
  if (submission.status !== "success") return formError(submission, { formErrors: ["devBankid.invalid"] });
  const input = submission.value;
  let opened: string | null;
  try {
    if (input.intent !== "code" && !(await ordersOfThisBrowser(request)).has(input.orderRef)) {
      throw new BankIdSimulatorError("unknownOrder", "not an order of this browser");
    }
    opened = playPhone(simulator, input);
  } catch (error) {
    if (!(error instanceof BankIdSimulatorError)) throw error;
    return formError(submission, { formErrors: [withValues("devBankid.refused", { code: error.code })] });
  }
  // What the phone did is said on its own page, from the address: a toast would go through the session the
  // portal's pages share in this browser, and the page polling the order could show it instead.
  // The order just opened is named too, so whoever plays the phone answers that order and no other of the person's.
  const order = opened ? `&order=${encodeURIComponent(opened)}` : "";
  const headers = opened ? { "Set-Cookie": await rememberOpened(request, opened) } : undefined;
  return redirect(`/dev/bankid?done=${input.intent}${order}`, { status: 303, headers });
}

const PHONE_ACTIONS = ["scan", "autostart", "code", "approve", "decline", "fail"] as const;

/** What the phone does with the order (the simulator plays BankID's app); the order it opened, if it opened one. */
function playPhone(
  simulator: ReturnType<typeof getBankIdSimulator>,
  input: z.output<typeof DevBankIdActionSchema>,
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

export default function DevBankId() {
  return <DevBankIdPage data={useLoaderData<typeof loader>()} />;
}
