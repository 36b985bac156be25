import { describe, expect, it } from "vitest";
import { addDays, daysBetween, isIsoDate, todayInStockholm } from "./dates";

describe("dates", () => {
  it("accepts only real calendar dates", () => {
    expect(isIsoDate("2026-02-28")).toBe(true);
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-13-01")).toBe(false);
    expect(isIsoDate("2026-1-01")).toBe(false);
    expect(isIsoDate("21/11/2026")).toBe(false);
  });

  it("knows today in Stockholm across midnight UTC", () => {
    expect(todayInStockholm(new Date("2026-11-21T23:30:00Z"))).toBe("2026-11-22");
    expect(todayInStockholm(new Date("2026-06-30T21:59:00Z"))).toBe("2026-06-30");
    expect(todayInStockholm(new Date("2026-06-30T22:00:00Z"))).toBe("2026-07-01");
  });

  it("adds and counts calendar days over month, year and leap-day ends", () => {
    expect(addDays("2026-11-28", 7)).toBe("2026-12-05");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(daysBetween("2026-03-28", "2026-04-27")).toBe(30);
    expect(daysBetween("2026-04-27", "2026-03-28")).toBe(-30);
  });
});
