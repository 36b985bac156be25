import { describe, expect, it } from "vitest";
import { defaultListQuery, type ListQuery } from "./query.server";
import { SEARCH_STATE_KEYS, loadSearchState, saveSearchState } from "./saved-search.server";
import { onEachBackend } from "../../../../../tests/support/transfer-lists";

onEachBackend((world) => {
  describe("saved search criteria", () => {
    it("writes only when the criteria change, so updated_at is when they last changed", async () => {
      const key = SEARCH_STATE_KEYS.propertyManager;
      const stamp = async () =>
        (
          await world.db
            .selectFrom("saved_searches")
            .select("updated_at")
            .where("user_id", "=", "user-johan")
            .where("key", "=", key)
            .executeTakeFirstOrThrow()
        ).updated_at;
      const q = { ...defaultListQuery("propertyManager"), search: "ek" };
      await saveSearchState(world.db, "user-johan", key, q);
      const first = await stamp();
      await world.db.updateTable("saved_searches").set({ updated_at: "2000-01-01T00:00:00.000Z" }).execute();
      await saveSearchState(world.db, "user-johan", key, q);
      expect(await stamp()).toBe("2000-01-01T00:00:00.000Z");
      await saveSearchState(world.db, "user-johan", key, { ...q, search: "eka" });
      expect(await stamp()).not.toBe("2000-01-01T00:00:00.000Z");
      expect(first).not.toBe("2000-01-01T00:00:00.000Z");
      expect(await loadSearchState(world.db, "user-johan", key)).toEqual({ ...q, search: "eka" });
    });

    it("round-trips per user and key, overwrites, and cleans what is no longer valid", async () => {
      const q: ListQuery = {
        kind: "active",
        page: 2,
        filters: ["TransferReviewInProgress"],
        toggles: ["SalesStopped"],
        search: "kvarn",
        order: { by: "Object", direction: "Asc" },
      };
      expect(await loadSearchState(world.db, "user-maria", SEARCH_STATE_KEYS.active)).toBeNull();
      await saveSearchState(world.db, "user-maria", SEARCH_STATE_KEYS.active, q);
      expect(await loadSearchState(world.db, "user-maria", SEARCH_STATE_KEYS.active)).toEqual(q);
      expect(await loadSearchState(world.db, "user-maria", SEARCH_STATE_KEYS.propertyManager)).toBeNull();
      expect(await loadSearchState(world.db, "user-johan", SEARCH_STATE_KEYS.active)).toBeNull();

      const completed = { ...defaultListQuery("completed"), filters: ["EntryDateAhead"] };
      await saveSearchState(world.db, "user-maria", SEARCH_STATE_KEYS.completed, completed);
      const changed = { ...q, search: "ekbacken", page: 1 };
      await saveSearchState(world.db, "user-maria", SEARCH_STATE_KEYS.active, changed);
      expect(await loadSearchState(world.db, "user-maria", SEARCH_STATE_KEYS.active)).toEqual(changed);
      expect(await loadSearchState(world.db, "user-maria", SEARCH_STATE_KEYS.completed)).toEqual(completed);

      await world.db
        .updateTable("saved_searches")
        .set({
          state: JSON.stringify({
            ...q,
            filters: ["Gone", "OngoingApplications"],
            page: 123_456,
            order: { by: "x", direction: "y" },
          }),
        })
        .where("user_id", "=", "user-maria")
        .where("key", "=", SEARCH_STATE_KEYS.active)
        .execute();
      expect(await loadSearchState(world.db, "user-maria", SEARCH_STATE_KEYS.active)).toEqual({
        ...q,
        page: 10_000,
        filters: ["OngoingApplications"],
        order: { by: "Modified", direction: "Desc" },
      });
      for (const junk of ["{not json", JSON.stringify({ kind: "everything" }), "null"]) {
        await world.db
          .updateTable("saved_searches")
          .set({ state: junk })
          .where("user_id", "=", "user-maria")
          .where("key", "=", SEARCH_STATE_KEYS.active)
          .execute();
        expect(await loadSearchState(world.db, "user-maria", SEARCH_STATE_KEYS.active)).toBeNull();
      }
    });
  });
});
