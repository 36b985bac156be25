import { expect, test } from "./fixtures";
import { storageFor } from "./sessions";

/**
 * Spec 03 §2.3: a private seller (Karin Lindqvist owns half of a Vasaparken apartment, README) starts a transfer of
 * their own object and lands on its overview, in both projects; each page is checked with axe.
 */

test.describe("a private party's new transfer", () => {
  test.use({ storageState: storageFor("karin") });

  test("finds their own objects, is asked first, and creates the transfer", async ({
    page,
    expectNoA11yViolations,
  }) => {
    test.slow();
    await page.goto("/transfers/private");
    await page.getByRole("link", { name: "Ny överlåtelse" }).click();
    await page.getByRole("link", { name: "Ja, gå vidare" }).click();
    await expect(page).toHaveURL(/\/transfers\/private\/new$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ny överlåtelse");
    await expect(page.getByRole("status").filter({ hasText: /\d+ objekt hittades/ })).toBeVisible();
    // With JavaScript the objects came over the live channel, not from the server's fallback search (?wait=1).
    await expect(page).toHaveURL(/\/transfers\/private\/new$/);
    await expectNoA11yViolations();

    await page
      .getByRole("link", { name: /^Skapa överlåtelse/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { name: "Skapa ny överlåtelse" })).toBeVisible();
    await expectNoA11yViolations();
    await page.getByRole("button", { name: "Ja, skapa överlåtelsen" }).click();
    await expect(page).toHaveURL(/\/transfers\/private\/[0-9a-f-]{36}\/overview$/);
    await expect(page.getByText("Överlåtelsen är skapad")).toBeVisible();
    await expect(page.getByRole("link", { name: "Översikt" })).toHaveAttribute("aria-current", "page");
    await expectNoA11yViolations();
  });
});
