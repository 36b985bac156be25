import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

/**
 * Table types, written once and used by every query.
 * Portable column conventions (see docs/decisions/003-portable-database-schema.md):
 * text ids, ISO-8601 UTC text timestamps, integer 0/1 flags.
 */
type Flag = ColumnType<number, number | undefined, number>;
type Timestamp = ColumnType<string, string | undefined, string>;

export type TenantType = "pm" | "board" | "individuals";

export interface TenantsTable {
  id: string;
  display_name: string;
  type: TenantType;
  primary_color: string;
  secondary_color: string;
  logo_url: string;
  logo_alt_text: string;
  inverted_logo_url: string;
  bg: string | null;
  dark_bg: Flag;
  alt_text: string | null;
  promote_app: Flag;
  is_default: Flag;
  provider_id: string | null;
  support_email: string | null;
  support_phone: string | null;
  sort_order: number;
  created_at: Timestamp;
}

export interface ManagementProvidersTable {
  id: string;
  name: string;
  logo_url: string;
  logo_alt_text: string;
}

export interface Database {
  tenants: TenantsTable;
  management_providers: ManagementProvidersTable;
}

export type Tenant = Selectable<TenantsTable>;
export type NewTenant = Insertable<TenantsTable>;
export type TenantUpdate = Updateable<TenantsTable>;
export type ManagementProvider = Selectable<ManagementProvidersTable>;
export type { Generated };
