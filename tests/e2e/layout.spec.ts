import type { Page } from "@playwright/test";
import { PEOPLE, startSignIn } from "./bankid";
import { expect, test } from "./fixtures";
import { storageFor } from "./sessions";

/**
 * Narrow and wide screens: no page scrolls sideways (issue 12: the transfer page was 477 px wide at 390 px),
 * and each page passes axe at that size.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

const PAGES: Record<string, string[]> = {
  maria: ["/transfers", "/transfers/t-kvarnen-review-deviations/overview", "/completedTransfers", "/account"],
  anders: ["/transfers"],
  erik: ["/transfers", "/transfers/t-kvarnen-review-ready/overview"],
  elin: ["/transfers/private"],
};

async function expectNoHorizontalOverflow(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${page.url()} is ${scrollWidth} px wide in ${clientWidth} px`).toBeLessThanOrEqual(
    clientWidth,
  );
}

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const [who, paths] of Object.entries(PAGES)) {
      test.describe(`signed in as ${who}`, () => {
        test.use({ storageState: storageFor(who) });

        for (const path of paths) {
          test(`${path} fits the screen`, async ({ page, expectNoA11yViolations }) => {
            await page.goto(path);
            await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
            await expectNoHorizontalOverflow(page);
            await expectNoA11yViolations();
          });
        }
      });
    }

    test.describe("the sign-in pages", () => {
      test.use({ storageState: { cookies: [], origins: [] } });

      test("carry the tenant's logo and fit the screen", async ({
        page,
        consented,
        expectNoA11yViolations,
      }) => {
        void consented;
        await page.goto("/login");
        await expect(page.locator(".header__logo img")).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await expectNoA11yViolations();

        await startSignIn(page, PEOPLE.sofia);
        await expect(page.locator(".header__logo img")).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await expectNoA11yViolations();
        await page.getByRole("button", { name: "Avbryt" }).click();
        await page.waitForURL(/\/login/);
      });
    });
  });
}
