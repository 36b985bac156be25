import { getFormProps } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContactDetailsSchema } from "~/schemas/user";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { updateContactDetails } from "~/server/domain/users.server";
import { getT } from "~/server/platform/i18n.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { formError, parseForm, readPageForm } from "~/server/web/forms.server";
import { formatPersonnummer } from "~/lib/personnummer";
import { ErrorSummary } from "~/ui/error-summary";
import { TextField } from "~/ui/forms";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";
import { pageTitle } from "~/ui/page-title";
import { getLog } from "~/server/platform/log.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request);
  return json({
    title: t("account.title"),
    user: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email ?? "",
      personalNumber: formatPersonnummer(user.personalNumber),
      organisation: user.tenantType === "individuals" ? null : user.tenantDisplayName,
    },
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseForm(await readPageForm(request), ContactDetailsSchema);
  if (submission.status !== "success") return formError(submission);
  try {
    await updateContactDetails(getDb(), user.id, submission.value);
  } catch (error) {
    getLog().error({ err: error }, "the account could not be saved");
    return formError(submission, { formErrors: ["toast.accountUpdateFailed"], status: 503 });
  }
  return redirectWithToast("/account", { key: "toast.accountUpdated" }, { request });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function AccountPage() {
  const { user } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = usePageForm(ContactDetailsSchema, {
    id: "account",
    lastResult: lastResultOf(actionData),
    defaultValue: { firstName: user.firstName, lastName: user.lastName, email: user.email },
  });
  return (
    <div className="page page--narrow">
      <ErrorSummary form={form} order={["firstName", "lastName", "email"]} />
      <h1>{t("account.title")}</h1>
      <dl className="summary-list">
        <div>
          <dt>{t("account.personalNumber")}</dt>
          <dd>{user.personalNumber}</dd>
        </div>
        {user.organisation ? (
          <div>
            <dt>{t("account.organisation")}</dt>
            <dd>{user.organisation}</dd>
          </div>
        ) : null}
      </dl>
      <Form method="post" {...getFormProps(form)}>
        <h2>{t("account.formTitle")}</h2>
        <TextField field={fields.firstName} label={t("account.firstName")} autoComplete="given-name" />
        <TextField field={fields.lastName} label={t("account.lastName")} autoComplete="family-name" />
        <TextField field={fields.email} type="email" label={t("account.email")} autoComplete="email" />
        <button type="submit" className="button">
          {t("account.save")}
        </button>
      </Form>
    </div>
  );
}
