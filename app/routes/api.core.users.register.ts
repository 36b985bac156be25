import { svT } from "~/server/platform/i18n.server";
import { json, type ActionFunctionArgs } from "@remix-run/node";
import { RegisterSchema } from "~/schemas/user";
import { apiError, apiValidationError, methodNotAllowed } from "~/server/web/api.server";
import { userJson } from "~/server/auth/api-user.server";
import { readJsonBody } from "~/server/platform/body.server";
import { fieldErrors } from "~/server/web/api.server";
import { getOptionalUser } from "~/server/auth/user.server";
import { getDb } from "~/server/db/db.server";
import { provisionUser } from "~/server/domain/provisioning.server";
import { getUserById, registerUser } from "~/server/domain/users.server";
import { getT } from "~/server/platform/i18n.server";
import { requestContext } from "~/server/context/request.server";

/** POST api/core/users/register: firstName, lastName, email, agreedUponTerms, for a Pending user. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await getOptionalUser(request);
  if (!user) return apiError(401);
  if (user.status !== "Pending" || user.registered)
    return apiError(409, svT()("common:errors.alreadyRegistered"));
  const parsed = RegisterSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return apiValidationError(fieldErrors(parsed.error.issues, await getT(request)));
  const db = getDb();
  if (!(await registerUser(db, user.id, parsed.data)))
    return apiError(409, svT()("common:errors.alreadyRegistered"));
  await provisionUser(requestContext("system"), user.id);
  const updated = await getUserById(db, user.id);
  return json(updated ? userJson(updated) : null);
}

export const loader = () => methodNotAllowed("POST");
