import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { storageFor } from "./sessions";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/**
 * The one form path (decision 014): an empty and an invalid form answer with the GOV.UK error summary, each link
 * moves focus to its field, the title says Fel:, and what was typed comes back, with JavaScript and without.
 */

async function summaryLinks(page: Page) {
  const summary = page.getByRole("alert").filter({ hasText: "Det finns fel i formuläret" });
  await expect(summary).toBeVisible();
  await expect(summary).toBeFocused();
  return summary.getByRole("link");
}

test.describe("the error summary", () => {
  test.use({ storageState: storageFor("johan") });

  test("the account form: empty and invalid fields are summarised, each link focuses its field, values stay", async ({
    page,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    allowConsoleError(/status of 400/);
    await page.goto("/account");
    const first = page.getByLabel("Förnamn");
    const email = page.getByLabel("E-post");
    await first.fill("");
    await email.fill("johan.berg@");
    await page.getByRole("button", { name: "Spara" }).click();

    const links = await summaryLinks(page);
    await expect(links).toHaveText(["Fältet kan inte vara tomt", "Felaktigt format"]);
    await expect(page).toHaveTitle(/^Fel: /);
    await expect(first).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveValue("johan.berg@");
    const describedBy = (await email.getAttribute("aria-describedby")) ?? "";
    await expect(page.locator(`[id="${describedBy.split(" ")[0]}"]`)).toContainText("Felaktigt format");

    await links.nth(0).click();
    await expect(first).toBeFocused();
    await links.nth(1).click();
    await expect(email).toBeFocused();
    await expectNoA11yViolations();

    // Corrected, the form saves, and the title loses its Fel:.
    await first.fill("Johan");
    await email.fill("johan.berg@stadsbo.example");
    await page.getByRole("button", { name: "Spara" }).click();
    await expect(page.getByText("Kontoinformation uppdaterad.")).toBeVisible();
    await expect(page).not.toHaveTitle(/^Fel: /);
  });
});

test.describe("the note form", () => {
  test.use({ storageState: storageFor("maria") });

  test("a too long note comes back whole with its error; the summary link focuses the text box", async ({
    page,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    allowConsoleError(/status of 400/);
    await page.goto("/transfers/t-kvarnen-review-deviations/overview");
    const box = page.getByLabel("Ny anteckning");
    const long = "Lång anteckning. ".repeat(300);
    await box.fill(long);
    await page.getByRole("button", { name: "Spara anteckning" }).click();
    const links = await summaryLinks(page);
    await expect(links).toHaveText(["Anteckningen får vara högst 5000 tecken"]);
    await expect(box).toHaveValue(long);
    await links.first().click();
    await expect(box).toBeFocused();
    await expectNoA11yViolations();
  });
});
