/**
 * The two tenants the product itself relies on: the default one (the portal's own theme, the fallback when a
 * request names no known tenant) and the one of private individuals. Their rows come from the demo seed.
 */
export const DEFAULT_TENANT_ID = "default";
export const INDIVIDUALS_TENANT_ID = "individuals";
