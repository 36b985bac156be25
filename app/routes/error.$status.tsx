import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { getT } from "~/server/platform/i18n.server";
import { ErrorPage } from "~/ui/ErrorPage";
import { pageTitle } from "~/ui/page-title";

/** The page answers the status it explains, 403 and 503 too: no redirect to /unavailable. */
export const handle = { ownStatus: true };

/** /error/{status}: a page that explains an error; it answers with that status when it is an error status. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = Number(params.status);
  const status = Number.isInteger(parsed) && parsed >= 400 && parsed <= 599 ? parsed : 404;
  const t = await getT(request);
  const known = status === 404 || status === 403 || status === 500;
  return json(
    { status, title: known ? t(`errors.status${status}Title`) : t("errors.problemTitle") },
    { status },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function ErrorStatusPage() {
  const { status } = useLoaderData<typeof loader>();
  return <ErrorPage status={status} />;
}
