import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getLive } from "~/server/live/live.server";

// The live channel's transports on /api/ws?id=<connection token> (docs/decisions/009): GET opens a
// Server-Sent Events stream or a long poll, POST sends records, DELETE ends a long-polling connection.

export function loader({ request }: LoaderFunctionArgs) {
  return getLive().hub.handleConnection(request);
}

export function action({ request }: ActionFunctionArgs) {
  return getLive().hub.handleConnection(request);
}
