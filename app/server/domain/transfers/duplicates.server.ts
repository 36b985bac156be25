import type { Db } from "../../db/kysely.server";
import { FINAL_STATUSES, type TransferStatus } from "~/lib/transfer";
import { notFound } from "../core/errors.server";
import type { Viewer } from "./facts.server";

export interface PossibleDuplicate {
  transferId: string;
  status: TransferStatus;
  objectNumber: string;
  created: string;
  createdBy?: string;
}

/**
 * The manager's possible duplicates of a new transfer (spec 03 §2.1, `GET …/transfers/existing`): their tenant's
 * transfers of the object that are still running (not final, not being aborted, not deleted), newest first.
 * An object of another tenant, or none at all, is missing.
 */
export async function possibleDuplicates(
  db: Db,
  viewer: Viewer,
  objectId: string,
): Promise<PossibleDuplicate[]> {
  const object = await db
    .selectFrom("property_objects")
    .select("id")
    .where("id", "=", objectId)
    .where("tenant_id", "=", viewer.tenantId)
    .executeTakeFirst();
  if (viewer.role !== "PropertyManager" || !object) throw notFound();
  const rows = await db
    .selectFrom("transfers")
    .leftJoin("users", "users.id", "transfers.created_by_user_id")
    .select([
      "transfers.id",
      "transfers.status",
      "transfers.object_number",
      "transfers.created_at",
      "users.first_name",
      "users.last_name",
    ])
    .where("transfers.object_id", "=", objectId)
    .where("transfers.tenant_id", "=", viewer.tenantId)
    .where("transfers.status", "not in", [...FINAL_STATUSES])
    .where("transfers.aborting", "=", 0)
    .where("transfers.deleted_at", "is", null)
    .orderBy("transfers.created_at", "desc")
    .orderBy("transfers.id")
    .execute();
  return rows.map((row) => ({
    transferId: row.id,
    status: row.status as TransferStatus,
    objectNumber: row.object_number,
    created: row.created_at,
    ...(row.first_name ? { createdBy: `${row.first_name} ${row.last_name ?? ""}`.trim() } : {}),
  }));
}
