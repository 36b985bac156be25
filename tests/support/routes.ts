/// <reference types="vite/client" />

/** A route module's server functions, as Remix calls them. */
export type RouteFn = (args: {
  request: Request;
  params: Record<string, string>;
  context: object;
}) => unknown;

export interface RouteModule {
  action?: RouteFn;
  loader?: RouteFn;
  default?: unknown;
}

/** Every route module of app/routes, by its file name without the extension (`transfers.$id.overview`). */
export function routeModules(): Record<string, RouteModule> {
  const modules = import.meta.glob<RouteModule>("/app/routes/*.{ts,tsx}", { eager: true });
  return Object.fromEntries(
    Object.entries(modules).map(([path, module]) => [
      path.replace(/^.*\/routes\//, "").replace(/\.tsx?$/, ""),
      module,
    ]),
  );
}

/** The dynamic segments of a flat-routes file name (Remix v2 conventions): `$id`, `$documentId`, `$` (splat). */
export function paramNames(file: string): string[] {
  return file
    .split(".")
    .map((raw) => (raw.endsWith("_") ? raw.slice(0, -1) : raw))
    .filter((segment) => segment.startsWith("$"))
    .map((segment) => (segment === "$" ? "*" : segment.slice(1)));
}

/**
 * The URL path and params of a route file with the given values for its dynamic segments; an optional segment
 * (`($page)`) is left out, a pathless one (`_index`, `_layout`) adds nothing.
 */
export function urlOf(
  file: string,
  value: (param: string) => string,
): { path: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const segments: string[] = [];
  for (const raw of file.split(".")) {
    if (raw === "_index" || (raw.startsWith("_") && raw !== "_") || raw.startsWith("(")) continue;
    const segment = raw.endsWith("_") ? raw.slice(0, -1) : raw;
    if (segment.startsWith("$")) {
      const name = segment === "$" ? "*" : segment.slice(1);
      params[name] = value(name);
      segments.push(params[name]);
    } else segments.push(segment);
  }
  return { path: "/" + segments.join("/"), params };
}
