import { getDb } from "../db/db.server";
import type { Actor, UseCaseContext } from "../domain/core/context.server";
import { getLive } from "../live/live.server";
import { buildUseCaseContext } from "./use-case.server";

/**
 * The use cases' context of one request (decision 033): the signed-in user (or the system, for a signed link or a
 * sign-in), the product's database and live hub, and the configured ports.
 */
export function requestContext(actor: Actor | "system"): UseCaseContext {
  return buildUseCaseContext(getDb(), actor, { live: getLive().publisher });
}
