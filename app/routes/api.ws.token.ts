import { methodNotAllowed } from "~/server/web/api.server";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { getOptionalUser } from "~/server/auth/user.server";
import { mintAccessToken } from "~/server/live/tokens.server";
import { getSession } from "~/server/platform/session.server";

const noStore = { "Cache-Control": "no-store" };

/** GET api/ws/token: a fresh access token of the live channel for the signed-in user (accessTokenFactory). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return json({ error: "Unauthorized" }, { status: 401, headers: noStore });
  if (user.status !== "Active") return json({ error: "Forbidden" }, { status: 403, headers: noStore });
  const session = await getSession(request);
  return json({ accessToken: mintAccessToken(user, Date.now(), session.id) }, { headers: noStore });
}

export const action = () => methodNotAllowed("GET");
