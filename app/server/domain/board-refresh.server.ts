import crypto from "node:crypto";
import type { Db } from "../db/kysely.server";
import type { UseCaseContext } from "./core/context.server";
import { DEFAULT_ACTIONS, FEATURES, type Feature } from "./users.server";
import { parseJsonList } from "../db/json-columns.server";

/**
 * The daily board refresh (decision 016). Board seats come from the company registry: for every person who is
 * or was a board member here, the registry's engagements of today replace the registry-sourced rows of
 * `board_engagements` (seats the property manager granted, source `manager`, are left alone), and the person's
 * users gain or lose the feature `board_member`. A member who left loses access with the next refresh (their lists
 * are empty, their transfer pages answer 404, the start page is /noPermissions); one who joined gains it.
 *
 * A registry that fails for a person changes nothing for that person (an outage never takes access away); the run
 * then reports the failures and throws, so the job is retried, and the people already refreshed are simply
 * refreshed again. Associations the registry names that this installation does not manage are counted, not added.
 *
 * The users who lost a seat or the feature are announced to the live channel (`accessChanged`), so that their open
 * pages stop receiving the events of the boards they left at once, not only at the next periodic check.
 */

export interface BoardRefreshResult {
  people: number;
  added: number;
  removed: number;
  kept: number;
  joined: number;
  left: number;
  unknownAssociations: number;
  failed: string[];
}

export class BoardRefreshError extends Error {
  override readonly name = "BoardRefreshError";
  constructor(readonly result: BoardRefreshResult) {
    super(`the registry failed for ${result.failed.length} of ${result.people} people: ${result.failed[0]}`);
  }
}

/** Everyone whose seats the refresh looks at: board users and people with registry seats. */
async function candidates(db: Db): Promise<string[]> {
  const users = await db.selectFrom("users").select(["personal_number", "role", "features"]).execute();
  const numbers = new Set(
    users
      .filter((u) => u.role === "BoardMember" || parseJsonList(u.features).includes("board_member"))
      .map((u) => u.personal_number),
  );
  const seats = await db
    .selectFrom("board_engagements")
    .select("personal_number")
    .distinct()
    .where("source", "=", "registry")
    .execute();
  for (const s of seats) numbers.add(s.personal_number);
  return [...numbers].sort();
}

export async function refreshBoards(
  ctx: Pick<UseCaseContext, "db" | "companyRegistry" | "now" | "live">,
): Promise<BoardRefreshResult> {
  const { db, companyRegistry: registry } = ctx;
  const now = ctx.now ?? new Date();
  const stamp = now.toISOString();
  const result: BoardRefreshResult = {
    people: 0,
    added: 0,
    removed: 0,
    kept: 0,
    joined: 0,
    left: 0,
    unknownAssociations: 0,
    failed: [],
  };
  const narrowed: string[] = [];
  const associations = new Map(
    (await db.selectFrom("associations").select(["id", "organisation_number"]).execute()).map((a) => [
      a.organisation_number,
      a.id,
    ]),
  );
  for (const personalNumber of await candidates(db)) {
    result.people++;
    let engagements;
    try {
      engagements = await registry.boardEngagements(personalNumber);
    } catch (error) {
      result.failed.push(
        `${personalNumber.slice(0, 8)}-****: ${error instanceof Error ? error.message : error}`,
      );
      continue;
    }
    const seats = new Map<string, (typeof engagements)[number]>();
    for (const e of engagements) {
      const associationId = associations.get(e.organisationNumber);
      if (associationId) seats.set(associationId, e);
      else result.unknownAssociations++;
    }
    await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom("board_engagements")
        .select(["id", "association_id"])
        .where("personal_number", "=", personalNumber)
        .where("source", "=", "registry")
        .execute();
      const gone = existing.filter((row) => !seats.has(row.association_id));
      if (gone.length > 0) {
        await trx
          .deleteFrom("board_engagements")
          .where(
            "id",
            "in",
            gone.map((row) => row.id),
          )
          .execute();
      }
      result.removed += gone.length;
      const have = new Set(existing.map((row) => row.association_id));
      for (const [associationId, seat] of seats) {
        if (have.has(associationId)) {
          await trx
            .updateTable("board_engagements")
            .set({ role: seat.role, refreshed_at: stamp })
            .where("personal_number", "=", personalNumber)
            .where("association_id", "=", associationId)
            .where("source", "=", "registry")
            .execute();
          result.kept++;
        } else {
          await trx
            .insertInto("board_engagements")
            .values({
              id: crypto.randomUUID(),
              personal_number: personalNumber,
              association_id: associationId,
              role: seat.role,
              source: "registry",
              refreshed_at: stamp,
            })
            .execute();
          result.added++;
        }
      }
      // The feature follows the registry, as at provisioning: listed on any board today, or not.
      const onABoard = engagements.length > 0;
      const users = await trx
        .selectFrom("users")
        .select(["id", "features", "actions"])
        .where("personal_number", "=", personalNumber)
        .where("status", "=", "Active")
        .execute();
      if (gone.length > 0) narrowed.push(...users.map((user) => user.id));
      for (const user of users) {
        const features = new Set(
          parseJsonList(user.features).filter((f): f is Feature =>
            (FEATURES as readonly string[]).includes(f),
          ),
        );
        if (features.has("board_member") === onABoard) continue;
        if (onABoard) features.add("board_member");
        else features.delete("board_member");
        const actions = parseJsonList(user.actions);
        await trx
          .updateTable("users")
          .set({
            features: JSON.stringify([...features]),
            actions: JSON.stringify(onABoard && actions.length === 0 ? [...DEFAULT_ACTIONS] : actions),
            updated_at: stamp,
          })
          .where("id", "=", user.id)
          .execute();
        if (onABoard) result.joined++;
        else {
          result.left++;
          if (gone.length === 0) narrowed.push(user.id);
        }
      }
    });
  }
  if (narrowed.length > 0) await ctx.live?.accessChanged(narrowed);
  if (result.failed.length > 0) throw new BoardRefreshError(result);
  return result;
}
