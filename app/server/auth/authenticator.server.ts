import { Authenticator, Strategy, type AuthenticateOptions } from "remix-auth";
import { redirect, type SessionStorage } from "@remix-run/node";
import { getDb } from "../db/db.server";
import { consumeCompletedLogin } from "../domain/login.server";
import { getTenantOrDefault } from "../domain/tenants.server";
import { createPendingUser, findUserIdByPersonalNumber } from "../domain/users.server";
import { getSessionStorage, rotateSession } from "../platform/session.server";

interface CompletedBankIdLogin {
  personalNumber: string;
  givenName: string;
  surname: string;
  tenantId: string;
}

/**
 * remix-auth 3 strategy: takes the completed BankID order named by the session (exactly once) and hands the
 * person to the verify callback, which answers the user id to keep in the session.
 */
export class BankIdStrategy extends Strategy<string, CompletedBankIdLogin> {
  name = "bankid";

  async authenticate(
    request: Request,
    sessionStorage: SessionStorage,
    options: AuthenticateOptions,
  ): Promise<string> {
    const session = await sessionStorage.getSession(request.headers.get("Cookie"));
    const orderId = session.get("loginOrderId");
    const completed = typeof orderId === "string" ? await consumeCompletedLogin(getDb(), orderId) : null;
    if (!completed) return this.failure("No completed BankID order", request, sessionStorage, options);
    const userId = await this.verify(completed);
    return this.success(userId, request, sessionStorage, options);
  }

  /** As remix-auth's, but the signed-in session gets a new id (no session fixation). */
  protected override async success(
    userId: string,
    request: Request,
    sessionStorage: SessionStorage,
    options: AuthenticateOptions,
  ): Promise<string> {
    if (!options.successRedirect) return userId;
    const session = await rotateSession(await getSessionStorage().getSession(request.headers.get("Cookie")));
    session.set("userId", userId);
    session.set("strategy", this.name);
    throw redirect(options.successRedirect, {
      headers: { "Set-Cookie": await sessionStorage.commitSession(session as never) },
    });
  }
}

let authenticator: Authenticator<string> | undefined;

/** Sessions keep only the user id (remix-auth 3 with its session API; see docs/decisions/006-sign-in.md). */
export function getAuthenticator(): Authenticator<string> {
  if (authenticator) return authenticator;
  authenticator = new Authenticator<string>(getSessionStorage() as unknown as SessionStorage, {
    sessionKey: "userId",
    sessionStrategyKey: "strategy",
  });
  authenticator.use(
    new BankIdStrategy(async ({ personalNumber, givenName, surname, tenantId }) => {
      const db = getDb();
      const existing = await findUserIdByPersonalNumber(db, personalNumber);
      if (existing) return existing;
      const tenant = await getTenantOrDefault(db, tenantId);
      return createPendingUser(db, {
        tenantId: tenant.id,
        tenantType: tenant.type,
        personalNumber,
        givenName,
        surname,
      });
    }),
  );
  return authenticator;
}
