import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { JobState } from "~/schemas/jobs";

/**
 * Table types, written once and used by every query.
 * Portable column conventions (see docs/decisions/003-portable-database-schema.md):
 * text ids, ISO-8601 UTC text timestamps, integer 0/1 flags.
 */
type Flag = ColumnType<number, number | undefined, number>;
type Timestamp = ColumnType<string, string | undefined, string>;
/** A column with a database default: optional on insert. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

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

export type { JobState };

/** An e-mail kept by MAIL=outbox instead of being sent (migration 0009). */
export interface MailOutboxTable {
  id: string;
  to_address: string;
  subject: string;
  body: string;
  created_at: string;
}

/** A background job (migration 0006). */
export interface JobsTable {
  id: string;
  type: string;
  /** JSON of the job's input, parsed by its definition's schema when it runs. */
  payload: string;
  transfer_id: string | null;
  state: JobState;
  run_at: string;
  attempts: Defaulted<number>;
  max_attempts: number;
  last_error: string | null;
  locked_by: string | null;
  locked_until: string | null;
  dedupe_key: string | null;
  created_at: string;
  finished_at: string | null;
  /** JSON the handler returned (migration 0007), e.g. a refresh's counts. */
  result: string | null;
}

/** One BankID order start, counted per bucket ("ip:…" or "browser:…") by the sign-in throttle. */
export interface SignInStartsTable {
  id: string;
  bucket: string;
  started_at: string;
}

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

export interface DocumentsTable {
  id: string;
  transfer_id: string;
  file_name: string;
  category: string;
  status: string;
  document_type: string;
  size_in_bytes: number | null;
  /** The party the document belongs to, if any. */
  belongs_to: string | null;
  sensitive: Flag;
  storage_key: string | null;
  uploaded_by_user_id: string | null;
  supplement_answer_id: string | null;
  created_at: string;
  verified_at: string | null;
  data_erased_at: string | null;
  archived_at: string | null;
}

export interface AutomaticChecksTable {
  id: string;
  transfer_id: string;
  type: string;
  result: string;
  accepted_by_user_id: string | null;
  accepted_at: string | null;
  created_at: string;
}

/** The analysis of a transfer's required documents (migration 0008; see integrations/document-analysis/types). */
export interface DocumentAnalysesTable {
  transfer_id: string;
  status: string;
  /** JSON AgreementExtraction, null while InProgress or when Failed. */
  extraction: string | null;
  failure: string | null;
  /** JSON string[] */
  document_ids: Defaulted<string>;
  created_at: string;
  updated_at: string;
}

export interface SupplementRequestsTable {
  id: string;
  transfer_id: string;
  category: string;
  message: string;
  person_id: string | null;
  person_type: string;
  initiator_role: string;
  forwarded: Flag;
  status: string;
  created_by_user_id: string;
  created_by_name: string;
  created_at: string;
  cancelled_at: string | null;
}

export interface SupplementAnswersTable {
  id: string;
  request_id: string;
  status: string;
  document_id: string | null;
  answered_by: string | null;
  answered_at: string | null;
  handled_by: string | null;
  handled_by_user_id: string | null;
  handled_at: string | null;
  reject_reason: string | null;
  created_at: string;
}

export interface SupplementAnswerGuarantorsTable {
  id: string;
  answer_id: string;
  identifier_value: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  sort_order: Defaulted<number>;
}

export interface ChangeRequestsTable {
  id: string;
  transfer_id: string;
  created_by_user_id: string;
  created_by_first_name: string;
  created_by_last_name: string;
  created_at: string;
  purchase_price_previous: number | null;
  purchase_price_new: number | null;
  entry_date_previous: string | null;
  entry_date_new: string | null;
  contract_date_previous: string | null;
  contract_date_new: string | null;
  additional_agreement_document_id: string | null;
  decision: string | null;
  decided_at: string | null;
  decided_by: string | null;
  decided_by_user_id: string | null;
  rejected_reason: string | null;
}

export interface CreditCheckOrdersTable {
  id: string;
  transfer_id: string;
  party_id: string | null;
  /** 12-digit personal number. */
  identifier_value: string;
  ordered_by_user_id: string;
  ordered_at: string;
  status: string;
  /** JSON of the bureau's result (spec 02 §3), null until it arrives or after erasure. */
  result: string | null;
  completed_at: string | null;
  data_erased_at: string | null;
}

export interface MessagesTable {
  id: string;
  transfer_id: string;
  /** Null for a message; the message id for a reply. */
  parent_id: string | null;
  recipient: string | null;
  sent_by_user_id: string | null;
  sent_by_first_name: string;
  sent_by_last_name: string;
  sent_by_role: string;
  body: string;
  resolved: Flag;
  resolved_by_user_id: string | null;
  resolved_at: string | null;
  created_at: string;
  /** Time of the latest reply (or the message itself), for the worklist. */
  latest_at: string;
}

