import type { LoaderFunctionArgs } from "@remix-run/node";
import QRCode from "qrcode";
import { ownSignSession, stateOf } from "~/server/domain/decision/sessions.server";
import { isDomainError } from "~/server/domain/core/errors.server";
import { reviewPage } from "~/server/web/review-page.server";
import { contextForActor } from "~/server/web/transfer-api.server";

/**
 * The current frame of the signing's animated QR code (SVG), computed on the server from the stored secret; it
 * never collects (the page and its poll do), so the dialog reloads it every second. Nothing to show: 204.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, viewer } = await reviewPage(request, "review");
  const signId = new URL(request.url).searchParams.get("signId") ?? "";
  const noStore = { "Cache-Control": "no-store" };
  let data: string | null = null;
  try {
    const ctx = contextForActor({ viewer, firstName: user.firstName, lastName: user.lastName });
    data = stateOf(await ownSignSession(ctx, signId), new Date()).qrCodeData;
  } catch (error) {
    if (!isDomainError(error)) throw error;
  }
  if (!data) return new Response(null, { status: 204, headers: noStore });
  const svg = await QRCode.toString(data, { type: "svg", errorCorrectionLevel: "L", margin: 2 });
  return new Response(svg, { headers: { ...noStore, "Content-Type": "image/svg+xml", "X-QR-Data": data } });
}
