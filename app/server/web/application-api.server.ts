import { apiError } from "./api.server";
import { runApi } from "./transfer-api.server";
import type { Actor } from "../domain/core/context.server";
import { isManagerUnavailable } from "../domain/application/manager.server";
import { svT } from "../platform/i18n.server";

/**
 * The wizard's JSON calls (docs/application-api.md): the transfer API's answers (401, 403, 404 out of scope, 400
 * with Swedish field errors, 409 for a stale version), and a 503 with a Swedish text when the manager's system,
 * whose rules the application is checked by, does not answer.
 */
export async function runApplicationApi(
  request: Request,
  body: (actor: Actor) => Promise<unknown>,
): Promise<Response> {
  try {
    return await runApi(request, body);
  } catch (error) {
    if (isManagerUnavailable(error)) return apiError(503, svT()("transfer:application.managerUnavailable"));
    throw error;
  }
}

/** The body's `version`, when it sent one (a stale one makes the call lose with 409). */
export function versionOf(body: unknown): unknown {
  return body && typeof body === "object" && "version" in body ? body.version : undefined;
}
