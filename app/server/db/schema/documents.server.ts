import type { Defaulted, Flag } from "./columns.server";

// ---- A transfer's documents, its automatic checks and the analysis of its agreements.

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
