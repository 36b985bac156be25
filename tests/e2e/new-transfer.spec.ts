import { expect, test } from "./fixtures";
import { storageFor } from "./sessions";

/**
 * Issue 15: a property manager creates a transfer at /newTransfer, in both projects (every step is a form post;
 * with JavaScript Remix sends them). Viktor Hallberg (README) owns half of a Kvarnen 3 apartment that Stadsbo
 * manages through SimpleKo's (simulated) system. Each page is checked with axe.
 */

test.describe("a property manager's new transfer", () => {
  test.use({ storageState: storageFor("maria") });

  test("searches by the owner's personnummer, picks the object and creates the transfer", async ({
    page,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    test.slow();
    // Without JavaScript a refused form is a page answered 400, which the browser logs.
    allowConsoleError(/status of 400/);
    await page.goto("/transfers?sort=Modified&dir=Desc");
    await page.getByRole("link", { name: "Ny överlåtelse" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Skapa ny överlåtelse");
    await expect(page.getByLabel("Personnummer")).toBeChecked();
    await expectNoA11yViolations();

    // A wrong number: the spec's text, what was typed kept.
    await page.getByLabel("Ägarens identitet").fill("19910602-1258");
    await page.getByRole("button", { name: "Sök objekt" }).click();
    await expect(page.getByRole("link", { name: "Ogiltigt personnummer" })).toBeVisible();
    await expect(page.getByLabel("Ägarens identitet")).toHaveValue("19910602-1258");
    await expectNoA11yViolations();

    await page.getByLabel("Ägarens identitet").fill("19910602-1257");
    await page.getByRole("button", { name: "Sök objekt" }).click();
    await expect(page.getByRole("status").filter({ hasText: /Hittade \d+ objekt/ })).toBeVisible();
    const choices = page.getByRole("group", { name: "Välj objekt" });
    await expect(choices).toBeVisible();
    await expectNoA11yViolations();

    // Without a choice: Välj objekt.
    await page.getByRole("button", { name: "Skapa överlåtelse" }).click();
    await expect(page.getByRole("link", { name: "Välj objekt" })).toBeVisible();
    await choices.getByRole("radio").first().check();
    await page.getByRole("button", { name: "Skapa överlåtelse" }).click();

    // The object may have transfers under way (the other project made one): the question comes first.
    const duplicates = page.getByRole("heading", { name: "Möjliga dubbletter" });
    const overview = page.getByRole("link", { name: "Översikt" });
    await expect(duplicates.or(overview)).toBeVisible();
    if (await duplicates.isVisible()) {
      await expectNoA11yViolations();
      await page.getByRole("button", { name: "Ja, skapa överlåtelsen" }).click();
    }
    await expect(page).toHaveURL(/\/transfers\/[0-9a-f-]{36}\/overview$/);
    await expect(page.getByText("Överlåtelsen är skapad")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoA11yViolations();
  });
});
