import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { additionalsTabAction, additionalsTabLoader } from "~/server/web/supplements.server";
import { pageTitle } from "~/ui/page-title";
import { SupplementsTab } from "~/ui/review/supplements/SupplementsTab";
import { ChangeRequestsSection } from "~/ui/review/change-requests/ChangeRequestsSection";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * /transfers/{id}/additionals, the Kompletteringar tab of property managers and board members (spec 02 §2.1, §2.3,
 * §2.7; decisions 025 and 026): only with the action requestAdditionalInformation, otherwise a redirect to the
 * overview. The server half is web/supplements.server.ts, the page ui/review/supplements/SupplementsTab.tsx.
 *
 * Change requests (decision 026) join this tab by rendering their section in the `extraSections` slot below, fed by
 * `data.extra` (see extraSectionsOf in web/supplements.server.ts).
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  return additionalsTabLoader(request, params.id ?? "", "review");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return additionalsTabAction(request, params.id ?? "", "review");
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data?.review ? `${data.review.objectDescription} – ${data.title}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function TransferAdditionals() {
  const data = useLoaderData<typeof loader>();
  return (
    <SupplementsTab
      data={data}
      extraSections={
        data.extra.changeRequests ? <ChangeRequestsSection data={data.extra.changeRequests} /> : null
      }
    />
  );
}
