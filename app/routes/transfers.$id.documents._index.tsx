import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { documentsTabAction, documentsTabLoader } from "~/server/web/documents-tab.server";
import { pageTitle } from "~/ui/page-title";
import { DocumentsTab } from "~/ui/review/documents/DocumentsTab";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * /transfers/{id}/documents, the Dokument tab of property managers and board members (spec 02 §2.5);
 * the server half is documents-tab.server.ts, the page ui/review/documents/DocumentsTab.tsx (shared with the
 * private party's).
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  return documentsTabLoader(request, params.id ?? "", "review");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return documentsTabAction(request, params.id ?? "", "review");
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data?.review ? `${data.review.objectDescription} – ${data.title}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function TransferDocuments() {
  return <DocumentsTab data={useLoaderData<typeof loader>()} />;
}
