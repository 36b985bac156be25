// ---- The membership decision and its signing with BankID.

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
