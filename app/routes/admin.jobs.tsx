import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import { JOB_STATES, RetryJobSchema } from "~/schemas/jobs";
import { requireOperator } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { jobsOf, retryJob } from "~/server/jobs/admin.server";
import { getT } from "~/server/platform/i18n.server";
import { formError, handleIntent, parseForm, readPageForm } from "~/server/web/forms.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { ErrorSummary, replyForm } from "~/ui/error-summary";
import { pageTitle } from "~/ui/page-title";
import { lastResultOf } from "~/ui/use-page-form";

/**
 * Background jobs for operators (decisions 013, 016): the latest jobs, filtered by state, with their attempts,
 * last error and result; a dead or failed job can be run again. Only OPERATORS may open it; anyone else gets 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireOperator(request);
  const t = await getT(request);
  const asked = new URL(request.url).searchParams.get("state");
  const state = JOB_STATES.find((s) => s === asked) ?? null;
  const jobs = await jobsOf(getDb(), { state: state ?? undefined, limit: 200 });
  return json(
    {
      title: t("adminJobs.title"),
      state,
      jobs: jobs.map((j) => ({
        id: j.id,
        type: j.type,
        state: j.state,
        attempts: j.attempts,
        maxAttempts: j.max_attempts,
        runAt: j.run_at,
        finishedAt: j.finished_at,
        transferId: j.transfer_id,
        lastError: j.last_error,
        result: j.result,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  await requireOperator(request);
  const form = await readPageForm(request);
  return handleIntent(form, {
    retry: async () => {
      const submission = parseForm(form, RetryJobSchema);
      if (submission.status !== "success") return formError(submission);
      if (!(await retryJob(getDb(), submission.value.id))) {
        return formError(submission, { formErrors: ["adminJobs.notRetryable"], status: 409 });
      }
      return redirectWithToast("/admin/jobs", { key: "adminJobs.retried" }, { request });
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function AdminJobsPage() {
  const { jobs, state } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  return (
    <div className="page page--wide">
      <ErrorSummary form={replyForm("admin-jobs", lastResultOf(actionData))} />
      <h1>{t("adminJobs.title")}</h1>
      <p className="lead">{t("adminJobs.lead")}</p>
      <Form method="get" className="inline-form">
        <label htmlFor="state" className="field__label">
          {t("adminJobs.state")}
        </label>
        <select id="state" name="state" defaultValue={state ?? ""}>
          <option value="">{t("adminJobs.allStates")}</option>
          {JOB_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`adminJobs.states.${s}`)}
            </option>
          ))}
        </select>
        <button type="submit" className="button button--secondary">
          {t("adminJobs.filter")}
        </button>
      </Form>
      {jobs.length === 0 ? (
        <p>{t("adminJobs.none")}</p>
      ) : (
        <table className="transfer-table">
          <thead>
            <tr>
              <th scope="col">{t("adminJobs.type")}</th>
              <th scope="col">{t("adminJobs.state")}</th>
              <th scope="col">{t("adminJobs.attempts")}</th>
              <th scope="col">{t("adminJobs.when")}</th>
              <th scope="col">{t("adminJobs.transfer")}</th>
              <th scope="col">{t("adminJobs.outcome")}</th>
              <th scope="col">
                <span className="visually-hidden">{t("adminJobs.actions")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id}>
                <td data-label={t("adminJobs.type")}>{job.type}</td>
                <td data-label={t("adminJobs.state")}>{t(`adminJobs.states.${job.state}`)}</td>
                <td data-label={t("adminJobs.attempts")}>
                  {job.attempts}/{job.maxAttempts}
                </td>
                <td data-label={t("adminJobs.when")}>{formatDateTime(job.finishedAt ?? job.runAt)}</td>
                <td data-label={t("adminJobs.transfer")}>{job.transferId ?? "-"}</td>
                <td data-label={t("adminJobs.outcome")} className="job-outcome">
                  {job.lastError ?? job.result ?? "-"}
                </td>
                <td>
                  {job.state === "dead" || job.state === "failed" ? (
                    <Form method="post">
                      <input type="hidden" name="id" value={job.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="retry"
                        className="button button--secondary"
                        aria-label={t("adminJobs.retryJob", { type: job.type })}
                      >
                        {t("adminJobs.retry")}
                      </button>
                    </Form>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
