import type { Page } from "@playwright/test";
import { storageFor } from "./sessions";
import { expect, test } from "./fixtures";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/** Spec 01 "Transfer list", "Completed transfers", "My private transfers" in both projects. */

const rows = (page: Page) => page.locator("table.transfer-table tbody tr");
const cells = (page: Page, column: string) =>
  page.locator(`table.transfer-table tbody td[data-label="${column}"]`);

async function showing(page: Page): Promise<{ shown: number; total: number }> {
  const text =
    (await page
      .getByRole("status")
      .filter({ hasText: /^Visar/ })
      .textContent()) ?? "";
  const match = /^Visar (\d+) av (\d+)$/.exec(text.trim());
  expect(match, `status text "${text}"`).not.toBeNull();
  return { shown: Number(match![1]), total: Number(match![2]) };
}

/** Without JavaScript the form is sent by its button; with it, a change sends it by itself. */
async function applied(page: Page, jsEnabled: boolean, urlPart: RegExp | ((url: URL) => boolean)) {
  if (!jsEnabled) await page.getByRole("button", { name: "Visa överlåtelser" }).click();
  await page.waitForURL(urlPart);
}

test.describe("property manager's list", () => {
  test.use({ storageState: storageFor("maria") });

  test("filters, toggles, search, sort and the empty state, each with its own URL", async ({
    page,
    jsEnabled,
    expectNoA11yViolations,
  }) => {
    await page.goto("/transfers?sort=Modified&dir=Desc");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Överlåtelser");
    await expect(page.getByRole("link", { name: "Ny överlåtelse" })).toHaveAttribute("href", "/newTransfer");
    const tabs = page.getByRole("navigation", { name: "Urval av överlåtelser" });
    await expect(tabs.getByRole("link", { name: "Aktiva överlåtelser" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const all = await showing(page);
    expect(all.shown).toBe(all.total);
    expect(all.total).toBeGreaterThan(5);
    await expect(rows(page)).toHaveCount(all.shown);
    await expect(page.locator('th[aria-sort="descending"]')).toHaveText(/Uppdaterad/);
    await expectNoA11yViolations();

    // A status filter: its count is the number of rows it leaves.
    const filter = page.getByLabel(/^Överlåtelsegranskning pågår \(\d+\)$/);
    const count = Number(
      /\((\d+)\)/.exec(
        (await filter.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent)) ?? "",
      )?.[1],
    );
    await filter.check();
    await applied(page, jsEnabled, /filter=TransferReviewInProgress/);
    await expect(rows(page)).toHaveCount(count);
    for (const status of await cells(page, "Status").allTextContents()) {
      expect([
        "Under granskning",
        "Inväntar komplettering",
        "Åtgärd krävs",
        "Inväntar svar på komplettering",
      ]).toContain(status);
    }
    await page.getByLabel(/^Överlåtelsegranskning pågår/).uncheck();
    await applied(page, jsEnabled, (url) => !url.search.includes("filter="));

    // A toggle narrows to flagged transfers, each showing the flag's icon with its text.
    await page.getByLabel("Försäljningsstoppade").check();
    await applied(page, jsEnabled, /toggle=SalesStopped/);
    await expect(
      rows(page).filter({ hasNot: page.getByRole("img", { name: "Försäljningsstoppad" }) }),
    ).toHaveCount(0);
    expect(await rows(page).count()).toBeGreaterThan(0);
    await page.getByLabel("Försäljningsstoppade").uncheck();
    await applied(page, jsEnabled, (url) => !url.search.includes("toggle="));

    // Search by association name.
    await page.getByLabel("Sök", { exact: true }).fill("kvarnen");
    if (jsEnabled) await page.waitForURL(/q=kvarnen/);
    else await page.getByLabel("Sök", { exact: true }).press("Enter");
    await page.waitForURL(/q=kvarnen/);
    await expect(cells(page, "BRF").filter({ hasNotText: /Kvarnen/ })).toHaveCount(0);
    expect(await rows(page).count()).toBeGreaterThan(0);
    await expect(page.getByLabel("Sök", { exact: true })).toHaveValue("kvarnen");

    // Sorting by a column is a link; the column says how it is sorted.
    await page.getByRole("link", { name: /^Objekt/ }).click();
    await page.waitForURL(/sort=Object/);
    await expect(page.locator('th[aria-sort="ascending"]')).toHaveText(/Objekt/);
    const objects = await cells(page, "Objekt").allTextContents();
    expect(objects).toEqual([...objects].sort((a, b) => a.localeCompare(b, "sv")));

    // Nothing found.
    await page.goto("/transfers?q=finns-inte-alls&sort=Modified&dir=Desc");
    await expect(page.getByRole("heading", { name: "Inga överlåtelser" })).toBeVisible();
    await expect(page.getByText("Prova att rensa sökordet.")).toBeVisible();
    await expectNoA11yViolations();
  });

  test("tabs keep their own search, restored on return", async ({ page }) => {
    await page.goto("/transfers?tab=propertyManager&q=brf&sort=Modified&dir=Desc");
    const tabs = page.getByRole("navigation", { name: "Urval av överlåtelser" });
    await expect(tabs.getByRole("link", { name: "Endast förvaltaravtal" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    for (const value of await cells(page, "Avtal").allTextContents()) expect(value).toBe("Förvaltaravtal");
    await page.goto("/transfers?tab=active&sort=Modified&dir=Desc");
    await expect(page.getByLabel("Sök", { exact: true })).toHaveValue("");
    await tabs.getByRole("link", { name: "Endast förvaltaravtal" }).click();
    await page.waitForURL(/tab=propertyManager.*q=brf|q=brf.*tab=propertyManager/);
    await expect(page.getByLabel("Sök", { exact: true })).toHaveValue("brf");
  });

  test("completed transfers list decided cases with their own filters", async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto("/completedTransfers?sort=Modified&dir=Desc");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Avklarade överlåtelser");
    await expect(page.getByRole("group", { name: "Status" }).getByRole("checkbox")).toHaveCount(4);
    expect(await rows(page).count()).toBeGreaterThan(0);
    for (const status of await cells(page, "Status").allTextContents()) {
      expect(["Medlemskap godkänt", "Medlemskap avslaget", "Åtgärd krävs"]).toContain(status);
    }
    await expectNoA11yViolations();
  });
});

test.describe("a long list", () => {
  test.use({ storageState: storageFor("anders") });

  test("loads more by keyboard alone and keeps the place", async ({
    page,
    jsEnabled,
    expectNoA11yViolations,
  }) => {
    await page.goto("/transfers?sort=Modified&dir=Desc");
    const first = await showing(page);
    expect(first.shown).toBe(25);
    expect(first.total).toBeGreaterThan(50);
    const more = page.getByRole("link", { name: "Hämta fler överlåtelser" });
    await more.focus();
    await page.keyboard.press("Enter");
    await expect(rows(page)).toHaveCount(50);
    expect((await showing(page)).shown).toBe(50);
    const firstNew = page.locator("#forsta-nya");
    await expect(firstNew).toBeInViewport();
    if (jsEnabled) await expect(firstNew).toBeFocused();
    else expect(page.url()).toMatch(/page=2#forsta-nya$/);
    await expectNoA11yViolations();
  });

  test("filters by keyboard alone", async ({ page, jsEnabled }) => {
    await page.goto("/transfers?sort=Modified&dir=Desc");
    const box = page.getByLabel(/^Medlemsprövning pågår \(\d+\)$/);
    const count = Number(
      /\((\d+)\)/.exec(
        (await box.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent)) ?? "",
      )?.[1],
    );
    await page.getByLabel("Sök", { exact: true }).focus();
    for (let i = 0; i < 10 && !(await box.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(box).toBeFocused();
    await page.keyboard.press("Space");
    if (!jsEnabled) {
      const submit = page.getByRole("button", { name: "Visa överlåtelser" });
      for (let i = 0; i < 12 && !(await submit.evaluate((el) => el === document.activeElement)); i++)
        await page.keyboard.press("Tab");
      await expect(submit).toBeFocused();
      await page.keyboard.press("Enter");
    }
    await page.waitForURL(/filter=MembershipReviewInProgress/);
    await expect(page.getByRole("status").filter({ hasText: /^Visar/ })).toHaveText(
      `Visar ${Math.min(25, count)} av ${count}`,
    );
    for (const status of await cells(page, "Status").allTextContents()) {
      expect([
        "Föreningens granskning",
        "Beslut signeras",
        "Åtgärd krävs",
        "Inväntar svar på komplettering",
      ]).toContain(status);
    }
    if (jsEnabled) await expect(page.getByLabel(/^Medlemsprövning pågår/)).toBeFocused();
  });
});

test.describe("board member's list", () => {
  test.use({ storageState: storageFor("erik") });

  test("has no tabs, an address column and four status filters", async ({ page, expectNoA11yViolations }) => {
    await page.goto("/transfers?sort=Modified&dir=Desc");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Överlåtelser");
    await expect(page.getByRole("navigation", { name: "Urval av överlåtelser" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Ny överlåtelse" })).toHaveCount(0);
    await expect(page.getByRole("columnheader", { name: /Adress/ })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: /Avtal/ })).toHaveCount(0);
    await expect(page.getByRole("group", { name: "Status" }).getByRole("checkbox")).toHaveCount(4);
    await expect(page.getByRole("group", { name: "Visa endast" })).toHaveCount(0);
    expect(await rows(page).count()).toBeGreaterThan(0);
    for (const name of await cells(page, "BRF").allTextContents()) expect(name).toMatch(/Kvarnen/);
    await expectNoA11yViolations();
  });
});

test.describe("private transfers", () => {
  test.use({ storageState: storageFor("karin") });

  test("a board member who sells privately reaches Mina överlåtelser and is asked before a new one", async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto("/transfers?sort=Modified&dir=Desc");
    await page.getByRole("main").getByRole("link", { name: "Mina överlåtelser" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mina överlåtelser");
    const cards = page.locator(".cards article");
    expect(await cards.count()).toBeGreaterThan(0);
    const card = cards.first();
    await expect(card.getByText("Tillträdesdag")).toBeVisible();
    await expect(card.getByRole("list", { name: "Process" }).getByRole("listitem")).toHaveCount(4);
    await expectNoA11yViolations();

    await page.getByRole("link", { name: "Ny överlåtelse" }).click();
    const question = page.getByRole("region", { name: "Ny överlåtelse" });
    await expect(question).toContainText(
      "Du har redan registrerade överlåtelser är du säker på att du vill gå vidare?",
    );
    await expect(question.getByRole("heading")).toBeFocused();
    await expect(question.getByRole("link", { name: "Ja, gå vidare" })).toHaveAttribute(
      "href",
      "/transfers/private/new",
    );
    await expectNoA11yViolations();
    await question.getByRole("link", { name: "Avbryt" }).click();
    await expect(page.getByRole("region", { name: "Ny överlåtelse" })).toHaveCount(0);
  });
});

test.describe("a private seller", () => {
  test.use({ storageState: storageFor("elin") });

  test("sees the cards of their own transfers and nothing else", async ({ page, expectNoA11yViolations }) => {
    await page.goto("/");
    await page.waitForURL(/\/transfers\/private$/);
    const cards = page.locator(".cards article");
    expect(await cards.count()).toBeGreaterThan(0);
    for (const text of await cards.allTextContents()) expect(text).toMatch(/Överlåtare/);
    await expectNoA11yViolations();
    const response = await page.goto("/completedTransfers");
    expect(new URL(page.url()).pathname).not.toBe("/completedTransfers");
    expect(response?.ok()).toBe(true);
  });
});
