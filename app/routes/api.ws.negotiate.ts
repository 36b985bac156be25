import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getLive } from "~/server/live/live.server";

/** POST api/ws/negotiate?negotiateVersion=1: the SignalR negotiate of the live channel (docs/decisions/009). */
export function action({ request }: ActionFunctionArgs) {
  return getLive().hub.handleNegotiate(request);
}

/** Anything but POST: the hub's 405, rather than Remix's complaint about a missing loader. */
export function loader({ request }: LoaderFunctionArgs) {
  return getLive().hub.handleNegotiate(request);
}
