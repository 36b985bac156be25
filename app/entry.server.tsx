import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { getEnv } from "./server/platform/env.server";
import { sharedInstance } from "./server/platform/i18n.server";
import {
  cameOverHttps,
  contentSecurityPolicy,
  createNonce,
  securityHeaders,
} from "./server/platform/security.server";
import { CoalescingPassThrough } from "./server/platform/coalescing-stream.server";
import { NonceProvider } from "./ui/nonce";
import { isFramePath } from "./lib/shell";
import { getLog } from "./server/platform/log.server";
import { recordActiveFailure } from "./server/platform/tracing.server";

const ABORT_DELAY = 5_000;

export const streamTimeout = ABORT_DELAY;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
): Promise<Response> {
  const nonce = createNonce();
  // One instance for every render: one language, and rendering only reads texts (decision 011).
  const i18n = sharedInstance();

  const env = getEnv();
  const sameOriginFrame = isFramePath(new URL(request.url).pathname);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    contentSecurityPolicy(nonce, { dev: env.NODE_ENV === "development", sameOriginFrame }),
  );
  const https = cameOverHttps(request, { trustProxy: env.trustProxy });
  for (const [name, value] of Object.entries(securityHeaders({ sameOriginFrame, https })))
    responseHeaders.set(name, value);
  // Pages carry personal data once signed in; a shared computer's back button or a proxy must not keep them.
  if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-store");

  const waitForAll = isbot(request.headers.get("user-agent") ?? "") || remixContext.isSpaMode;

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new CoalescingPassThrough();
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) getLog().error({ err: error }, "rendering the page failed");
        },
      },
    );
    setTimeout(abort, ABORT_DELAY + 1000);
  });
}

export function handleDataRequest(response: Response, { request }: { request: Request }) {
  const https = cameOverHttps(request, { trustProxy: getEnv().trustProxy });
  for (const [name, value] of Object.entries(securityHeaders({ https }))) response.headers.set(name, value);
  if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
  return response;
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  // A refused request (405 for a route without an action, 404 for no route) is the client's, not a fault of ours.
  if (isRouteErrorResponse(error) && error.status < 500) return;
  // Spec 01 §8: reported with the user id; the log line carries the request id, route and user of the request, and
  // the request's span (when traced) the exception and an error status (decision 046).
  getLog().error({ err: error, method: request.method }, "request failed");
  recordActiveFailure(error);
}
