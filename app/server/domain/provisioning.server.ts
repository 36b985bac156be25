import type { Db } from "../db/kysely.server";
import type { UseCaseContext } from "./core/context.server";
import {
  DEFAULT_ACTIONS,
  findUserIdByPersonalNumber,
  getUserById,
  setStatus,
  type Feature,
} from "./users.server";

/**
 * After registration a user is provisioned: a board-client user from the company registry's board engagements
 * (Active with board_member when listed on a board, Active without rights otherwise: /noPermissions), a private
 * party as Active with private_agreement, a property manager as Inactive until the organisation activates them.
 * A registry that cannot be reached leaves the user unprovisioned ("Användare skapas"), to be tried again.
 */
export async function provisionUser(
  ctx: Pick<UseCaseContext, "db" | "companyRegistry" | "now">,
  userId: string,
): Promise<"provisioned" | "retry" | "skipped"> {
  const { db, companyRegistry: registry } = ctx;
  const now = ctx.now ?? new Date();
  const user = await getUserById(db, userId);
  if (!user || !user.registered || user.provisioned || user.status !== "Pending") return "skipped";
  const stamp = now.toISOString();
  if (user.tenantType === "pm") {
    await db
      .updateTable("users")
      .set({ status: "Inactive", provisioned_at: stamp, updated_at: stamp })
      .where("id", "=", userId)
      .execute();
    return "provisioned";
  }
  let engagements;
  try {
    engagements = await registry.boardEngagements(user.personalNumber);
  } catch {
    return "retry";
  }
  const features = new Set<Feature>(user.features);
  if (engagements.length > 0) features.add("board_member");
  if (user.tenantType === "individuals") features.add("private_agreement");
  const actions = features.has("board_member") ? [...DEFAULT_ACTIONS] : user.actions;
  await db
    .updateTable("users")
    .set({
      status: "Active",
      features: JSON.stringify([...features]),
      actions: JSON.stringify(actions),
      provisioned_at: stamp,
      updated_at: stamp,
    })
    .where("id", "=", userId)
    .where("status", "=", "Pending")
    .execute();
  return "provisioned";
}

/** Activation by the user's organisation (scripts/user.ts activate). */
export async function activateUser(db: Db, personalNumber: string, now = new Date()): Promise<boolean> {
  const stamp = now.toISOString();
  const result = await db
    .updateTable("users")
    .set({
      status: "Active",
      provisioned_at: stamp,
      updated_at: stamp,
      actions: JSON.stringify([...DEFAULT_ACTIONS]),
    })
    .where("personal_number", "=", personalNumber)
    .where("status", "=", "Inactive")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** An organisation deactivates one of its users: status Inactive, every session ended (`setStatus`). */
export async function deactivateUser(db: Db, personalNumber: string, now = new Date()): Promise<boolean> {
  const userId = await findUserIdByPersonalNumber(db, personalNumber);
  if (!userId) return false;
  await setStatus(db, userId, "Inactive", now);
  return true;
}
