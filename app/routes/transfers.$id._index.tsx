import { redirect, type LoaderFunctionArgs } from "@remix-run/node";

/** /transfers/{id} opens the overview (spec 02 §2.1, §2.3). */
export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(`/transfers/${encodeURIComponent(params.id ?? "")}/overview`);
}
