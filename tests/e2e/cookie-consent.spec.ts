import { expect, test } from "./fixtures";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

test.describe("cookie consent", () => {
  test("a first visit shows the blocking notice; Tillåt alla cookies remembers the choice", async ({
    page,
    jsEnabled,
    expectNoA11yViolations,
  }) => {
    await page.goto("/terms");
    const notice = page.locator("dialog.consent");
    await expect(notice).toBeVisible();
    await expect(notice.getByRole("heading", { name: "Vi använder cookies" })).toBeVisible();
    await expectNoA11yViolations();
    // With JavaScript the choice is posted by a fetcher: the reload below waits for its answer (a reload while it is
    // in flight cancels it, and the page then renews the cookie from local storage instead, a second later).
    const posted = jsEnabled
      ? page.waitForResponse(
          (r) => r.request().method() === "POST" && new URL(r.url()).pathname === "/cookies",
        )
      : null;
    await notice.getByRole("button", { name: "Tillåt alla cookies" }).click();
    await expect(notice).toBeHidden();
    if (jsEnabled) {
      expect((await posted)?.ok()).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem("hideCookieConsentTooltip"))).toBe("true");
    } else {
      await expect(page.getByRole("status")).toHaveText("Du har godkänt cookies.");
      await expect(page).toHaveURL(/\/terms$/);
    }
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Användarvillkor");
    await expect(page.locator("dialog.consent")).toHaveCount(0);
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === "hideCookieConsentTooltip")).toMatchObject({ sameSite: "Lax" });
  });

  test("the cookie policy has an accept button until consent is given", async ({ page }) => {
    await page.goto("/cookies");
    const accept = page.getByRole("main").getByRole("button", { name: "Tillåt alla cookies" });
    await expect(accept).toBeVisible();
    await accept.click();
    await expect(page.getByRole("main").getByText("Du har godkänt cookies.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("button", { name: "Tillåt alla cookies" })).toHaveCount(0);
  });

  test("with JavaScript, consent kept in local storage renews a lost cookie without asking", async ({
    page,
    jsEnabled,
    context,
  }) => {
    test.skip(!jsEnabled, "local storage is only read when JavaScript runs");
    await page.goto("/terms");
    await page.evaluate(() => localStorage.setItem("hideCookieConsentTooltip", "true"));
    await page.reload();
    await expect(page.locator("dialog.consent")).toHaveCount(0);
    await expect
      .poll(async () => (await context.cookies()).some((c) => c.name === "hideCookieConsentTooltip"))
      .toBe(true);
  });
});
