import { CompiledQuery, type Selectable } from "kysely";
import type { DbKind } from "../../app/server/db/kysely.server";
import type { Database } from "../../app/server/db/schema.server";

// The rows a run writes (every column named, checked at compile time) and their batched multi-row INSERTs.

export type AssociationRow = Selectable<Database["associations"]>;
export type ObjectRow = Selectable<Database["property_objects"]>;
export type TransferRow = Selectable<Database["transfers"]>;
export type PartyRow = Selectable<Database["transfer_parties"]>;

/** Every column of the row, at compile time: a column added to the table breaks the build here. */
function columns<Row>() {
  return <const C extends ReadonlyArray<keyof Row & string>>(
    list: C & ([Exclude<keyof Row, C[number]>] extends [never] ? unknown : "missing a column"),
  ): C => list;
}

export const ASSOCIATION_COLUMNS = columns<AssociationRow>()([
  "id",
  "organisation_number",
  "name",
  "created_at",
]);
export const OBJECT_COLUMNS = columns<ObjectRow>()([
  "id",
  "object_number",
  "description",
  "street",
  "postal_code",
  "city",
  "country",
  "association_id",
  "tenant_id",
  "provider_id",
  "under_maintenance",
  "area",
  "created_at",
]);
export const TRANSFER_COLUMNS = columns<TransferRow>()([
  "id",
  "object_id",
  "object_number",
  "association_id",
  "association_name",
  "tenant_id",
  "provider_id",
  "street",
  "postal_code",
  "city",
  "country",
  "search_text",
  "transfer_type",
  "initiator_role",
  "status",
  "status_before_info_request",
  "sale_status",
  "under_investigation_since",
  "parts_notified",
  "expired",
  "running_tasks",
  "aborting",
  "has_deviations",
  "action_is_needed",
  "awaiting_info_request_answer",
  "unresolved_messages",
  "number_of_messages",
  "finalized_at_property_manager",
  "finalized_by_user_id",
  "finalized_at",
  "purchase_price",
  "entry_date",
  "contract_date",
  "membership_decision",
  "membership_decision_date",
  "intermediary_first_name",
  "intermediary_last_name",
  "intermediary_email",
  "intermediary_office_name",
  "created_by_user_id",
  "summary_document_id",
  "version",
  "created_at",
  "modified_at",
  "deleted_at",
]);
export const PARTY_COLUMNS = columns<PartyRow>()([
  "id",
  "transfer_id",
  "kind",
  "identifier_type",
  "identifier_value",
  "first_name",
  "last_name",
  "email",
  "phone",
  "street",
  "postal_code",
  "city",
  "country",
  "owner_share_numerator",
  "owner_share_denominator",
  "transfer_share_numerator",
  "transfer_share_denominator",
  "membership_status",
  "is_payment_notice_recipient",
  "sort_order",
  "created_at",
]);

export type Exec = (query: CompiledQuery) => Promise<unknown>;

/** Multi-row INSERTs of as many rows as the driver's parameter limit allows (at most 1000). */
export class TableWriter<Row> {
  private readonly pending: unknown[] = [];
  private readonly batchRows: number;
  private readonly statements = new Map<number, string>();
  written = 0;

  constructor(
    private readonly exec: Exec,
    private readonly kind: DbKind,
    private readonly table: string,
    private readonly cols: ReadonlyArray<keyof Row & string>,
    /** The writer of the rows these refer to: its pending rows go in first. */
    private readonly parent?: { flush(): Promise<void> },
  ) {
    const maxParameters = kind === "sqlite" ? 32_766 : 65_535;
    this.batchRows = Math.max(1, Math.min(1000, Math.floor(maxParameters / cols.length)));
  }

  async add(row: Row): Promise<void> {
    for (const col of this.cols) this.pending.push(row[col]);
    if (this.pending.length >= this.batchRows * this.cols.length) await this.flush();
  }

  async flush(): Promise<void> {
    await this.parent?.flush();
    const width = this.cols.length;
    while (this.pending.length > 0) {
      const params = this.pending.splice(0, this.batchRows * width);
      const rows = params.length / width;
      try {
        await this.exec(CompiledQuery.raw(this.statement(rows), params));
      } catch (error) {
        throw new Error(`Bulk insert into ${this.table} failed`, { cause: error });
      }
      this.written += rows;
    }
  }

  private statement(rows: number): string {
    let text = this.statements.get(rows);
    if (text) return text;
    const width = this.cols.length;
    const tuples: string[] = [];
    for (let r = 0; r < rows; r++) {
      const marks =
        this.kind === "sqlite"
          ? Array.from({ length: width }, () => "?")
          : Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`);
      tuples.push(`(${marks.join(",")})`);
    }
    text = `insert into "${this.table}" (${this.cols.map((c) => `"${c}"`).join(",")}) values ${tuples.join(",")}`;
    this.statements.set(rows, text);
    return text;
  }
}
