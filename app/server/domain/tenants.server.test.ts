import { describe, expect, it } from "vitest";
import { freshSqlite } from "../../../tests/support/db";
import { getTenantOrDefault, listTenants, supportContactOf, themeCss, toTheme } from "./tenants.server";

describe("tenants and themes", () => {
  it("lists every seeded tenant with id, displayName and type", async () => {
    const { db, destroy } = await freshSqlite();
    const list = await listTenants(db);
    expect(list[0]).toEqual({ id: "default", displayName: "Överlåtelseportalen", type: "pm" });
    expect(list.map((t) => t.id)).toEqual(
      expect.arrayContaining([
        "stadsbo",
        "nordhem",
        "styrelse",
        "individuals",
        "test-red",
        "test-green",
        "test-dark",
      ]),
    );
    await destroy();
  });

  it("falls back to the neutral theme for an unknown or missing tenant", async () => {
    const { db, destroy } = await freshSqlite();
    expect((await getTenantOrDefault(db, "nope")).id).toBe("default");
    expect((await getTenantOrDefault(db, undefined)).id).toBe("default");
    expect((await getTenantOrDefault(db, "test-dark")).id).toBe("test-dark");
    await destroy();
  });

  it("turns a tenant into the theme shape and CSS custom properties with readable text colours", async () => {
    const { db, destroy } = await freshSqlite();
    const theme = toTheme(await getTenantOrDefault(db, "test-dark"));
    expect(theme).toMatchObject({
      identifier: "test-dark",
      darkBg: true,
      primaryColor: "#202a36",
      promoteApp: false,
    });
    expect(Object.keys(theme).sort()).toEqual(
      [
        "identifier",
        "displayName",
        "type",
        "primaryColor",
        "secondaryColor",
        "logoUrl",
        "logoAltText",
        "invertedLogoUrl",
        "bg",
        "darkBg",
        "altText",
        "promoteApp",
      ].sort(),
    );
    const css = themeCss(theme);
    expect(css).toContain("--color-primary:#202a36");
    expect(css).toContain("--color-on-primary:#ffffff");
    expect(css).toContain('--tenant-bg:url("/backgrounds/test-dark.svg")');
    expect(supportContactOf(await getTenantOrDefault(db, "nordhem"))).toEqual({
      emailAddress: "kundtjanst@nordhem.example",
      phoneNumber: null,
    });
    await destroy();
  });
});
