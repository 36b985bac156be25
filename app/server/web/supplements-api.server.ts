import { notFound } from "../domain/core/errors.server";
import type { Actor } from "../domain/core/context.server";
import { listSupplements } from "../domain/supplements/views.server";
import { readJsonBody } from "../platform/body.server";
import { viewContext } from "./transfer-api.server";

/**
 * What the supplement calls of spec 02 §7 share (app/routes/api.core.transfers.$id.additionalinformationrequests*,
 * docs/supplements-api.md): one request of a transfer in the caller's scope (another transfer's request, or one
 * outside the scope, is the same 404 as a missing one), and a JSON body read as an object.
 */

export async function supplementOf(actor: Actor, transferId: string, requestId: string) {
  const supplements = await listSupplements(viewContext(actor), transferId);
  const supplement = supplements?.find((s) => s.id === requestId);
  if (!supplement) throw notFound();
  return supplement;
}

/** A JSON object body ({} for anything else, so that the use case's schema names what is missing). */
export async function jsonObject(request: Request): Promise<Record<string, unknown>> {
  const body = await readJsonBody(request);
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}
