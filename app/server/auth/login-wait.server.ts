import { onMobileDevice } from "../domain/bankid-orders.server";
import { pollLogin, type LoginState } from "../domain/login.server";
import { safeRedirect } from "../platform/http.server";
import { getAuthenticator } from "./authenticator.server";
import { loginOrderIdOf } from "./login-flow.server";
import { requestContext } from "../context/request.server";

export type WaitResult =
  { kind: "none" } | { kind: "done"; response: Response } | { kind: "waiting"; state: LoginState };

export type LoginStep = { kind: "none" } | { kind: "collected"; state: LoginState };

/**
 * The collecting part of a step: the browser's order, collected once (pollLogin: at most once a second). The
 * status frame of the page without JavaScript (decision 032) takes only this step: a completed order is left for
 * the page itself (waitForLogin) to turn into the session, at the top of the window.
 */
export async function collectLoginStep(request: Request): Promise<LoginStep> {
  const orderId = await loginOrderIdOf(request);
  if (!orderId) return { kind: "none" };
  const mobile = onMobileDevice(request.headers.get("User-Agent"));
  const state = await pollLogin(requestContext("system"), orderId, { mobile });
  if (!state) return { kind: "none" };
  return { kind: "collected", state };
}

/**
 * One step of the waiting page (and of its JavaScript poll): collect the order; when complete, let remix-auth
 * create the session, answered as a redirect to where the user was going.
 */
export async function waitForLogin(request: Request): Promise<WaitResult> {
  const step = await collectLoginStep(request);
  if (step.kind === "none") return step;
  const { state } = step;
  if (state.status === "complete") {
    try {
      await getAuthenticator().authenticate("bankid", request, {
        successRedirect: safeRedirect(state.returnTo, "/"),
        failureRedirect: "/login?error=2",
      });
    } catch (response) {
      if (response instanceof Response) return { kind: "done", response };
      throw response;
    }
  }
  if (state.status === "consumed") {
    return {
      kind: "done",
      response: new Response(null, { status: 302, headers: { Location: "/login?error=2" } }),
    };
  }
  return { kind: "waiting", state };
}
