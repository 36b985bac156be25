import { sql, type Kysely } from "kysely";

/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The membership decision signed with BankID (decision 028). A sign session keeps what was put before the
 * signer (the text as sent, the hash of the decision, the ticked acquirers, the reason, the decision date, an
 * announced decision's file) and the transfer version its start produced, so that completion records exactly what
 * was signed. A decision keeps the BankID evidence for audit: the signature and OCSP answer as BankID gave them,
 * the signed text, who signed and when. At most one sign session per transfer is Pending.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [column, type] of [
    ["acquirer_ids", "text"],
    ["user_visible_data", "text"],
    ["user_non_visible_data", "text"],
    ["transfer_version", "integer"],
    ["collect_lease_until", "text"],
    ["decision_file_key", "text"],
    ["decision_file_name", "text"],
    ["decision_file_size", "integer"],
    ["failure", "text"],
  ] as const) {
    await db.schema.alterTable("sign_sessions").addColumn(column, type).execute();
  }
  await db.schema
    .createIndex("sign_sessions_one_pending")
    .on("sign_sessions")
    .column("transfer_id")
    .unique()
    .where(sql<boolean>`status = 'Pending'`)
    .execute();

  for (const [column, type] of [
    ["sign_session_id", "text"],
    ["acquirer_ids", "text"],
    ["signed_text", "text"],
    ["user_non_visible_data", "text"],
    ["signature", "text"],
    ["ocsp_response", "text"],
    ["bankid_order_ref", "text"],
    ["signer_personal_number", "text"],
    ["signer_name", "text"],
    ["signed_at", "text"],
  ] as const) {
    await db.schema.alterTable("membership_decisions").addColumn(column, type).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [
    "sign_session_id",
    "acquirer_ids",
    "signed_text",
    "user_non_visible_data",
    "signature",
    "ocsp_response",
    "bankid_order_ref",
    "signer_personal_number",
    "signer_name",
    "signed_at",
  ]) {
    await db.schema.alterTable("membership_decisions").dropColumn(column).execute();
  }
  await db.schema.dropIndex("sign_sessions_one_pending").execute();
  for (const column of [
    "acquirer_ids",
    "user_visible_data",
    "user_non_visible_data",
    "transfer_version",
    "collect_lease_until",
    "decision_file_key",
    "decision_file_name",
    "decision_file_size",
    "failure",
  ]) {
    await db.schema.alterTable("sign_sessions").dropColumn(column).execute();
  }
}
