import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { reviewPage, transferHome } from "~/server/web/review-page.server";
import { pageTitle } from "~/ui/page-title";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * /transfers/{id} by role (spec 02 §2.1, §2.3): property managers and board members to its overview; a private
 * party's own private transfer to /transfers/private/{id}/overview; other roles to `Du saknar rättigheter`
 * (the guard). Missing or outside the user's scope: `Överlåtelsen hittades inte` (404).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return redirect(await transferHome(await reviewPage(request, "review"), params.id ?? ""));
}

export const meta: MetaFunction = ({ error }) => [{ title: pageTitle(thrownTitle(error)) }];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

/** Never rendered: the loader redirects or throws the not-found page. */
export default function Transfer() {
  return null;
}
