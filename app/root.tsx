import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import {
  Links,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { menuOf } from "./server/auth/guards.server";
import { getOptionalUser } from "./server/auth/user.server";
import { getDb } from "./server/db/db.server";
import { combineHeaders } from "./server/platform/http.server";
import { isBoardMember } from "./server/domain/board.server";
import { resolveTenant } from "./server/auth/request-tenant.server";
import { INDIVIDUALS_TENANT_ID, themeCss, toTheme } from "./server/domain/tenants.server";
import { hasCookieConsent } from "./server/platform/session.server";
import { getToasts } from "./server/web/toast.server";
import { getEnv } from "./server/platform/env.server";
import { CookieConsent } from "./ui/CookieConsent";
import { ErrorPage } from "./ui/ErrorPage";
import { Footer } from "./ui/Footer";
import { FormAwareMeta } from "./ui/FormAwareMeta";
import { Header } from "./ui/Header";
import { LiveStatus } from "./islands/LiveStatus";
import { MessageCounter } from "./islands/MessageCounter";
import { headerMessageCount } from "./server/domain/messages/worklist.server";
import { useNonce } from "./ui/nonce";
import { RouteAnnouncer } from "./ui/RouteAnnouncer";
import { Toasts } from "./ui/Toasts";
import { pageTitle } from "./ui/page-title";
import { isFramePath, isHeaderHiddenPath, isLogoOnlyHeaderPath, scrollKey } from "./lib/shell";
import { currentRequest } from "./server/platform/request-context.server";
import { useEffect } from "react";
import { markHydrated } from "./ui/request-id";
import appStyles from "./styles/app.css";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: appStyles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const db = getDb();
  const user = await getOptionalUser(request);
  const tenant = await resolveTenant(db, request, user?.tenantId);
  const theme = toTheme(tenant);
  // A status frame (decision 032) reloads every 2 s beside its page: it must not take that page's toasts.
  const { toasts, headers: toastHeaders } = isFramePath(new URL(request.url).pathname)
    ? { toasts: [], headers: null }
    : await getToasts(request);
  const env = getEnv();
  const messageCount = user ? await headerMessageCount(request, db, user) : null;
  return json(
    {
      messageCount,
      user: user && {
        id: user.id,
        tenantId: user.tenantId,
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        role: user.role,
        features: user.features,
        boardMember: isBoardMember(user),
        tenantDisplayName: user.tenantId === INDIVIDUALS_TENANT_ID ? null : user.tenantDisplayName,
        menu: menuOf(user),
      },
      theme,
      themeCss: themeCss(theme),
      toasts,
      cookieConsent: await hasCookieConsent(request),
      testEnvironment: env.testEnvironment,
      // Shown on an error page as its code, so that support finds the request's log lines (decision 045).
      requestId: currentRequest()?.requestId ?? null,
      settings: {
        showDevFeatures: env.showDevFeatures,
        monitoring: env.MONITORING_CONNECTION_STRING ?? null,
        pageRefreshSeconds: env.PAGE_REFRESH_SECONDS ?? null,
      },
    },
    { headers: combineHeaders(toastHeaders) },
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle() }];

export function useRootData() {
  return useRouteLoaderData<typeof loader>("root");
}

interface ShellHandle {
  hideHeader?: boolean;
  showFooter?: boolean;
}

function useShellHandles(): ShellHandle {
  const matches = useMatches();
  return matches.reduce<ShellHandle>(
    (acc, m) => ({ ...acc, ...((m.handle as ShellHandle | undefined) ?? {}) }),
    {},
  );
}

export function Document({
  children,
  themeStyle,
  scripts = true,
}: {
  children: React.ReactNode;
  themeStyle?: string;
  /** A status frame is only ever shown without JavaScript (decision 032): it carries no scripts. */
  scripts?: boolean;
}) {
  const nonce = useNonce();
  useEffect(markHydrated, []);
  return (
    <html lang="sv">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <FormAwareMeta />
        <Links />
        {themeStyle ? <style nonce={nonce} dangerouslySetInnerHTML={{ __html: themeStyle }} /> : null}
      </head>
      <body>
        {children}
        {scripts ? (
          <>
            <ScrollRestoration nonce={nonce} getKey={scrollKey} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  const { t } = useTranslation();
  const location = useLocation();
  const handles = useShellHandles();
  if (!data) return null;
  if (isFramePath(location.pathname)) {
    // A BankID status frame inside the waiting page: the page has the header, footer, skip link and toasts.
    return (
      <Document themeStyle={data.themeCss} scripts={false}>
        <div className="status-frame-body">
          <Outlet />
        </div>
      </Document>
    );
  }
  const showHeader = !handles.hideHeader && !isHeaderHiddenPath(location.pathname);
  const showFooter = Boolean(data.user) || Boolean(handles.showFooter);
  return (
    <Document themeStyle={data.themeCss}>
      <a className="skip-link" href="#main">
        {t("shell.skipToContent")}
      </a>
      {data.testEnvironment ? <TestEnvironmentNotice /> : null}
      {showHeader ? (
        <Header
          user={data.user}
          theme={data.theme}
          liveStatus={<LiveStatus />}
          messages={data.messageCount === null ? null : <MessageCounter unresolved={data.messageCount} />}
        />
      ) : null}
      {!showHeader && isLogoOnlyHeaderPath(location.pathname) ? (
        <Header user={null} theme={data.theme} />
      ) : null}
      <Toasts toasts={data.toasts} />
      <main id="main" tabIndex={-1} className="main">
        <Outlet />
      </main>
      {/* After the page's own effects, so that focus a page took while it loaded stays there. */}
      <RouteAnnouncer />
      {showFooter ? <Footer /> : null}
      {data.cookieConsent || location.pathname === "/cookies" ? null : (
        <CookieConsent returnTo={location.pathname + location.search} />
      )}
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRootData();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <Document themeStyle={data?.themeCss}>
      {data?.testEnvironment ? <TestEnvironmentNotice /> : null}
      <main id="main" tabIndex={-1} className="main">
        <ErrorPage status={status} detail={requestProblem(error, t)} />
      </main>
    </Document>
  );
}

/** A refused request says what was wrong: the Swedish text the server answered with, or the method's. */
function requestProblem(error: unknown, t: (key: string, options?: Record<string, string>) => string) {
  if (!isRouteErrorResponse(error)) return undefined;
  if (error.status === 405) return t("body.methodNotAllowed", { method: "POST" });
  if (![400, 413, 415, 429].includes(error.status)) return undefined;
  return typeof error.data === "string" && error.data.trim() ? error.data : undefined;
}

/** A demo or test install says so on every page, so nobody takes it for the real service (BANKID=simulator). */
function TestEnvironmentNotice() {
  const { t } = useTranslation();
  return (
    <aside className="test-environment" aria-label={t("testEnvironment.label")}>
      <strong>{t("testEnvironment.label")}:</strong> {t("testEnvironment.text")}
    </aside>
  );
}
