import { methodNotAllowed } from "~/server/web/api.server";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { userJson } from "~/server/auth/api-user.server";
import { getOptionalUser } from "~/server/auth/user.server";

/** GET api/session: whether a session exists and whose it is. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  return json(
    { isSet: user !== null, user: user ? userJson(user) : null },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const action = () => methodNotAllowed("GET");
