import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { homeOf } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import type { LivePublisher } from "~/server/domain/core/events.server";
import { BoardRefreshError, refreshBoards } from "~/server/domain/board-refresh.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import { getTransferForReview } from "~/server/domain/review/views.server";
import { getUserById } from "~/server/domain/users.server";
import { getCompanyRegistrySimulator } from "~/server/integrations/company-registry/index.server";
import { svT } from "~/server/platform/i18n.server";
import { startFreshApp } from "../support/app";

/** The daily board refresh (decision 016) against the registry simulator and the demo data. */

const ERIK = "197509025172";
const GORAN = "196104222739";
const NOW = new Date();
const registry = getCompanyRegistrySimulator();

/** The live channel as the refresh sees it: only whose access it announces as narrowed matters here. */
function announcements(): LivePublisher & { narrowed: Array<readonly string[] | undefined> } {
  const narrowed: Array<readonly string[] | undefined> = [];
  return {
    narrowed,
    publish: async () => undefined,
    publishToUser: async () => undefined,
    accessChanged: async (userIds) => void narrowed.push(userIds),
  };
}

async function boardsOf(userId: string) {
  const user = (await getUserById(getDb(), userId))!;
  const viewer = await viewerFor(getDb(), user);
  return { user, viewer, home: homeOf(user) };
}

async function kvarnenTransfer(): Promise<string> {
  const row = await getDb()
    .selectFrom("transfers")
    .select("id")
    .where("association_name", "like", "%Kvarnen%")
    .where("status", "=", "MembershipReviewInProgress")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  await startFreshApp();
  registry.reset();
});
afterAll(() => registry.reset());

describe("the daily board refresh", () => {
  it("on the demo data the seats and the registry agree: a refresh changes nothing", async () => {
    const live = announcements();
    const result = await refreshBoards({ db: getDb(), companyRegistry: registry, now: NOW, live });
    expect(live.narrowed).toEqual([]);
    expect(result.people).toBeGreaterThanOrEqual(4);
    expect({
      added: result.added,
      removed: result.removed,
      joined: result.joined,
      left: result.left,
    }).toEqual({
      added: 0,
      removed: 0,
      joined: 0,
      left: 0,
    });
  });

  it("a member who left the board loses access with the next refresh; the run says so", async () => {
    const before = await boardsOf("user-erik");
    expect(before.viewer.boardAssociationIds.length).toBe(1);
    const transferId = await kvarnenTransfer();
    const ctx = { db: getDb(), now: NOW, t: svT() };
    expect(await getTransferForReview({ ...ctx, viewer: before.viewer }, transferId)).not.toBeNull();

    const [seat] = await registry.boardEngagements(ERIK);
    registry.endEngagement(ERIK, seat!.organisationNumber, "2026-01-01");
    const live = announcements();
    const result = await refreshBoards({ db: getDb(), companyRegistry: registry, now: NOW, live });
    expect(result).toMatchObject({ removed: 1, left: 1, added: 0, joined: 0 });
    // His open pages are re-checked at once on every instance, not only at the next periodic check.
    expect(live.narrowed).toEqual([["user-erik"]]);

    const after = await boardsOf("user-erik");
    expect(after.viewer.boardAssociationIds).toEqual([]);
    expect(after.user.features).not.toContain("board_member");
    expect(after.home).toBe("/noPermissions");
    expect(await getTransferForReview({ ...ctx, viewer: after.viewer }, transferId)).toBeNull();
  });

  it("one who joined gains access; a second run the same day changes nothing", async () => {
    const erik = (await registry.boardEngagements("196803142428"))[0]!; // Karin's association, for Göran
    registry.addEngagement({
      personalNumber: GORAN,
      organisationNumber: erik.organisationNumber,
      role: "Member",
      from: "2026-01-01",
      givenName: "Göran",
      surname: "Ekdahl",
    });
    const live = announcements();
    const result = await refreshBoards({ db: getDb(), companyRegistry: registry, now: NOW, live });
    expect(result).toMatchObject({ added: 1, joined: 1, removed: 0, left: 0 });
    // Gaining access needs no re-check: the next join is asked then.
    expect(live.narrowed).toEqual([]);
    const goran = await boardsOf("user-goran");
    expect(goran.user.features).toContain("board_member");
    expect(goran.viewer.boardAssociationIds.length).toBe(1);
    expect(goran.home).toBe("/transfers");
    expect(await refreshBoards({ db: getDb(), companyRegistry: registry, now: NOW })).toMatchObject({
      added: 0,
      removed: 0,
      joined: 0,
      left: 0,
    });
  });

  it("a registry that is down takes nobody's access away, and the run fails to be retried", async () => {
    const karinBefore = await boardsOf("user-karin");
    registry.simulateOutage(true);
    try {
      const error = await refreshBoards({ db: getDb(), companyRegistry: registry, now: NOW }).catch(
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(BoardRefreshError);
      expect((error as BoardRefreshError).result.failed.length).toBe(
        (error as BoardRefreshError).result.people,
      );
    } finally {
      registry.simulateOutage(false);
    }
    const karinAfter = await boardsOf("user-karin");
    expect(karinAfter.viewer.boardAssociationIds).toEqual(karinBefore.viewer.boardAssociationIds);
    expect(karinAfter.user.features).toEqual(karinBefore.user.features);
  });
});
