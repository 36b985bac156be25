import type { Defaulted, Flag, Timestamp } from "./columns.server";

// ---- The transfer domain (migration 0003). Enumerations are the values of app/lib/transfer.ts. ----

export interface AssociationsTable {
  id: string;
  /** 10 digits, no hyphen. */
  organisation_number: string;
  name: string;
  created_at: Timestamp;
}

export interface PropertyObjectsTable {
  id: string;
  /** The manager's object number, e.g. "1102-0304" (shown as objectDescription). */
  object_number: string;
  description: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  association_id: string;
  /** The property-manager tenant that manages the object. */
  tenant_id: string;
  provider_id: string;
  under_maintenance: Flag;
  /** Living area in kvm, null when unknown. */
  area: number | null;
  created_at: Timestamp;
}

export interface BoardEngagementsTable {
  id: string;
  /** 12 digits. */
  personal_number: string;
  association_id: string;
  role: "Chair" | "Member" | "Deputy";
  /** registry: the company registry's daily refresh; manager: the property manager's own rights. */
  source: "registry" | "manager";
  refreshed_at: string;
}

export interface TransfersTable {
  id: string;
  object_id: string;
  /** Denormalised from the object so that lists filter and sort without joins. */
  object_number: string;
  association_id: string;
  association_name: string;
  /** The managing property-manager tenant. */
  tenant_id: string;
  provider_id: string;
  street: string;
  postal_code: string;
  city: string;
  country: string;
  /** Lower-cased object number and association name for the list search. */
  search_text: string;
  transfer_type: string;
  initiator_role: string;
  status: string;
  /** The review status to return to when the last open supplement request closes. */
  status_before_info_request: string | null;
  /** "Stopped" or null. */
  sale_status: string | null;
  under_investigation_since: string | null;
  parts_notified: Flag;
  expired: Flag;
  /** JSON array of running task names. */
  running_tasks: Defaulted<string>;
  aborting: Flag;
  has_deviations: Flag;
  action_is_needed: Flag;
  awaiting_info_request_answer: Flag;
  unresolved_messages: Defaulted<number>;
  number_of_messages: Defaulted<number>;
  finalized_at_property_manager: Flag;
  finalized_by_user_id: string | null;
  finalized_at: string | null;
  /** Whole SEK. */
  purchase_price: number | null;
  /** YYYY-MM-DD. */
  entry_date: string | null;
  contract_date: string | null;
  membership_decision: string | null;
  /** YYYY-MM-DD of the decision. */
  membership_decision_date: string | null;
  intermediary_first_name: string | null;
  intermediary_last_name: string | null;
  intermediary_email: string | null;
  intermediary_office_name: string | null;
  /** The user who created it (the private party for private transfers). */
  created_by_user_id: string | null;
  summary_document_id: string | null;
  /** Optimistic concurrency: every write sets version = version + 1 where version = the one read. */
  version: Defaulted<number>;
  created_at: string;
  modified_at: string;
  deleted_at: string | null;
}

export interface TransferPartiesTable {
  id: string;
  transfer_id: string;
  kind: string;
  identifier_type: string;
  /** Normalised: digits only unless the type is Other. */
  identifier_value: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  /** The acquirer's address, or the transferor's new address. */
  street: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  owner_share_numerator: number | null;
  owner_share_denominator: number | null;
  transfer_share_numerator: number | null;
  transfer_share_denominator: number | null;
  membership_status: string | null;
  is_payment_notice_recipient: Flag;
  sort_order: Defaulted<number>;
  created_at: string;
}
