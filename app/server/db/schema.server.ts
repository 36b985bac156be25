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

export type UserRole = "PropertyManager" | "BoardMember";
export type UserStatus = "Pending" | "Inactive" | "Active";

export interface OfficesTable {
  id: string;
  tenant_id: string;
  name: string;
}

export interface UsersTable {
  id: string;
  tenant_id: string;
  /** 12 digits, YYYYMMDDNNNN. */
  personal_number: string;
  first_name: string;
  last_name: string;
  email: string | null;
  role: UserRole;
  status: UserStatus;
  /** JSON array of feature names. */
  features: string;
  /** JSON array of action names. */
  actions: string;
  office_id: string | null;
  registered_at: string | null;
  terms_accepted_at: string | null;
  provisioned_at: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface UserOfficesTable {
  user_id: string;
  office_id: string;
  office_role: "Owner" | "Administrator" | "Member";
}

export type LoginOrderStatus = "pending" | "failed" | "complete" | "consumed" | "cancelled";

export interface LoginOrdersTable {
  id: string;
  order_ref: string;
  auto_start_token: string;
  qr_start_token: string;
  qr_start_secret: string;
  device: "ThisDevice" | "OtherDevice";
  tenant_id: string;
  return_to: string;
  status: LoginOrderStatus;
  hint_code: string | null;
  personal_number: string | null;
  given_name: string | null;
  surname: string | null;
  last_collected_at: string | null;
  started_at: string;
  finished_at: string | null;
}

export interface Database {
  tenants: TenantsTable;
  management_providers: ManagementProvidersTable;
  offices: OfficesTable;
  users: UsersTable;
  user_offices: UserOfficesTable;
  login_orders: LoginOrdersTable;
}

export type Tenant = Selectable<TenantsTable>;
export type NewTenant = Insertable<TenantsTable>;
export type TenantUpdate = Updateable<TenantsTable>;
export type ManagementProvider = Selectable<ManagementProvidersTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type LoginOrder = Selectable<LoginOrdersTable>;
export type { Generated };
