import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/server/auth/user.server";
import { redirectToLogin } from "~/server/api.server";

/** The start page is for signed-in users: it sends each one on to where their work is. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) throw redirectToLogin(request);
  return redirect("/transfers");
}
