import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { additionalsTabAction, additionalsTabLoader } from "~/server/web/supplements.server";
import { pageTitle } from "~/ui/page-title";
import { SupplementsTab } from "~/ui/review/supplements/SupplementsTab";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * /transfers/private/{id}/additionals (spec 02 §2.2, 03 §2.3; decision 025): the private party answers the
 * supplements requested on their own private transfer. The server half is web/supplements.server.ts, the page
 * ui/review/supplements/SupplementsTab.tsx; its `extraSections` slot stays empty here, since the private party has no agreement
 * change requests.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  return additionalsTabLoader(request, params.id ?? "", "private");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return additionalsTabAction(request, params.id ?? "", "private");
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data?.review ? `${data.review.objectDescription} – ${data.title}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" backTo="/transfers/private" />;
}

export default function PrivateTransferAdditionals() {
  const data = useLoaderData<typeof loader>();
  return <SupplementsTab data={data} extraSections={null} />;
}
