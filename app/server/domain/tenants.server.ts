import type { Db } from "../db/kysely.server";
import type { Tenant, TenantType } from "../db/schema.server";
import { readableTextOn } from "~/lib/color";
import { DEFAULT_TENANT_ID, INDIVIDUALS_TENANT_ID } from "~/lib/tenants";

export { DEFAULT_TENANT_ID, INDIVIDUALS_TENANT_ID };

/** The theme of spec 01 §3 "Tenant (theme)". */
export interface TenantTheme {
  identifier: string;
  displayName: string;
  type: TenantType;
  primaryColor: string;
  secondaryColor: string;
  logoUrl: string;
  logoAltText: string;
  invertedLogoUrl: string;
  bg: string | null;
  darkBg: boolean;
  altText: string | null;
  promoteApp: boolean;
}

export interface TenantListEntry {
  id: string;
  displayName: string;
  type: TenantType;
}

export interface SupportContact {
  emailAddress: string | null;
  phoneNumber: string | null;
}

export async function listTenants(db: Db): Promise<TenantListEntry[]> {
  const rows = await db
    .selectFrom("tenants")
    .select(["id", "display_name", "type"])
    .orderBy("sort_order")
    .orderBy("display_name")
    .execute();
  return rows.map((r) => ({ id: r.id, displayName: r.display_name, type: r.type }));
}

/** The tenant with this id, or the neutral default when the id is unknown or missing. */
export async function getTenantOrDefault(db: Db, id: string | null | undefined): Promise<Tenant> {
  if (id) {
    const tenant = await db.selectFrom("tenants").selectAll().where("id", "=", id).executeTakeFirst();
    if (tenant) return tenant;
  }
  const fallback =
    (await db.selectFrom("tenants").selectAll().where("is_default", "=", 1).executeTakeFirst()) ??
    (await db.selectFrom("tenants").selectAll().where("id", "=", DEFAULT_TENANT_ID).executeTakeFirst());
  if (!fallback) throw new Error("The default tenant is missing: the database has not been seeded");
  return fallback;
}

export function toTheme(tenant: Tenant): TenantTheme {
  return {
    identifier: tenant.id,
    displayName: tenant.display_name,
    type: tenant.type,
    primaryColor: tenant.primary_color,
    secondaryColor: tenant.secondary_color,
    logoUrl: tenant.logo_url,
    logoAltText: tenant.logo_alt_text,
    invertedLogoUrl: tenant.inverted_logo_url,
    bg: tenant.bg,
    darkBg: tenant.dark_bg === 1,
    altText: tenant.alt_text,
    promoteApp: tenant.promote_app === 1,
  };
}

export function supportContactOf(tenant: Tenant): SupportContact {
  return { emailAddress: tenant.support_email, phoneNumber: tenant.support_phone };
}

/** CSS custom properties carrying the theme to the page; text colours chosen for contrast. */
export function themeCss(theme: TenantTheme): string {
  const vars: Record<string, string> = {
    "--color-primary": theme.primaryColor,
    "--color-on-primary": readableTextOn(theme.primaryColor),
    "--color-secondary": theme.secondaryColor,
    "--color-on-secondary": readableTextOn(theme.secondaryColor),
  };
  if (theme.bg) vars["--tenant-bg"] = `url("${encodeURI(theme.bg)}")`;
  return `:root{${Object.entries(vars)
    .map(([k, v]) => `${k}:${v}`)
    .join(";")}}`;
}
