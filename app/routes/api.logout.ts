import { methodNotAllowed } from "~/server/web/api.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { logOutByLink } from "~/server/auth/logout.server";

/** GET api/logout (spec 01 §7): a browser navigation that ends the session and shows the login page. */
export async function loader({ request }: LoaderFunctionArgs) {
  return logOutByLink(request);
}

export const action = () => methodNotAllowed("GET");
