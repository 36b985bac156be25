import { expect, test } from "./fixtures";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

test.describe("FAQ", () => {
  test("a link with #index opens and highlights that entry", async ({
    page,
    consented: _,
    expectNoA11yViolations,
  }) => {
    await page.goto("/faq#11");
    const entry = page.locator("details#fraga-11");
    await expect(entry).toHaveAttribute("open", "");
    await expect(entry.locator("summary")).toHaveText("Hur kontaktar jag support?");
    const background = await entry.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe("rgb(255, 247, 191)");
    await expect(page.locator("details[open]")).toHaveCount(1);
    await expectNoA11yViolations();
  });

  test("the footer's FAQ link lands on the support entry", async ({ page, consented: _ }) => {
    // The footer shows on logged-in pages and the login page; its FAQ link is /faq#11.
    await page.goto("/faq#11");
    await expect(page.locator("details#fraga-11")).toHaveAttribute("open", "");
  });

  test("opening an entry sets the hash, closing removes it, and the link can be copied", async ({
    page,
    context,
    consented: _,
    jsEnabled,
  }) => {
    await page.goto("/faq");
    const summary = page.locator("details#fraga-2 > summary");
    if (!jsEnabled) {
      // Without JavaScript every entry is still a working disclosure with a plain link to itself.
      await summary.click();
      await expect(page.locator("details#fraga-2")).toHaveAttribute("open", "");
      await page.locator("details#fraga-2").getByRole("link", { name: "Länk till frågan" }).click();
      await expect(page).toHaveURL(/\/faq#2$/);
      return;
    }
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/faq#2$/);
    await expect(page.locator("details#fraga-2")).toHaveClass(/faq__entry--highlighted/);
    await page
      .locator("details#fraga-2")
      .getByRole("button", { name: /Kopiera länk till frågan/ })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "Länk kopierat till urklipp" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/faq#2$/);
    await summary.click();
    await expect(page).toHaveURL(/\/faq$/);
  });
});
