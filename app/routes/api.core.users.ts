import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ContactDetailsSchema } from "~/schemas/user";
import { apiError, apiValidationError, methodNotAllowed } from "~/server/web/api.server";
import { userJson } from "~/server/auth/api-user.server";
import { readJsonBody } from "~/server/platform/body.server";
import { fieldErrors } from "~/server/web/api.server";
import { getOptionalUser } from "~/server/auth/user.server";
import { getDb } from "~/server/db/db.server";
import { getUserById, updateContactDetails } from "~/server/domain/users.server";
import { getT } from "~/server/platform/i18n.server";

/** GET api/core/users: the signed-in user. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return apiError(401);
  return json(userJson(user), { headers: { "Cache-Control": "no-store" } });
}

/** PUT api/core/users: first name, last name and e-mail (spec 01 §5). */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("GET, PUT");
  const user = await getOptionalUser(request);
  if (!user) return apiError(401);
  if (user.status !== "Active") return apiError(403);
  const parsed = ContactDetailsSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return apiValidationError(fieldErrors(parsed.error.issues, await getT(request)));
  await updateContactDetails(getDb(), user.id, parsed.data);
  const updated = await getUserById(getDb(), user.id);
  return json(updated ? userJson(updated) : null);
}
