import type { Flag, Timestamp } from "./columns.server";

// ---- Tenants (clients), their offices and users; signing in and sessions; a user's saved list criteria.

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

/** Server-side sessions (migration 0005): the cookie holds only the id. */
export interface SessionsTable {
  id: string;
  /** JSON of the session's values. */
  data: string;
  user_id: string | null;
  created_at: string;
  last_seen_at: string;
  /** The absolute end; the idle end is last_seen_at plus the idle timeout. */
  expires_at: string;
}

/** One BankID order start, counted per bucket ("ip:…" or "browser:…") by the sign-in throttle. */
export interface SignInStartsTable {
  id: string;
  bucket: string;
  started_at: string;
}

/** A user's list criteria per list (spec 01 §3 search state), e.g. key "transfers:active". */
export interface SavedSearchesTable {
  user_id: string;
  key: string;
  /** JSON of the list query. */
  state: string;
  updated_at: string;
}
