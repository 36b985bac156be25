import type { Page } from "@playwright/test";
import { PEOPLE, signIn } from "./bankid";
import { CONSENT_COOKIE, expect, test } from "./fixtures";
import { storageFor, storageOf } from "./sessions";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/**
 * The daily board refresh (decision 016): a board member whose seat ends in the company registry loses access with
 * the next refresh and lands on /noPermissions. The registry simulator's page ends the seat and runs the refresh
 * now; the test restores the registry afterwards, so the other project starts from the demo data again.
 */

async function refreshAndWait(page: Page, expected: RegExp) {
  await page.getByRole("button", { name: "Kör styrelseuppdateringen nu" }).click();
  await expect(page.getByText("Styrelseuppdateringen är köad och körs inom en sekund.")).toBeVisible();
  await expect(async () => {
    await page.goto("/dev/registry");
    await expect(page.locator("#last-run")).toHaveText(expected, { timeout: 500 });
  }).toPass({ timeout: 15_000 });
}

test("a member who left the board loses access after the refresh", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
  consented,
  allowConsoleError,
  expectNoA11yViolations,
}) => {
  allowConsoleError(/status of 404/);
  void consented;
  // The registry simulator's page is for signed-in people: Maria plays the registry in a browser of
  // her own, while Fatima signs in in this one.
  const operator = await browser.newContext({ storageState: storageOf("maria"), javaScriptEnabled });
  await operator.addCookies([{ ...CONSENT_COOKIE, url: baseURL! }]);
  const registry = await operator.newPage();
  try {
    await registry.goto("/dev/registry");
    await expect(registry.getByRole("heading", { level: 1 })).toHaveText("Bolagsregistret (simulator)");
    await expectNoA11yViolations(registry);
    await registry
      .getByRole("button", {
        name: "Avsluta uppdraget för Fatima Haddad i Riksbyggens Bostadsrättsförening Tallbacken",
      })
      .click();
    await expect(registry.getByText(/Uppdraget är avslutat i registret/)).toBeVisible();
    await expect(registry.getByRole("button", { name: /Avsluta uppdraget för Fatima Haddad/ })).toHaveCount(
      0,
    );
    await refreshAndWait(registry, /1 har lämnat, 0 har tillkommit/);

    await signIn(page, PEOPLE.fatima);
    await expect(page).toHaveURL(/\/noPermissions$/);
    await expectNoA11yViolations();
    // Her association's transfers answer as for anyone outside the board.
    await page.goto("/transfers/t-tallbacken-gift/overview");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Överlåtelsen hittades inte");

    // Back to the demo data for whoever comes next.
    await registry.goto("/dev/registry");
    await registry.getByRole("button", { name: "Återställ registret" }).click();
    await refreshAndWait(registry, /0 har lämnat, 1 har tillkommit/);
  } finally {
    await operator.close();
  }
});

test.describe("the operators' job page", () => {
  test.use({ storageState: storageFor("maria") });

  test("lists the background jobs, filters by state without JavaScript, and is not there for others", async ({
    page,
    browser,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    allowConsoleError(/status of 404/);
    await page.goto("/admin/jobs");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bakgrundsjobb");
    await expect(page.getByRole("cell", { name: "boards.refresh" }).first()).toBeVisible();
    await page.getByLabel("Tillstånd").selectOption({ label: "Klart" });
    await page.getByRole("button", { name: "Visa" }).click();
    await expect(page).toHaveURL(/state=done/);
    await expect(page.getByRole("cell", { name: "Klart" }).first()).toBeVisible();
    await expect(page.getByRole("cell", { name: "Köat" })).toHaveCount(0);
    await expectNoA11yViolations();

    const other = await browser.newContext({ storageState: storageOf("johan") });
    try {
      const answer = await other.request.get("/admin/jobs");
      expect(answer.status()).toBe(404);
    } finally {
      await other.close();
    }
  });
});
