import type { Page } from "@playwright/test";
import { PEOPLE, startSignIn } from "./bankid";
import { expect, test } from "./fixtures";
import { storageFor } from "./sessions";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/**
 * Narrow and wide screens: no page scrolls sideways (the transfer page was once 477 px wide at 390 px),
 * nothing inside it is cut off or squeezed, and each page passes axe at that size. What the tester found at
 * 390 and 1280 px: the proxy badge pushed Johan's header to 430 px and his worklist to 506 px; the credit check
 * result's card rows had no column names (three amounts, no year) and a caption in a ~120 px column; the
 * overview's Förvärvare table was ~970 px in an ~800 px frame (its buttons half hidden) and a name wrapped one
 * letter per line beside a tag.
 */

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];

const PAGES: Record<string, string[]> = {
  maria: ["/transfers", "/transfers/t-kvarnen-review-deviations/overview", "/completedTransfers", "/account"],
  // A property manager signed in as an employee (the proxy badge) with live updates and the messages worklist.
  johan: ["/transfers", "/messages", "/transfers/t-kvarnen-review-deviations/overview"],
  anders: ["/transfers"],
  erik: [
    "/transfers",
    "/transfers/t-kvarnen-review-ready/overview",
    // Acquirers with credit check buttons and a payment notice tag.
    "/transfers/t-kvarnen-decision-ready/overview",
    // A credit check result: debts, incomes per year and events, as tables.
    "/transfers/t-kvarnen-membership-review/creditcheck/t-kvarnen-membership-review-cc1",
  ],
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

/**
 * Nothing on the page is cut off or squeezed, which the page's own width does not show:
 * - no box hides part of its content (a table frame that scrolls, or clips): these pages' tables must fit;
 * - no word in a table wraps inside itself (a name one letter per line), except where a cell says it may
 *   (`.break-anywhere`, e-mail addresses); a break after "/" or "-" is fine;
 * - a table shown as cards (its header row hidden) names the column of every cell (data-label, drawn before
 *   the value), and its caption takes the table's width.
 */
async function expectNothingCutOrSqueezed(page: Page) {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.className && typeof el.className === "string" ? ` class="${el.className}"` : ""}> "${(el.textContent ?? "").trim().slice(0, 40)}"`;
    // Shown: neither it nor a box around it is visually hidden (1 px, clipped), as a card table's header row is.
    const shown = (el: Element) => {
      for (let box: Element | null = el; box && box !== document.body; box = box.parentElement) {
        const rect = box.getBoundingClientRect();
        if (rect.width <= 1 || rect.height <= 1) return false;
      }
      return true;
    };

    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const overflowX = getComputedStyle(el).overflowX;
      if (overflowX === "visible" || !shown(el) || el.tagName === "TEXTAREA") continue;
      if (el.scrollWidth > el.clientWidth + 1) {
        out.push(
          `${describe(el)} hides ${el.scrollWidth - el.clientWidth} px of its ${el.scrollWidth} px content`,
        );
      }
    }

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const cell = node.parentElement?.closest("th, td, caption");
      if (!cell || node.parentElement!.closest(".break-anywhere") || !shown(node.parentElement!)) continue;
      for (const match of (node.textContent ?? "").matchAll(/[^\s/-]+[/-]?/g)) {
        if (match[0].length < 2) continue;
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) out.push(`"${match[0]}" in ${describe(cell)} wraps over ${lines.size} lines`);
      }
    }

    for (const table of document.querySelectorAll("table")) {
      const head = table.querySelector("thead");
      if (!shown(table) || !head || getComputedStyle(head).display === "table-header-group") continue;
      for (const td of table.querySelectorAll("td")) {
        const label = td.getAttribute("data-label") ?? "";
        const drawn = getComputedStyle(td, "::before").content;
        if (label.trim() === "" || !drawn.includes(label))
          out.push(`${describe(td)} does not name its column`);
      }
      const caption = table.querySelector("caption");
      if (
        caption &&
        shown(caption) &&
        caption.getBoundingClientRect().width < table.getBoundingClientRect().width - 1
      ) {
        out.push(`${describe(caption)} is narrower than its table`);
      }
    }
    return out;
  });
  expect(problems, `${page.url()}`).toEqual([]);
}

/**
 * Each page is loaded once and looked at in both sizes: narrow first, then the same document widened (the product's
 * layout is CSS media queries alone, no script measures the window), with the same checks and an axe audit at each.
 * A context, a load and axe's injection per page instead of two.
 */
async function atEachSize(page: Page, look: (viewport: (typeof VIEWPORTS)[number]) => Promise<void>) {
  for (const viewport of VIEWPORTS) {
    await test.step(`at ${viewport.width} px`, async () => {
      await page.setViewportSize(viewport);
      await look(viewport);
    });
  }
}

test.describe("narrow and wide screens", () => {
  test.use({ viewport: VIEWPORTS[0] });

  for (const [who, paths] of Object.entries(PAGES)) {
    test.describe(`signed in as ${who}`, () => {
      test.use({ storageState: storageFor(who) });

      for (const path of paths) {
        test(`${path} fits the screen`, async ({ page, expectNoA11yViolations }) => {
          await page.goto(path);
          await atEachSize(page, async () => {
            await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
            await expectNoHorizontalOverflow(page);
            await expectNothingCutOrSqueezed(page);
            await expectNoA11yViolations();
          });
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
      await atEachSize(page, async () => {
        await page.goto("/login");
        await expect(page.locator(".header__logo img")).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await expectNoA11yViolations();

        await startSignIn(page, PEOPLE.sofia);
        await expect(page.locator(".header__logo img")).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await expectNoA11yViolations();
        await page.getByRole("button", { name: "Avbryt" }).click();
        // Back on the sign-in page itself (the waiting page's address also starts with /login).
        await page.waitForURL((url) => url.pathname === "/login");
      });
    });
  });
});
