import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { rejectChangeRequestAction, rejectChangeRequestLoader } from "~/server/web/change-requests.server";
import { pageTitle } from "~/ui/page-title";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";
import { RejectChangeRequestPage } from "~/ui/review/change-requests/RejectChangeRequestPage";

/** /transfers/{id}/additionals/changeRequests/{requestId}/reject: `Avslå ändringsbegäran` with its reason. */

export async function loader({ request, params }: LoaderFunctionArgs) {
  return rejectChangeRequestLoader(request, params.id ?? "", params.requestId ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return rejectChangeRequestAction(request, params.id ?? "", params.requestId ?? "");
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data ? `${data.title} – ${data.review.objectDescription}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function RejectChangeRequest() {
  return <RejectChangeRequestPage data={useLoaderData<typeof loader>()} />;
}
