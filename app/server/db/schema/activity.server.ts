import type { Defaulted } from "./columns.server";

// ---- Who is on a transfer now, analytics events and the audit log.

export interface TransferActivityTable {
  id: string;
  transfer_id: string;
  user_id: string;
  tenant_id: string;
  first_name: string;
  last_name: string;
  updated_at: string;
}

export interface AnalyticsEventsTable {
  id: string;
  name: string;
  user_id: string | null;
  tenant_id: string | null;
  /** JSON object. */
  properties: Defaulted<string>;
  duration_ms: number | null;
  occurred_at: string;
}

export interface AuditLogTable {
  id: string;
  transfer_id: string | null;
  entity: string;
  entity_id: string;
  action: string;
  user_id: string | null;
  at: string;
  /** JSON of the changed fields before and after. */
  before: string | null;
  after: string | null;
}
