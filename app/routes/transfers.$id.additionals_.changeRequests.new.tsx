import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { newChangeRequestAction, newChangeRequestLoader } from "~/server/web/change-requests.server";
import { pageTitle } from "~/ui/page-title";
import { NewChangeRequestPage } from "~/ui/review/change-requests/NewChangeRequestPage";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * /transfers/{id}/additionals/changeRequests/new: `Ny ändringsbegäran` (spec 02 §2.7, decision 026), a page of
 * its own beside the Kompletteringar tab; the server half is web/change-requests.server.ts.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  return newChangeRequestLoader(request, params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return newChangeRequestAction(request, params.id ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data ? `${data.title} – ${data.review.objectDescription}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function NewChangeRequest() {
  return <NewChangeRequestPage data={useLoaderData<typeof loader>()} />;
}
