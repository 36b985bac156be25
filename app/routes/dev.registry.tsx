import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { addDays, todayInStockholm } from "~/lib/dates";
import { formatDateTime } from "~/lib/format";
import { EndSeatSchema } from "~/schemas/dev";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { getCompanyRegistrySimulator } from "~/server/integrations/company-registry/index.server";
import { REFRESH_BOARDS } from "~/server/jobs/handlers/maintenance.server";
import { runPeriodicNow } from "~/server/jobs/schedule.server";
import { jobsOf } from "~/server/jobs/admin.server";
import { getEnv } from "~/server/platform/env.server";
import { getT } from "~/server/platform/i18n.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { formError, handleIntent, parseForm, readPageForm } from "~/server/web/forms.server";
import { ErrorSummary, replyForm } from "~/ui/error-summary";
import { pageTitle } from "~/ui/page-title";
import { lastResultOf } from "~/ui/use-page-form";

/**
 * The company registry simulator's control page, like the test BankID app: exists only while
 * COMPANY_REGISTRY=simulator (the default). It ends a board seat in the registry and runs the daily board refresh
 * now, so that a demo (and the browser test) can watch a member who left the board lose access. Only for a
 * signed-in person.
 */
async function simulatorFor(request: Request) {
  if (getEnv().COMPANY_REGISTRY !== "simulator") throw new Response("Not found", { status: 404 });
  // It changes who sits on which board: only for someone signed in to the demo.
  await requireUser(request);
  return getCompanyRegistrySimulator();
}

export async function loader({ request }: LoaderFunctionArgs) {
  const registry = await simulatorFor(request);
  const t = await getT(request);
  const [last] = await jobsOf(getDb(), { type: REFRESH_BOARDS, limit: 1 });
  const result = last?.result ? (JSON.parse(last.result) as { joined?: number; left?: number }) : null;
  return json(
    {
      title: t("devRegistry.title"),
      seats: registry.currentSeats(),
      lastRun: last
        ? {
            state: last.state,
            at: last.finished_at ?? last.created_at,
            joined: result?.joined,
            left: result?.left,
          }
        : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const registry = await simulatorFor(request);
  const form = await readPageForm(request);
  return handleIntent(form, {
    end: async () => {
      const submission = parseForm(form, EndSeatSchema);
      if (submission.status !== "success") return formError(submission);
      const [personalNumber, organisationNumber] = submission.value.seat.split(":") as [string, string];
      try {
        // Yesterday was the last day on the board: today the registry no longer lists the seat.
        registry.endEngagement(personalNumber, organisationNumber, addDays(todayInStockholm(), -1));
      } catch {
        return formError(submission, { formErrors: ["devRegistry.noSuchSeat"] });
      }
      return redirectWithToast("/dev/registry", { key: "devRegistry.ended", type: "info" }, { request });
    },
    restore: async () => {
      registry.reset();
      return redirectWithToast("/dev/registry", { key: "devRegistry.restored", type: "info" }, { request });
    },
    refresh: async () => {
      await runPeriodicNow(getDb(), REFRESH_BOARDS);
      return redirectWithToast(
        "/dev/registry",
        { key: "devRegistry.refreshQueued", type: "info" },
        { request },
      );
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function DevRegistryPage() {
  const { seats, lastRun } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="page">
      <ErrorSummary form={replyForm("dev-registry", lastResultOf(actionData))} />
      <h1>{t("devRegistry.title")}</h1>
      <p className="lead">{t("devRegistry.lead")}</p>
      <p role="status" id="last-run">
        {lastRun
          ? lastRun.state === "done"
            ? t("devRegistry.lastRunDone", {
                at: formatDateTime(lastRun.at),
                left: lastRun.left ?? 0,
                joined: lastRun.joined ?? 0,
              })
            : t("devRegistry.lastRunState", { state: lastRun.state })
          : t("devRegistry.noRun")}
      </p>
      <Form method="post" className="button-row">
        <button type="submit" name="intent" value="refresh" className="button">
          {t("devRegistry.refresh")}
        </button>
        <button type="submit" name="intent" value="restore" className="button button--secondary">
          {t("devRegistry.restore")}
        </button>
      </Form>
      <h2>{t("devRegistry.seats")}</h2>
      <table className="dev-table">
        <thead>
          <tr>
            <th scope="col">{t("devRegistry.association")}</th>
            <th scope="col">{t("devRegistry.person")}</th>
            <th scope="col">{t("devRegistry.role")}</th>
            <th scope="col">
              <span className="visually-hidden">{t("devRegistry.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {seats.map((seat) => (
            <tr key={`${seat.personalNumber}:${seat.organisationNumber}`}>
              <td>{seat.associationName}</td>
              <td>{seat.name}</td>
              <td>{seat.role}</td>
              <td>
                <Form method="post">
                  <input
                    type="hidden"
                    name="seat"
                    value={`${seat.personalNumber}:${seat.organisationNumber}`}
                  />
                  <button
                    type="submit"
                    name="intent"
                    value="end"
                    className="button button--secondary"
                    aria-label={t("devRegistry.endFor", {
                      name: seat.name,
                      association: seat.associationName,
                    })}
                  >
                    {t("devRegistry.end")}
                  </button>
                </Form>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
