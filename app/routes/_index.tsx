import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { homeOf, requireUser } from "~/server/auth/guards.server";

/** The start page is for signed-in users: it sends each one on to where their work is. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return redirect(homeOf(user));
}
