import type { LoaderFunctionArgs } from "@remix-run/node";
import { validateForSubmission } from "~/server/domain/application/application.server";
import { methodNotAllowed } from "~/server/web/api.server";
import { runApplicationApi } from "~/server/web/application-api.server";
import { contextForActor } from "~/server/web/transfer-api.server";

/** GET api/core/transfers/{id}/application/validation: {isValid, errors[{category, property, message, text}]}. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApplicationApi(request, (actor) =>
    validateForSubmission(contextForActor(actor), params.id ?? ""),
  );
}

export const action = () => methodNotAllowed("GET");
