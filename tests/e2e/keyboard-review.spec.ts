import { expect, test } from "./fixtures";
import { tabTo } from "./keyboard";
import { storageFor } from "./sessions";

/**
 * Spec 02 §2.1, §2.5, §2.6: a property manager reviews a transfer by keyboard alone, in both projects — from the
 * overview to the Dokument tab, a document's preview opened, to Granskning, a deviation accepted, back to Översikt
 * and an action run and undone. Tab, Enter and Space only; focus must reach each control in the page's order. Axe on
 * each page.
 */

// A Nordhem transfer in TransferReviewInProgress with one open deviation that no other spec touches (each project
// has a server of its own). t-guldheden-review, which the JavaScript project took before, is analysis.spec.ts's.
const TRANSFER = "t-havsbrisen-company";

test.describe("a keyboard-only review", () => {
  test.use({ storageState: storageFor("anders") });

  test("opens the tabs, a document, accepts a deviation and runs an action without a mouse", async ({
    page,
    jsEnabled,
    expectNoA11yViolations,
  }) => {
    test.slow();
    const transfer = TRANSFER;
    await page.goto(`/transfers/${transfer}/overview`);
    await expect(page.getByRole("link", { name: "Översikt" })).toHaveAttribute("aria-current", "page");

    // The skip link first, then on to the tabs.
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Hoppa till huvudinnehållet" })).toBeFocused();
    await tabTo(page, page.getByRole("link", { name: "Dokument", exact: true }), 40);
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/transfers/${transfer}/documents$`));
    await expect(page.getByRole("link", { name: "Dokument", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    if (jsEnabled) {
      // As after a page load: the new page is announced by its title and focus is at its start, the <h1>.
      await expect(page).toHaveTitle(/Dokument/);
      await expect(page.getByRole("status").getByText(await page.title(), { exact: true })).toBeAttached();
      await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    }
    await expectNoA11yViolations();

    // A document's row opens its preview.
    const preview = page.getByRole("link", { name: /^Förhandsgranska / }).first();
    const name = ((await preview.textContent()) ?? "").replace(/^Förhandsgranska\s*/, "").trim();
    await tabTo(page, preview, 40);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\?preview=/);
    await expect(page.getByRole("region", { name: `Förhandsgranskning av ${name}` })).toBeVisible();
    await expectNoA11yViolations();

    // To Granskning (its dot said in words): the one deviation ticked with Space and sent with Enter.
    const analysisTab = page.getByRole("link", { name: "Granskning (har avvikelser)" });
    await tabTo(page, analysisTab, 80, "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/transfers/${transfer}/analysis$`));
    const form = page.getByRole("form", { name: /^Avvikelser/ });
    const box = form.getByRole("checkbox").first();
    await tabTo(page, box, 60);
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
    const submit = form.getByRole("button", { name: "Godkänn valda avvikelser" });
    await tabTo(page, submit);
    await page.keyboard.press("Enter");
    await expect(page.getByText("De valda avvikelserna är godkända")).toBeVisible();
    await expectNoA11yViolations();

    // Back to Översikt, an action and its undoing.
    await tabTo(page, page.getByRole("link", { name: "Översikt" }), 80, "Shift+Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`/transfers/${transfer}/overview$`));
    const mark = page.getByRole("button", { name: "Markera som under utredning" });
    await tabTo(page, mark, 60);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Överlåtelsen är markerad som under utredning")).toBeVisible();
    const unmark = page.getByRole("button", { name: "Ta bort under utredning" });
    await tabTo(page, unmark, 60);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Markeringen under utredning är borttagen")).toBeVisible();
    await expectNoA11yViolations();
  });
});
