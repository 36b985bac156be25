import { readForm } from "~/server/body.server";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ContactDetailsSchema } from "~/schemas/user";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { updateContactDetails } from "~/server/domain/users.server";
import { getT } from "~/server/i18n.server";
import { createToastHeaders, redirectWithToast } from "~/server/toast.server";
import { formatPersonnummer } from "~/lib/personnummer";
import { ErrorSummary, TextField, summaryItems } from "~/ui/forms";
import { pageTitle } from "~/ui/page-title";

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
  const submission = parseWithZod(await readForm(request), { schema: ContactDetailsSchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, { status: 400 });
  try {
    await updateContactDetails(getDb(), user.id, submission.value);
  } catch (error) {
    console.error(error);
    return json(
      { result: submission.reply() },
      {
        status: 503,
        headers: await createToastHeaders(request, { key: "toast.accountUpdateFailed", type: "error" }),
      },
    );
  }
  return redirectWithToast("/account", { key: "toast.accountUpdated" }, { request });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function AccountPage() {
  const { user } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "account",
    lastResult: actionData?.result,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    defaultValue: { firstName: user.firstName, lastName: user.lastName, email: user.email },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactDetailsSchema }),
  });
  const errors = summaryItems(
    form.allErrors as Record<string, string[]>,
    (name) => fields[name as keyof typeof fields]?.id ?? form.id,
  );
  const field = (f: (typeof fields)["firstName"]) => ({
    id: f.id,
    name: f.name,
    error: f.errors?.[0],
    defaultValue: typeof f.initialValue === "string" ? f.initialValue : "",
  });
  return (
    <div className="page page--narrow">
      <ErrorSummary errors={errors} />
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
        <TextField {...field(fields.firstName)} label={t("account.firstName")} autoComplete="given-name" />
        <TextField {...field(fields.lastName)} label={t("account.lastName")} autoComplete="family-name" />
        <TextField {...field(fields.email)} type="email" label={t("account.email")} autoComplete="email" />
        <button type="submit" className="button">
          {t("account.save")}
        </button>
      </Form>
    </div>
  );
}
