import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { acceptChangeRequestAction, toTheTab } from "~/server/web/change-requests.server";

/**
 * POST /transfers/{id}/additionals/changeRequests/{requestId}/accept: the board accepts a change request (the
 * list's button posts here, with or without JavaScript) and is sent back to the tab with a toast.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  return toTheTab(request, params.id ?? "");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return acceptChangeRequestAction(request, params.id ?? "", params.requestId ?? "");
}
