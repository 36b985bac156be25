import type { Defaulted, Flag } from "./columns.server";

// ---- What the review of a transfer adds to it: supplements, change requests, credit checks, messages, notes.

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
