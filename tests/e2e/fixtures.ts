import fs from "node:fs";
import { createRequire } from "node:module";
import { test as base, expect, type CDPSession, type Page } from "@playwright/test";
import type { AxeResults, RunOptions, run } from "axe-core";

export { expect };

/** The consent cookie as the server writes it (Remix cookie: base64 JSON of `true`). */
export const CONSENT_COOKIE = { name: "hideCookieConsentTooltip", value: "dHJ1ZQ%3D%3D" };

interface Fixtures {
  /** Console errors fail the test; a test may allow a pattern it expects (e.g. the 404 of a not-found page). */
  allowConsoleError: (pattern: RegExp) => void;
  /** Runs axe on what the user sees now, on the page the test has (with or without JavaScript). */
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

  expectNoA11yViolations: async ({ page, javaScriptEnabled }, use, testInfo) => {
    await use(async (target = page) => {
      const results = await axeResults(target, { javaScript: javaScriptEnabled !== false });
      const summary = results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.map((n) => n.target.join(" ")).slice(0, 5),
      }));
      if (summary.length)
        await testInfo.attach(`axe-${target.url()}`, {
          body: JSON.stringify(summary, null, 2),
          contentType: "application/json",
        });
      expect(summary, `axe violations on ${target.url()}`).toEqual([]);
    });
  },
});

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/**
 * Without JavaScript the audit sees what the no-JS browser has, <noscript> content included; the suite audited a
 * script-blocked load with JavaScript before, which never parses it. That shows a defect the old audit could not:
 * the pages that poll by a whole-page meta refresh inside <noscript> (/user/pending while a user is created or
 * inactive, and its 3 s redirect after Välkommen; the Dokument tab while an upload is checked; the wizard's and the
 * Analys tab's waiting for an analysis) fail axe's meta-refresh rule (WCAG 2.2.1, F40/F41), which decision 032
 * solved for the BankID waiting pages only. The rule stays off for these audits until those pages get the same
 * status frames (decision 032, its note "not solved here"); every other rule now checks the no-JS document itself.
 */
const NO_SCRIPT_KNOWN_FAILURES = ["meta-refresh"];
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"];

/**
 * axe on the page the test has, as it is now: the same document, never loaded again, so with what the server answered
 * a form, its toast and, without JavaScript, its <noscript> content and no script of the page run. axe is put in
 * once per document.
 *
 * Without JavaScript Chromium still runs Playwright's evaluate and the promise jobs it starts, but no timer: axe yields
 * with zero-delay timeouts, which a stand-in runs as promise jobs (its longer timeouts, time limits only, never fire).
 * A page that refreshes itself (a meta refresh) would pull the document from under axe: its refresh is stopped
 * (window.stop, which stops its frames' too) and started again afterwards by putting the meta elements back, so the
 * page refreshes itself as before, a little later.
 */
export async function axeResults(
  page: Page,
  { javaScript, disableRules = [] }: { javaScript: boolean; disableRules?: string[] },
): Promise<AxeResults> {
  const options: RunOptions = {
    runOnly: { type: "tag", values: AXE_TAGS },
    // Only the violations are read: axe then keeps one node of each passing or inapplicable rule instead of all of
    // them (its documented speed option), a third less time per audit (an overview: 1.0 s to 0.65 s).
    resultTypes: ["violations"],
    rules: Object.fromEntries(
      [...disableRules, ...(javaScript ? [] : NO_SCRIPT_KNOWN_FAILURES)].map((rule) => [
        rule,
        { enabled: false },
      ]),
    ),
    // The product's only frames are the BankID status frames, inside <noscript> (decision 032): decision.spec.ts
    // audits them as documents of their own.
    iframes: false,
  };
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditDocument(page, javaScript, options);
    } catch (error) {
      // The page's own refresh came first (between the look for it and window.stop): audit the new document.
      if (attempt === 3 || !/Execution context was destroyed/.test(String(error))) throw error;
      await page.waitForLoadState();
    }
  }
}

const devTools = new WeakMap<Page, Promise<CDPSession>>();

/**
 * axe's 550 kB into the page's document, through the page's own DevTools session: Playwright's evaluate of a string
 * parses it once more in Node to see whether it is a function and sends it wrapped to its utility script, which cost
 * each audited document about twice the time of a plain evaluation (540-1,260 ms against 230-600 ms on the loaded
 * 2-core machine), for the same axe in the same main world of the top frame.
 */
async function putAxeIn(page: Page) {
  let session = devTools.get(page);
  if (!session) devTools.set(page, (session = page.context().newCDPSession(page)));
  const { exceptionDetails } = await (await session).send("Runtime.evaluate", { expression: AXE_SOURCE });
  if (exceptionDetails) throw new Error(`axe could not be put in ${page.url()}: ${exceptionDetails.text}`);
}

async function auditDocument(page: Page, javaScript: boolean, options: RunOptions): Promise<AxeResults> {
  const refreshing =
    !javaScript &&
    (await page.evaluate(() => document.querySelector('meta[http-equiv="refresh" i]') !== null));
  if (refreshing) await page.evaluate(() => window.stop());
  try {
    if (!(await page.evaluate(() => "axe" in window))) await putAxeIn(page);
    if (!javaScript) {
      await page.evaluate(() => {
        const cancelled = new Set<number>();
        let next = 1;
        Object.assign(window, {
          setTimeout: (callback: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
            const id = next++;
            if (!ms) void Promise.resolve().then(() => cancelled.has(id) || callback(...args));
            return id;
          },
          clearTimeout: (id: number) => void cancelled.add(id),
        });
      });
    }
    return await page.evaluate(
      (options) => (window as unknown as { axe: { run: typeof run } }).axe.run(document, options),
      options,
    );
  } finally {
    if (refreshing) {
      for (const frame of page.frames()) {
        await frame
          .evaluate(() => {
            for (const meta of document.querySelectorAll('meta[http-equiv="refresh" i]'))
              meta.replaceWith(meta.cloneNode());
          })
          .catch(() => {});
      }
    }
  }
}
