import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { waitForLogin } from "~/server/auth/login-wait.server";
import { getSetCookies } from "~/server/platform/http.server";
import { getT } from "~/server/platform/i18n.server";

/** The waiting page's JavaScript poll: the same step as a page load, answered as JSON. */
export async function loader({ request }: LoaderFunctionArgs) {
  const result = await waitForLogin(request);
  const noStore = { "Cache-Control": "no-store" };
  if (result.kind === "none")
    return json({ status: "none" as const, location: "/login/bankid" }, { headers: noStore });
  if (result.kind === "done") {
    const headers = new Headers(noStore);
    for (const cookie of getSetCookies(result.response.headers)) headers.append("Set-Cookie", cookie);
    return json(
      { status: "complete" as const, location: result.response.headers.get("Location") ?? "/" },
      { headers },
    );
  }
  const t = await getT(request, "bankid");
  const { state } = result;
  return json(
    { status: state.status, message: state.rfa ? t(state.rfa) : null, hasQr: state.qrData !== null },
    { headers: noStore },
  );
}
