import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

export { expect };

/** The consent cookie as the server writes it (Remix cookie: base64 JSON of `true`). */
export const CONSENT_COOKIE = { name: "hideCookieConsentTooltip", value: "dHJ1ZQ%3D%3D" };

interface Fixtures {
  /** Console errors fail the test; a test may allow a pattern it expects (e.g. the 404 of a not-found page). */
  allowConsoleError: (pattern: RegExp) => void;
  /** Runs axe on what the user sees now; without JavaScript, on the same server-rendered page. */
  expectNoA11yViolations: (page?: Page) => Promise<void>;
  consented: void;
  jsEnabled: boolean;
}

export const test = base.extend<Fixtures>({
  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },

  allowConsoleError: [
    async ({ page }, use) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !allowed.some((re) => re.test(msg.text()))) errors.push(msg.text());
      });
      page.on("pageerror", (error) => errors.push(String(error)));
      await use((pattern) => allowed.push(pattern));
      expect(errors, "the browser console showed errors").toEqual([]);
    },
    { auto: true },
  ],

  consented: async ({ context, baseURL }, use) => {
    await context.addCookies([{ ...CONSENT_COOKIE, url: baseURL! }]);
    await use();
  },

  expectNoA11yViolations: async ({ page, browser, javaScriptEnabled }, use, testInfo) => {
    await use(async (target = page) => {
      if (javaScriptEnabled !== false) {
        await assertNoViolations(target, testInfo);
        return;
      }
      // axe cannot run where JavaScript is off: audit the same server-rendered page with scripts blocked.
      const context = await browser.newContext({ javaScriptEnabled: true });
      try {
        await context.addCookies(await target.context().cookies());
        await context.route("**/build/**", (route) =>
          route.request().resourceType() === "script" ? route.abort() : route.continue(),
        );
        const auditPage = await context.newPage();
        await auditPage.goto(target.url());
        await assertNoViolations(auditPage, testInfo);
      } finally {
        await context.close();
      }
    });
  },
});

async function assertNoViolations(page: Page, testInfo: TestInfo) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
  }));
  if (summary.length)
    await testInfo.attach(`axe-${page.url()}`, {
      body: JSON.stringify(summary, null, 2),
      contentType: "application/json",
    });
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
