import type { LoaderFunctionArgs } from "@remix-run/node";
import QRCode from "qrcode";
import { loginOrderIdOf } from "~/server/auth/login-flow.server";
import { getDb } from "~/server/db/db.server";
import { currentQrData, fromLoginOrder } from "~/server/domain/bankid-orders.server";
import { getLoginOrder } from "~/server/domain/login.server";

/**
 * The current frame of the animated BankID QR code as an SVG image, computed on the server from the order's
 * secret and the seconds since it started. It never collects (the page does that), so reloading it is cheap.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const order = await getLoginOrder(getDb(), await loginOrderIdOf(request));
  const data =
    order?.status === "pending" && order.device === "OtherDevice"
      ? currentQrData(fromLoginOrder(order), new Date())
      : null;
  if (!data) {
    // No QR to show (scanned, finished, or this device): an empty answer, not an error the browser reports.
    return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
  }
  const svg = await QRCode.toString(data, { type: "svg", errorCorrectionLevel: "L", margin: 2 });
  return new Response(svg, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "no-store", "X-QR-Data": data },
  });
}
