import { describe, expect, it } from "vitest";
import { ListRequestSchema } from "~/schemas/transfer-lists";
import {
  defaultListQuery,
  listQueryFromSearchParams,
  listQueryToSearchParams,
  type ListQuery,
} from "./query.server";
import { listQueryFromRequest, listText, parseListRequest } from "./request.server";

describe("list queries from URLs and JSON bodies", () => {
  it("reads the page's parameters and falls back to defaults for anything unknown", () => {
    const q = listQueryFromSearchParams(
      "active",
      new URLSearchParams(
        "page=3&filter=TransferReviewInProgress&filter=Bogus&filter=ApprovedApplications&toggle=SalesStopped&toggle=x&q=%20Kvarn%20&sort=Object&dir=Asc",
      ),
    );
    expect(q).toEqual({
      kind: "active",
      page: 3,
      filters: ["TransferReviewInProgress"],
      toggles: ["SalesStopped"],
      search: "Kvarn",
      order: { by: "Object", direction: "Asc" },
    });
    for (const bad of ["page=-1", "page=abc", "page=0", "page=1.5", "sort=Price", "dir=sideways", "tab=x"]) {
      const parsed = listQueryFromSearchParams("board", new URLSearchParams(bad));
      expect(parsed).toEqual(defaultListQuery("board"));
    }
    expect(listQueryFromSearchParams("active", new URLSearchParams("page=99999999999999")).page).toBe(10_000);
    expect(
      listQueryFromSearchParams("active", new URLSearchParams(`q=${"a".repeat(10_000)}`)).search,
    ).toHaveLength(100);
    expect(listQueryFromSearchParams("board", new URLSearchParams("toggle=SalesStopped")).toggles).toEqual(
      [],
    );
  });

  it("writes parameters back without defaults, and reads them again to the same query", () => {
    expect(listQueryToSearchParams(defaultListQuery("active")).toString()).toBe("");
    const q: ListQuery = {
      kind: "propertyManager",
      page: 2,
      filters: ["OngoingApplications", "WhereActionIsNeeded"],
      toggles: ["Expiring", "UnresolvedMessages"],
      search: "brf å",
      order: { by: "Status", direction: "Asc" },
    };
    const params = listQueryToSearchParams(q);
    expect(params.toString()).toBe(
      "page=2&filter=OngoingApplications&filter=WhereActionIsNeeded&toggle=Expiring&toggle=UnresolvedMessages&q=brf+%C3%A5&sort=Status&dir=Asc",
    );
    expect(listQueryFromSearchParams("propertyManager", params)).toEqual(q);
  });

  it("parses a JSON body with defaults for missing fields and refuses junk with keys of lists.json", () => {
    expect(parseListRequest({}, () => "active")).toEqual({ ok: true, query: defaultListQuery("active") });
    const full = parseListRequest(
      {
        page: 2,
        filters: ["MembershipReviewInProgress"],
        orderBy: "Association",
        direction: "Asc",
        search: " kvarn ",
        ignoreOrder: false,
        initiator: "PropertyManager",
        additionalFilters: ["SalesStopped"],
      },
      (body) => (body.initiator === "PropertyManager" ? "propertyManager" : "active"),
    );
    expect(full).toEqual({
      ok: true,
      query: {
        kind: "propertyManager",
        page: 2,
        filters: ["MembershipReviewInProgress"],
        toggles: ["SalesStopped"],
        search: "kvarn",
        order: { by: "Association", direction: "Asc" },
      },
    });
    const ignored = parseListRequest(
      { orderBy: "Object", direction: "Asc", ignoreOrder: true },
      () => "board",
    );
    expect(ignored.ok && ignored.query.order).toEqual({ by: "Modified", direction: "Desc" });

    const bad = parseListRequest(
      {
        page: 0,
        filters: ["Nope"],
        orderBy: "Price",
        direction: "up",
        search: "x".repeat(101),
        ignoreOrder: "yes",
        initiator: "Broker",
        additionalFilters: ["Everything"],
      },
      () => "active",
    );
    expect(bad).toEqual({
      ok: false,
      errors: {
        page: ["lists:errors.page"],
        "filters.0": ["lists:errors.filters"],
        orderBy: ["lists:errors.orderBy"],
        direction: ["lists:errors.direction"],
        search: ["lists:errors.search"],
        ignoreOrder: ["lists:errors.ignoreOrder"],
        initiator: ["lists:errors.initiator"],
        "additionalFilters.0": ["lists:errors.additionalFilters"],
      },
    });
    for (const key of Object.values(bad.ok ? {} : bad.errors).flat()) {
      expect(listText(key)).not.toBe(key);
    }
    expect(parseListRequest(null, () => "active")).toEqual({
      ok: false,
      errors: { body: ["lists:errors.body"] },
    });
    expect(parseListRequest([1], () => "active")).toEqual({
      ok: false,
      errors: { body: ["lists:errors.body"] },
    });
    expect(parseListRequest({ page: 10_001 }, () => "active")).toMatchObject({ ok: false });
    expect(parseListRequest({ page: 1.5 }, () => "active")).toMatchObject({ ok: false });
  });

  it("refuses filters and toggles the chosen list does not have", () => {
    const body = ListRequestSchema.parse({
      filters: ["ApprovedApplications"],
      additionalFilters: ["Expiring"],
    });
    expect(listQueryFromRequest("board", body)).toEqual({
      ok: false,
      errors: { additionalFilters: ["lists:errors.additionalFiltersNotInList"] },
    });
    expect(listQueryFromRequest("active", body)).toEqual({
      ok: false,
      errors: { filters: ["lists:errors.filterNotInList"] },
    });
  });
});
