import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import { getEnv } from "./env.server";

export interface SessionData {
  userId: string;
  /** The BankID sign-in in progress (login_orders.id). */
  loginOrderId: string;
  /** remix-auth's record of the strategy that signed the user in. */
  strategy: string;
  tenantId: string;
  /** What the registration form held when the user went to read the terms (JSON). */
  registerDraft: string;
  /** Set by the terms text's Godkänn; the only way to accept the terms. */
  termsAcceptedAt: string;
  /** Path to return to from /unavailable. */
  unavailableReturnTo: string;
}

function build() {
  const env = getEnv();
  return {
    sessionStorage: createCookieSessionStorage<SessionData>({
      cookie: {
        name: "__session",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: env.secureCookies,
        secrets: env.sessionSecrets,
        maxAge: 60 * 60 * 24 * 30,
      },
    }),
    consentCookie: createCookie("hideCookieConsentTooltip", {
      httpOnly: false,
      sameSite: "lax",
      path: "/",
      secure: env.secureCookies,
      maxAge: 60 * 60 * 24 * 365,
    }),
  };
}

let storages: ReturnType<typeof build> | undefined;
function storage() {
  storages ??= build();
  return storages;
}

export function getSessionStorage() {
  return storage().sessionStorage;
}

export function getSession(request: Request) {
  return storage().sessionStorage.getSession(request.headers.get("Cookie"));
}

export function commitSession(
  ...args: Parameters<ReturnType<typeof build>["sessionStorage"]["commitSession"]>
) {
  return storage().sessionStorage.commitSession(...args);
}

export function destroySession(
  ...args: Parameters<ReturnType<typeof build>["sessionStorage"]["destroySession"]>
) {
  return storage().sessionStorage.destroySession(...args);
}

/** Consent is also readable by the browser so that the island can mirror it to local storage. */
export async function hasCookieConsent(request: Request): Promise<boolean> {
  const value = await storage().consentCookie.parse(request.headers.get("Cookie"));
  return value === true || value === "true";
}

export function serializeCookieConsent(): Promise<string> {
  return storage().consentCookie.serialize(true);
}
