import { sql, type Kysely } from "kysely";
import {
  ANSWER_STATUSES,
  CHANGE_DECISIONS,
  CHECK_RESULTS,
  CREDIT_CHECK_STATUSES,
  DOCUMENT_CATEGORIES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  IDENTIFIER_TYPES_FOR_DB,
  INITIATOR_ROLES,
  MEMBERSHIP_DECISIONS,
  MESSAGE_ROLES,
  NOTE_AUDIENCES,
  PARTY_KINDS,
  SIGN_DEVICES,
  SUPPLEMENT_PERSON_TYPES,
  SUPPLEMENT_STATUSES,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
} from "./enums.server";

/* eslint-disable @typescript-eslint/no-explicit-any */

/** `column in ('A', 'B')` built from a constant list, so that the database refuses unknown values too. */
function oneOf(column: string, values: readonly string[], nullable = false) {
  const list = values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", ");
  return sql.raw(nullable ? `${column} is null or ${column} in (${list})` : `${column} in (${list})`);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("associations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("organisation_number", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("property_objects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("object_number", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("association_id", "text", (c) => c.notNull().references("associations.id"))
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id"))
    .addColumn("provider_id", "text", (c) => c.notNull().references("management_providers.id"))
    .addColumn("under_maintenance", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("area", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("property_objects_tenant_number")
    .unique()
    .on("property_objects")
    .columns(["tenant_id", "object_number"])
    .execute();
  await db.schema
    .createIndex("property_objects_association")
    .on("property_objects")
    .column("association_id")
    .execute();

  await db.schema
    .createTable("board_engagements")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("personal_number", "text", (c) => c.notNull())
    .addColumn("association_id", "text", (c) => c.notNull().references("associations.id"))
    .addColumn("role", "text", (c) => c.notNull().check(oneOf("role", ["Chair", "Member", "Deputy"])))
    .addColumn("source", "text", (c) => c.notNull().check(oneOf("source", ["registry", "manager"])))
    .addColumn("refreshed_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("board_engagements_person_association")
    .unique()
    .on("board_engagements")
    .columns(["personal_number", "association_id", "source"])
    .execute();
  await db.schema
    .createIndex("board_engagements_association")
    .on("board_engagements")
    .column("association_id")
    .execute();

  await db.schema
    .createTable("transfers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("object_id", "text", (c) => c.notNull().references("property_objects.id"))
    .addColumn("object_number", "text", (c) => c.notNull())
    .addColumn("association_id", "text", (c) => c.notNull().references("associations.id"))
    .addColumn("association_name", "text", (c) => c.notNull())
    .addColumn("tenant_id", "text", (c) => c.notNull().references("tenants.id"))
    .addColumn("provider_id", "text", (c) => c.notNull())
    .addColumn("street", "text", (c) => c.notNull())
    .addColumn("postal_code", "text", (c) => c.notNull())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("search_text", "text", (c) => c.notNull())
    .addColumn("transfer_type", "text", (c) => c.notNull().check(oneOf("transfer_type", TRANSFER_TYPES)))
    .addColumn("initiator_role", "text", (c) => c.notNull().check(oneOf("initiator_role", INITIATOR_ROLES)))
    .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", TRANSFER_STATUSES)))
    .addColumn("status_before_info_request", "text", (c) =>
      c.check(oneOf("status_before_info_request", TRANSFER_STATUSES, true)),
    )
    .addColumn("sale_status", "text", (c) => c.check(oneOf("sale_status", ["Stopped"], true)))
    .addColumn("under_investigation_since", "text")
    .addColumn("parts_notified", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("expired", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("running_tasks", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("aborting", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("has_deviations", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("action_is_needed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("awaiting_info_request_answer", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("unresolved_messages", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("number_of_messages", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("finalized_at_property_manager", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("finalized_by_user_id", "text", (c) => c.references("users.id"))
    .addColumn("finalized_at", "text")
    .addColumn("purchase_price", "integer", (c) =>
      c.check(sql`purchase_price is null or purchase_price >= 0`),
    )
    .addColumn("entry_date", "text")
    .addColumn("contract_date", "text")
    .addColumn("membership_decision", "text", (c) =>
      c.check(oneOf("membership_decision", MEMBERSHIP_DECISIONS, true)),
    )
    .addColumn("membership_decision_date", "text")
    .addColumn("intermediary_first_name", "text")
    .addColumn("intermediary_last_name", "text")
    .addColumn("intermediary_email", "text")
    .addColumn("intermediary_office_name", "text")
    .addColumn("created_by_user_id", "text", (c) => c.references("users.id"))
    .addColumn("summary_document_id", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("modified_at", "text", (c) => c.notNull())
    .addColumn("deleted_at", "text")
    .execute();
  // The lists (spec 01): each scope (manager tenant, association, private creator) ordered by Modified,
  // narrowed by status or initiator; completed transfers by decision date.
  const transferIndexes: Array<[string, string[]]> = [
    ["transfers_tenant_modified", ["tenant_id", "modified_at"]],
    ["transfers_tenant_status_modified", ["tenant_id", "status", "modified_at"]],
    ["transfers_tenant_initiator_status", ["tenant_id", "initiator_role", "status", "modified_at"]],
    ["transfers_tenant_decision_date", ["tenant_id", "membership_decision_date"]],
    ["transfers_association_modified", ["association_id", "modified_at"]],
    ["transfers_association_status", ["association_id", "status", "modified_at"]],
    ["transfers_creator_modified", ["created_by_user_id", "modified_at"]],
    ["transfers_object", ["object_id"]],
    ["transfers_object_number", ["object_number"]],
  ];
  for (const [name, columns] of transferIndexes) {
    await db.schema.createIndex(name).on("transfers").columns(columns).execute();
  }

  await db.schema
    .createTable("transfer_parties")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text", (c) => c.notNull().references("transfers.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(oneOf("kind", PARTY_KINDS)))
    .addColumn("identifier_type", "text", (c) =>
      c.notNull().check(oneOf("identifier_type", IDENTIFIER_TYPES_FOR_DB)),
    )
    .addColumn("identifier_value", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("street", "text")
    .addColumn("postal_code", "text")
    .addColumn("city", "text")
    .addColumn("country", "text")
    .addColumn("owner_share_numerator", "integer")
    .addColumn("owner_share_denominator", "integer")
    .addColumn("transfer_share_numerator", "integer")
    .addColumn("transfer_share_denominator", "integer")
    .addColumn("membership_status", "text")
    .addColumn("is_payment_notice_recipient", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint(
      "transfer_parties_shares",
      sql`(owner_share_denominator is null or (owner_share_denominator > 0 and owner_share_numerator >= 0 and owner_share_numerator <= owner_share_denominator))
      and (transfer_share_denominator is null or (transfer_share_denominator > 0 and transfer_share_numerator >= 0 and transfer_share_numerator <= transfer_share_denominator))`,
    )
    .execute();
  await db.schema
    .createIndex("transfer_parties_transfer")
    .on("transfer_parties")
    .columns(["transfer_id", "kind"])
    .execute();
  await db.schema
    .createIndex("transfer_parties_identifier")
    .on("transfer_parties")
    .column("identifier_value")
    .execute();

  await db.schema
    .createTable("documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text", (c) => c.notNull().references("transfers.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull().check(oneOf("category", DOCUMENT_CATEGORIES)))
    .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", DOCUMENT_STATUSES)))
    .addColumn("document_type", "text", (c) => c.notNull().check(oneOf("document_type", DOCUMENT_TYPES)))
    .addColumn("size_in_bytes", "integer")
    .addColumn("belongs_to", "text")
    .addColumn("sensitive", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("storage_key", "text")
    .addColumn("uploaded_by_user_id", "text")
    .addColumn("supplement_answer_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("verified_at", "text")
    .addColumn("data_erased_at", "text")
    .addColumn("archived_at", "text")
    .execute();
  await db.schema
    .createIndex("documents_transfer")
    .on("documents")
    .columns(["transfer_id", "category"])
    .execute();

  await db.schema
    .createTable("automatic_checks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text", (c) => c.notNull().references("transfers.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("result", "text", (c) => c.notNull().check(oneOf("result", CHECK_RESULTS)))
    .addColumn("accepted_by_user_id", "text")
    .addColumn("accepted_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("automatic_checks_transfer_type")
    .unique()
    .on("automatic_checks")
    .columns(["transfer_id", "type"])
    .execute();

  await db.schema
    .createTable("supplement_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text", (c) => c.notNull().references("transfers.id").onDelete("cascade"))
    .addColumn("category", "text", (c) => c.notNull().check(oneOf("category", DOCUMENT_CATEGORIES)))
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("person_id", "text")
    .addColumn("person_type", "text", (c) => c.notNull().check(oneOf("person_type", SUPPLEMENT_PERSON_TYPES)))
    .addColumn("initiator_role", "text", (c) => c.notNull().check(oneOf("initiator_role", INITIATOR_ROLES)))
    .addColumn("forwarded", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", SUPPLEMENT_STATUSES)))
    .addColumn("created_by_user_id", "text", (c) => c.notNull())
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("cancelled_at", "text")
    .execute();
  await db.schema
    .createIndex("supplement_requests_transfer")
    .on("supplement_requests")
    .columns(["transfer_id", "created_at"])
    .execute();

  await db.schema
    .createTable("supplement_answers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("request_id", "text", (c) =>
      c.notNull().unique().references("supplement_requests.id").onDelete("cascade"),
    )
    .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", ANSWER_STATUSES)))
    .addColumn("document_id", "text")
    .addColumn("answered_by", "text")
    .addColumn("answered_at", "text")
    .addColumn("handled_by", "text")
    .addColumn("handled_by_user_id", "text")
    .addColumn("handled_at", "text")
    .addColumn("reject_reason", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("supplement_answer_guarantors")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("answer_id", "text", (c) =>
      c.notNull().references("supplement_answers.id").onDelete("cascade"),
    )
    .addColumn("identifier_value", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("sort_order", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("supplement_answer_guarantors_answer")
    .on("supplement_answer_guarantors")
    .column("answer_id")
    .execute();

  await db.schema
    .createTable("change_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text", (c) => c.notNull().references("transfers.id").onDelete("cascade"))
    .addColumn("created_by_user_id", "text", (c) => c.notNull())
    .addColumn("created_by_first_name", "text", (c) => c.notNull())
    .addColumn("created_by_last_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("purchase_price_previous", "integer")
    .addColumn("purchase_price_new", "integer")
    .addColumn("entry_date_previous", "text")
    .addColumn("entry_date_new", "text")
    .addColumn("contract_date_previous", "text")
    .addColumn("contract_date_new", "text")
    .addColumn("additional_agreement_document_id", "text")
    .addColumn("decision", "text", (c) => c.check(oneOf("decision", CHANGE_DECISIONS, true)))
    .addColumn("decided_at", "text")
    .addColumn("decided_by", "text")
    .addColumn("decided_by_user_id", "text")
    .addColumn("rejected_reason", "text")
    .execute();
  await db.schema
    .createIndex("change_requests_transfer")
    .on("change_requests")
    .columns(["transfer_id", "created_at"])
    .execute();

  await db.schema
    .createTable("credit_check_orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text", (c) => c.notNull().references("transfers.id").onDelete("cascade"))
    .addColumn("party_id", "text")
    .addColumn("identifier_value", "text", (c) => c.notNull())
    .addColumn("ordered_by_user_id", "text", (c) => c.notNull())
    .addColumn("ordered_at", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().check(oneOf("status", CREDIT_CHECK_STATUSES)))
    .addColumn("result", "text")
    .addColumn("completed_at", "text")
    .addColumn("data_erased_at", "text")
    .execute();
  await db.schema
    .createIndex("credit_check_orders_transfer")
    .on("credit_check_orders")
    .columns(["transfer_id", "identifier_value"])
    .execute();

  await db.schema
    .createTable("messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text", (c) => c.notNull().references("transfers.id").onDelete("cascade"))
    .addColumn("parent_id", "text", (c) => c.references("messages.id").onDelete("cascade"))
    .addColumn("recipient", "text", (c) => c.check(oneOf("recipient", MESSAGE_ROLES, true)))
    .addColumn("sent_by_user_id", "text")
    .addColumn("sent_by_first_name", "text", (c) => c.notNull())
    .addColumn("sent_by_last_name", "text", (c) => c.notNull())
    .addColumn("sent_by_role", "text", (c) => c.notNull().check(oneOf("sent_by_role", MESSAGE_ROLES)))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("resolved", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("resolved_by_user_id", "text")
    .addColumn("resolved_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("latest_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("messages_transfer")
    .on("messages")
    .columns(["transfer_id", "parent_id", "created_at"])
    .execute();
  await db.schema
    .createIndex("messages_unresolved")
    .on("messages")
    .columns(["resolved", "latest_at"])
    .execute();

  await db.schema
    .createTable("notes")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text", (c) => c.notNull().references("transfers.id").onDelete("cascade"))
    .addColumn("audience", "text", (c) => c.notNull().check(oneOf("audience", NOTE_AUDIENCES)))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_by_user_id", "text", (c) => c.notNull())
    .addColumn("created_by_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("notes_transfer")
    .on("notes")
    .columns(["transfer_id", "audience", "created_at"])
    .execute();

  await db.schema
    .createTable("membership_decisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text", (c) =>
      c.notNull().unique().references("transfers.id").onDelete("cascade"),
    )
    .addColumn("decision", "text", (c) => c.notNull().check(oneOf("decision", MEMBERSHIP_DECISIONS)))
    .addColumn("decision_date", "text", (c) => c.notNull())
    .addColumn("reason", "text")
    .addColumn("decided_by_user_id", "text", (c) => c.notNull())
    .addColumn("decided_by_name", "text", (c) => c.notNull())
    .addColumn("sign_device", "text", (c) => c.notNull().check(oneOf("sign_device", SIGN_DEVICES)))
    .addColumn("document_id", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("sign_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text", (c) => c.notNull().references("transfers.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("decision", "text", (c) => c.notNull().check(oneOf("decision", ["Approve", "Reject"])))
    .addColumn("sign_device", "text", (c) => c.notNull().check(oneOf("sign_device", SIGN_DEVICES)))
    .addColumn("order_ref", "text")
    .addColumn("auto_start_token", "text")
    .addColumn("qr_start_token", "text")
    .addColumn("qr_start_secret", "text")
    .addColumn("launch_url", "text")
    .addColumn("status", "text", (c) =>
      c.notNull().check(oneOf("status", ["Pending", "complete", "failed", "cancelled"])),
    )
    .addColumn("reason", "text")
    .addColumn("decision_date", "text")
    .addColumn("hint_code", "text")
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema
    .createIndex("sign_sessions_transfer")
    .on("sign_sessions")
    .columns(["transfer_id", "user_id"])
    .execute();

  await db.schema
    .createTable("transfer_activity")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("tenant_id", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("transfer_activity_transfer_user")
    .unique()
    .on("transfer_activity")
    .columns(["transfer_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("transfer_activity_updated")
    .on("transfer_activity")
    .column("updated_at")
    .execute();

  await db.schema
    .createTable("analytics_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("tenant_id", "text")
    .addColumn("properties", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("duration_ms", "integer")
    .addColumn("occurred_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("analytics_events_occurred")
    .on("analytics_events")
    .columns(["name", "occurred_at"])
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("transfer_id", "text")
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("user_id", "text")
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("before", "text")
    .addColumn("after", "text")
    .execute();
  await db.schema.createIndex("audit_log_transfer").on("audit_log").columns(["transfer_id", "at"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "audit_log",
    "analytics_events",
    "transfer_activity",
    "sign_sessions",
    "membership_decisions",
    "notes",
    "messages",
    "credit_check_orders",
    "change_requests",
    "supplement_answer_guarantors",
    "supplement_answers",
    "supplement_requests",
    "automatic_checks",
    "documents",
    "transfer_parties",
    "transfers",
    "board_engagements",
    "property_objects",
    "associations",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
