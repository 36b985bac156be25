import type { LoaderFunctionArgs } from "@remix-run/node";
import { creditCheckOrderBody, getCreditCheckResult } from "~/server/domain/credit-checks/result.server";
import { DomainError } from "~/server/domain/core/errors.server";
import { runApi, viewContext } from "~/server/web/transfer-api.server";

/**
 * GET api/core/reviews/{id}/creditchecks/{orderId}/result (spec 02 §7): the order with its status and, on Success,
 * the report. A board member of the transfer only; another transfer's order, or one out of scope, is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  return runApi(request, async (actor) => {
    const result = await getCreditCheckResult(
      viewContext(actor),
      params.transferId ?? "",
      params.orderId ?? "",
    );
    if (!result) throw new DomainError("NotFound", "creditCheck.notFound");
    return creditCheckOrderBody(result);
  });
}
