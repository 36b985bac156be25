import type { LoaderFunctionArgs } from "@remix-run/node";
import QRCode from "qrcode";
import { ownSignSession, stateOf } from "~/server/domain/decision/sessions.server";
import { catchRefusal } from "~/server/web/refusal.server";
import { reviewPage } from "~/server/web/review-page.server";

/**
 * The current frame of the signing's animated QR code (SVG), computed on the server from the stored secret; it
 * never collects (the page and its poll do), so the dialog reloads it every second. Nothing to show: 204.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const page = await reviewPage(request, "review");
  const signId = new URL(request.url).searchParams.get("signId") ?? "";
  const noStore = { "Cache-Control": "no-store" };
  // Not this user's signing, or none: nothing to show.
  const data = await catchRefusal(
    async () => stateOf(await ownSignSession(page.context, signId), new Date()).qrCodeData,
    { otherwise: () => null },
  );
  if (!data) return new Response(null, { status: 204, headers: noStore });
  const svg = await QRCode.toString(data, { type: "svg", errorCorrectionLevel: "L", margin: 2 });
  return new Response(svg, { headers: { ...noStore, "Content-Type": "image/svg+xml", "X-QR-Data": data } });
}
