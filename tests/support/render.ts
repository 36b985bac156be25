import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { sharedInstance } from "~/server/platform/i18n.server";

interface PageRoute {
  loader: (args: LoaderFunctionArgs) => Promise<Response>;
  action?: (args: ActionFunctionArgs) => Promise<Response>;
  default: ComponentType;
}

/**
 * The HTML of a route's page for a GET: its loader answered as Remix answers it, then its component rendered on
 * the server with the app's texts (as entry.server does), without the root layout and its scripts. For checks of
 * what a page says in a state a browser test cannot hold still (e.g. a credit check that is still pending). A POST
 * runs the route's action first and renders its answer, as the page without JavaScript shows a failed form.
 */
export async function renderedPage(
  route: PageRoute,
  pattern: string,
  request: Request,
  /** Render a thrown answer with the route's error boundary (else an error is an empty page). */
  options: { boundary?: ComponentType } = {},
): Promise<{ status: number; html: string }> {
  const handler = createStaticHandler([
    {
      id: "page",
      path: pattern,
      loader: ({ request, params }) => route.loader({ request, params, context: {} }),
      action: route.action
        ? ({ request, params }) => route.action!({ request, params, context: {} })
        : undefined,
      Component: route.default,
      ErrorBoundary: options.boundary,
    },
  ]);
  const context = await handler.query(request);
  if (context instanceof Response) return { status: context.status, html: "" };
  if (context.errors && !options.boundary) return { status: context.statusCode, html: "" };
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    createElement(
      I18nextProvider,
      { i18n: sharedInstance() },
      createElement(StaticRouterProvider, { router, context, hydrate: false }),
    ),
  );
  return { status: context.statusCode, html };
}