export interface NotesTable {
  id: string;
  transfer_id: string;
  /** Whose panel: the manager's Anteckningar or the board's Styrelseanteckningar. */
  audience: string;
  body: string;
  created_by_user_id: string;
  created_by_name: string;
  created_at: string;
}

export interface MembershipDecisionsTable {
  id: string;
  transfer_id: string;
  decision: string;
  decision_date: string;
  reason: string | null;
  decided_by_user_id: string;
  decided_by_name: string;
  sign_device: string;
  document_id: string | null;
  created_at: string;
  sign_session_id: string | null;
  /** JSON list of the acquirer ids the decision approved. */
  acquirer_ids: string | null;
  /** The text the signer saw (decoded userVisibleData). */
  signed_text: string | null;
  user_non_visible_data: string | null;
  /** BankID's completionData.signature and .ocspResponse (base64), kept for audit. */
  signature: string | null;
  ocsp_response: string | null;
  bankid_order_ref: string | null;
  signer_personal_number: string | null;
  signer_name: string | null;
  signed_at: string | null;
}

export interface SignSessionsTable {
  id: string;
  transfer_id: string;
  user_id: string;
  decision: "Approve" | "Reject";
  sign_device: string;
  order_ref: string | null;
  auto_start_token: string | null;
  qr_start_token: string | null;
  qr_start_secret: string | null;
  launch_url: string | null;
  status: "Pending" | "complete" | "failed" | "cancelled";
  reason: string | null;
  decision_date: string | null;
  hint_code: string | null;
  started_at: string;
  finished_at: string | null;
  acquirer_ids: string | null;
  /** base64 of the UTF-8 text, exactly as sent in /sign. */
  user_visible_data: string | null;
  user_non_visible_data: string | null;
  /** The transfer's version after the signing started; completion expects it. */
  transfer_version: number | null;
  /** One collect at a time per session, at most once a second (BankID's rule). */
  collect_lease_until: string | null;
  decision_file_key: string | null;
  decision_file_name: string | null;
  decision_file_size: number | null;
  /** Why a finished session failed: an RFA code or one of ours (expired, signatureMismatch, refused). */
  failure: string | null;
}

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

/** A user's list criteria per list (spec 01 §3 search state), e.g. key "transfers:active". */
export interface SavedSearchesTable {
  user_id: string;
  key: string;
  /** JSON of the list query. */
  state: string;
  updated_at: string;
}

export interface Database {
  tenants: TenantsTable;
  management_providers: ManagementProvidersTable;
  offices: OfficesTable;
  users: UsersTable;
  user_offices: UserOfficesTable;
  login_orders: LoginOrdersTable;
  sessions: SessionsTable;
  sign_in_starts: SignInStartsTable;
  jobs: JobsTable;
  mail_outbox: MailOutboxTable;
  associations: AssociationsTable;
  property_objects: PropertyObjectsTable;
  board_engagements: BoardEngagementsTable;
  transfers: TransfersTable;
  transfer_parties: TransferPartiesTable;
  documents: DocumentsTable;
  automatic_checks: AutomaticChecksTable;
  document_analyses: DocumentAnalysesTable;
  supplement_requests: SupplementRequestsTable;
  supplement_answers: SupplementAnswersTable;
  supplement_answer_guarantors: SupplementAnswerGuarantorsTable;
  change_requests: ChangeRequestsTable;
  credit_check_orders: CreditCheckOrdersTable;
  messages: MessagesTable;
  notes: NotesTable;
  membership_decisions: MembershipDecisionsTable;
  sign_sessions: SignSessionsTable;
  transfer_activity: TransferActivityTable;
  analytics_events: AnalyticsEventsTable;
  audit_log: AuditLogTable;
  saved_searches: SavedSearchesTable;
}

export type Tenant = Selectable<TenantsTable>;
export type NewTenant = Insertable<TenantsTable>;
export type TenantUpdate = Updateable<TenantsTable>;
export type ManagementProvider = Selectable<ManagementProvidersTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type LoginOrder = Selectable<LoginOrdersTable>;
export type TransferRow = Selectable<TransfersTable>;
export type NewTransfer = Insertable<TransfersTable>;
export type PartyRow = Selectable<TransferPartiesTable>;
export type NewParty = Insertable<TransferPartiesTable>;
export type DocumentRow = Selectable<DocumentsTable>;
export type PropertyObjectRow = Selectable<PropertyObjectsTable>;
export type { Generated };
