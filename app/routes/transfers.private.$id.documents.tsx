import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { documentsTabAction, documentsTabLoader } from "~/server/web/documents-tab.server";
import { pageTitle } from "~/ui/page-title";
import { DocumentsTab } from "~/ui/review/documents/DocumentsTab";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * /transfers/private/{id}/documents (spec 02 §2.2, §2.5): the private party's Dokument tab on their own private
 * transfer: the list with the retention notice, the upload (with and without JavaScript) and the removal of their
 * own uploads where the policy allows. The same tab as the review side's, through the private party's scope.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  return documentsTabLoader(request, params.id ?? "", "private");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return documentsTabAction(request, params.id ?? "", "private");
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data?.review ? `${data.review.objectDescription} – ${data.title}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" backTo="/transfers/private" />;
}

export default function PrivateTransferDocuments() {
  return <DocumentsTab data={useLoaderData<typeof loader>()} />;
}
