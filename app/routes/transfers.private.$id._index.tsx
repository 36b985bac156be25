import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { reviewPage, transferHome } from "~/server/web/review-page.server";
import { pageTitle } from "~/ui/page-title";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/** /transfers/private/{id} opens its overview (spec 02 §2.2); another's or a missing transfer is not found. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return redirect(await transferHome(await reviewPage(request, "private"), params.id ?? ""));
}

export const meta: MetaFunction = ({ error }) => [{ title: pageTitle(thrownTitle(error)) }];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" backTo="/transfers/private" />;
}

/** Never rendered: the loader redirects or throws the not-found page. */
export default function PrivateTransfer() {
  return null;
}
