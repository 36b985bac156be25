import { expect, test } from "./fixtures";
import { tabTo } from "./keyboard";
import { storageFor } from "./sessions";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/**
 * Spec 02 §2.6: the Granskning tab in both projects — the checks as deviations and approved, the accept form
 * (submit disabled while nothing is ticked with JavaScript; the server's error without it), accepting a deviation
 * by keyboard alone; a board member has no such tab. Each page is checked with axe.
 */

// A Nordhem transfer in TransferReviewInProgress with two open deviations (the demo seed) that no other spec
// touches. Each project accepts its own one, so either may run first or alone.
const TRANSFER = "t-larkan-review-deviations";
const TAB = `/transfers/${TRANSFER}/analysis`;
const ACQUIRERS = "Förvärvarna i ansökan stämmer inte med förvärvarna i överlåtelseavtalet.";
const PAGES = "Minst en sida i de granskade dokumenten saknar läsbar text, till exempel en inskannad bild.";

test.describe("the property manager's Granskning tab", () => {
  test.use({ storageState: storageFor("anders") });

  test("lists deviations and approved checks and accepts a deviation by keyboard", async ({
    page,
    jsEnabled,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    allowConsoleError(/status of 400/);
    const mine = jsEnabled ? ACQUIRERS : PAGES;
    await page.goto(`/transfers/${TRANSFER}/overview`);
    // The tab is reached from the overview; its dot is also said in words.
    const tab = page.getByRole("link", { name: "Granskning (har avvikelser)" });
    await tab.click();
    await page.waitForURL(new RegExp(`${TAB}$`));
    await expect(page.getByRole("link", { name: /^Granskning/ })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 2, name: "Automatisk granskning" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3, name: /^Avvikelser \(\d+\)$/ })).toBeVisible();
    const approved = page.getByRole("region", { name: /^Godkända kontroller/ });
    await expect(approved.getByText("Alla förvärvare är myndiga (minst 18 år).")).toBeVisible();
    await expectNoA11yViolations();

    const form = page.getByRole("form", { name: /^Avvikelser/ });
    const submit = form.getByRole("button", { name: "Godkänn valda avvikelser" });
    if (jsEnabled) {
      // Nothing ticked: the button is disabled until a box is.
      await expect(submit).toBeDisabled();
    } else {
      // Nothing ticked, without JavaScript: the server answers with the error summary.
      await submit.click();
      await expect(page.getByRole("heading", { name: "Det finns fel i formuläret" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Välj minst en avvikelse att godkänna" })).toBeVisible();
      await expectNoA11yViolations();
    }

    // By keyboard alone: to the box, tick it with the space bar, on to the button, send with Enter.
    const box = page.getByRole("checkbox", { name: mine });
    await tabTo(page, box, 40);
    await page.keyboard.press("Space");
    await expect(box).toBeChecked();
    await expect(submit).toBeEnabled();
    await tabTo(page, submit);
    await page.keyboard.press("Enter");

    await expect(page.getByText("De valda avvikelserna är godkända")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: mine })).toHaveCount(0);
    const accepted = page.getByRole("listitem").filter({ hasText: mine });
    await expect(accepted).toContainText("Godkänd avvikelse");
    await expect(accepted).toContainText(/Godkänd av Anders Lund \d/);
    await expectNoA11yViolations();
  });
});

test.describe("the review running again", () => {
  test.use({ storageState: storageFor("anders") });

  test("after a sale stop the page follows the review: live with JavaScript, by its own refresh without", async ({
    page,
    jsEnabled,
    baseURL,
    expectNoA11yViolations,
  }) => {
    // A Nordhem transfer in review that no other spec touches; the test removes the sale stop it sets.
    const id = "t-guldheden-review";
    const put = (call: string) =>
      page.request.put(`/api/core/reviews/transfers/${id}/${call}`, {
        headers: { Origin: baseURL!, "Content-Type": "application/json" },
        data: {},
      });
    const stopped = page.getByText("Lägenheten har försäljningsstopp.");
    const free = page.getByText("Lägenheten har inget försäljningsstopp.");
    await page.goto(`/transfers/${id}/analysis`);
    await expect(free).toBeVisible();

    expect((await put("markSaleStopped")).status()).toBe(200);
    // With JavaScript the live events bring the new result; without it a load shows the running review (which
    // reloads itself every 5 s) or, if it is done already, the result.
    if (!jsEnabled) await page.reload();
    await expect(stopped).toBeVisible({ timeout: 20_000 });
    await expect(free).toHaveCount(0);
    await expectNoA11yViolations();

    expect((await put("removeSaleStop")).status()).toBe(200);
    if (!jsEnabled) await page.reload();
    await expect(free).toBeVisible({ timeout: 20_000 });
  });
});

test.describe("a board member", () => {
  test.use({ storageState: storageFor("erik") });

  test("has no Granskning tab, and its address leads to the overview with why", async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto("/transfers/t-kvarnen-review-ready/overview");
    await expect(page.getByRole("link", { name: "Översikt" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: /^Granskning/ })).toHaveCount(0);
    await page.goto("/transfers/t-kvarnen-review-ready/analysis");
    await page.waitForURL(/\/overview$/);
    await expect(page.getByText("Den automatiska granskningen visas bara för förvaltaren.")).toBeVisible();
    await expectNoA11yViolations();
  });
});
