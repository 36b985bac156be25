import { beforeAll, describe, expect, it } from "vitest";
import { insertTransfer } from "../../../../../tests/support/transfers";
import type { Viewer } from "../facts.server";
import { twelveMonthsBefore } from "./conditions.server";
import { searchTransfers } from "./search.server";
import { NOW, type Seed, query, onEachBackend } from "../../../../../tests/support/transfer-lists";

onEachBackend((world) => {
  const { viewers, all } = world;

  describe("searchTransfers: completed transfers around the 12-month and entry-date boundaries", () => {
    const rows: Array<Partial<Seed> & { id: string }> = [
      {
        id: "c-12-months",
        status: "MembershipApproved",
        membership_decision_date: "2025-11-21",
        entry_date: "2025-12-01",
      },
      {
        id: "c-12-months-and-a-day",
        status: "MembershipApproved",
        membership_decision_date: "2025-11-20",
        entry_date: "2025-12-01",
      },
      {
        id: "c-entry-today",
        status: "MembershipRejected",
        membership_decision_date: "2024-05-01",
        entry_date: "2026-11-21",
        finalized_at_property_manager: 1,
      },
      {
        id: "c-entry-yesterday",
        status: "MembershipApproved",
        membership_decision_date: "2024-05-01",
        entry_date: "2026-11-20",
      },
      {
        id: "c-entry-ahead",
        status: "MembershipApproved",
        membership_decision_date: "2023-01-01",
        entry_date: "2027-02-01",
        finalized_at_property_manager: 1,
      },
      {
        id: "c-no-entry",
        status: "MembershipRejected",
        membership_decision_date: "2026-10-01",
        entry_date: null,
      },
      {
        id: "c-undecided",
        status: "MembershipReviewInProgress",
        membership_decision_date: null,
        entry_date: "2027-02-01",
      },
      { id: "c-aborted", status: "Aborted", membership_decision_date: null, entry_date: "2027-02-01" },
    ];
    let peter: Viewer;

    beforeAll(async () => {
      // A tenant and association of their own (kvarnstaden, assoc-k) so that these rows are the whole list and
      // appear in no other list; Peter is borrowed as the tenant's manager.
      await world.db
        .insertInto("associations")
        .values({
          id: "assoc-k",
          organisation_number: "7696070001",
          name: "Brf Kvarnstaden",
          created_at: NOW.toISOString(),
        })
        .execute();
      await world.db
        .insertInto("property_objects")
        .values({
          id: "object-k",
          object_number: "K-1",
          description: "Lägenhet K-1",
          street: "Kvarngatan 9",
          postal_code: "118 47",
          city: "Stockholm",
          country: "Sverige",
          association_id: "assoc-k",
          tenant_id: "kvarnstaden",
          provider_id: "riksbyggen",
          created_at: "2026-01-01T00:00:00.000Z",
        })
        .execute();
      for (const [i, row] of rows.entries()) {
        await insertTransfer(world.db, {
          objectId: "object-k",
          modified_at: `2026-11-0${i + 1}T08:00:00.000Z`,
          finalized_at_property_manager: 0,
          membership_decision:
            row.status === "MembershipRejected"
              ? "Rejected"
              : row.status === "MembershipApproved"
                ? "Approved"
                : null,
          ...row,
        });
      }
      peter = { ...viewers.maria!, id: "user-peter", tenantId: "kvarnstaden" };
    });

    it("keeps decisions of the last 12 months and cases whose entry date has not passed", async () => {
      const got = await all(peter, query("completed"));
      expect(got.ids).toEqual(["c-no-entry", "c-entry-ahead", "c-entry-today", "c-12-months"]);
      expect(got.filterCount).toEqual({
        ApprovedApplications: 2,
        RejectedApplications: 2,
        EntryDateAhead: 2,
        NotFinalized: 2,
      });
      const ahead = await all(peter, query("completed", { filters: ["EntryDateAhead"] }));
      expect(ahead.ids).toEqual(["c-entry-ahead", "c-entry-today"]);
    });

    it("drops the boundary cases a day later", async () => {
      const got = await all(peter, query("completed"));
      expect(got.ids).toContain("c-12-months");
      const nextDay = await searchTransfers(
        world.db,
        peter,
        { ...query("completed"), page: 40 },
        {
          now: new Date("2026-11-22T10:00:00Z"),
          cumulative: true,
        },
      );
      expect(nextDay.rows.map((r) => r.id)).toEqual(["c-no-entry", "c-entry-ahead"]);
    });

    it("uses the date in Stockholm: 23:30 UTC on the 20th is already the 21st", async () => {
      const lateEvening = await searchTransfers(
        world.db,
        peter,
        { ...query("completed"), page: 40 },
        {
          now: new Date("2026-11-20T23:30:00Z"),
          cumulative: true,
        },
      );
      expect(lateEvening.rows.map((r) => r.id)).toEqual([
        "c-no-entry",
        "c-entry-ahead",
        "c-entry-today",
        "c-12-months",
      ]);
    });

    it("computes 12 months back on the calendar", () => {
      expect(twelveMonthsBefore("2026-11-21")).toBe("2025-11-21");
      expect(twelveMonthsBefore("2028-02-29")).toBe("2027-02-28");
      expect(twelveMonthsBefore("2025-02-28")).toBe("2024-02-28");
    });
  });
});
