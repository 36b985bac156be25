import type { AppLoadContext } from "@remix-run/node";
import { getSession } from "../platform/session.server";

/** BankID wants the end user's IP address; behind a proxy (TRUST_PROXY=1) Express resolves it. */
export function endUserIp(context: AppLoadContext | undefined): string {
  const ip = context?.clientIp?.replace(/^::ffff:/, "");
  return ip && ip !== "::1" ? ip : "127.0.0.1";
}

export async function loginOrderIdOf(request: Request): Promise<string | undefined> {
  return (await getSession(request)).get("loginOrderId");
}
