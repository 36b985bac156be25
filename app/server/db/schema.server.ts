import type { Generated, Insertable, Selectable, Updateable } from "kysely";
import type { JobState } from "~/schemas/jobs";
import type { AnalyticsEventsTable, AuditLogTable, TransferActivityTable } from "./schema/activity.server";
import type {
  LoginOrdersTable,
  ManagementProvidersTable,
  OfficesTable,
  SavedSearchesTable,
  SessionsTable,
  SignInStartsTable,
  TenantsTable,
  UserOfficesTable,
  UsersTable,
} from "./schema/accounts.server";
import type { MembershipDecisionsTable, SignSessionsTable } from "./schema/decisions.server";
import type { AutomaticChecksTable, DocumentAnalysesTable, DocumentsTable } from "./schema/documents.server";
import type { JobsTable, MailOutboxTable } from "./schema/jobs.server";
import type {
  ChangeRequestsTable,
  CreditCheckOrdersTable,
  MessagesTable,
  NotesTable,
  SupplementAnswerGuarantorsTable,
  SupplementAnswersTable,
  SupplementRequestsTable,
} from "./schema/review.server";
import type {
  AssociationsTable,
  BoardEngagementsTable,
  PropertyObjectsTable,
  TransferPartiesTable,
  TransfersTable,
} from "./schema/transfers.server";

export type * from "./schema/accounts.server";
export type * from "./schema/jobs.server";
export type * from "./schema/transfers.server";
export type * from "./schema/documents.server";
export type * from "./schema/review.server";
export type * from "./schema/decisions.server";
export type * from "./schema/activity.server";
export type { JobState };

/**
 * The database as Kysely sees it: every table, by name. The table types are in schema/, one file per area
 * (the column conventions in schema/columns.server.ts); every query imports them from here.
 */
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
