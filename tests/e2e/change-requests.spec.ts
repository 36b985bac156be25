import type { Browser, Page } from "@playwright/test";
import { makePdf } from "../../app/server/demo/pdf.server";
import { addDays, todayInStockholm } from "../../app/lib/dates";
import { formatDate, formatSek } from "../../app/lib/format";
import { expect, test } from "./fixtures";
import { storageOf } from "./sessions";

/**
 * Decision 026: agreement change requests in both projects. Maria (the property manager) asks for a new price on
 * `Ny ändringsbegäran` (a bad price and a file that is not a PDF first, each answered on the form with what she
 * typed kept), Erik (the board) accepts it on the Kompletteringar tab, and the overview shows the new price; then
 * Maria asks to move the entry date without an additional agreement (it is optional, spec 02 §5) and Erik rejects it
 * with a reason on `Avslå ändringsbegäran`. Each page is checked with axe.
 */

// An approved Kvarnen 3 purchase no other spec touches. An accepted change does not start a new review after the
// membership decision, so each project can make its own requests one after the other.
const TRANSFER = "t-kvarnen-approved-recent";
const TAB = `/transfers/${TRANSFER}/additionals`;

const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from(
    makePdf({ title: "Tilläggsavtal", lines: ["Parterna har kommit överens om en ändring."] }),
  ),
});

async function open(browser: Browser, who: "maria" | "erik", javaScriptEnabled: boolean) {
  const context = await browser.newContext({ storageState: storageOf(who), javaScriptEnabled });
  return { context, page: await context.newPage() };
}

const pending = (page: Page) => page.getByRole("article").filter({ hasText: "Väntar på styrelsens beslut" });

test.describe("agreement change requests", () => {
  test("the manager asks for a new price, the board accepts it, and the overview shows it", async ({
    browser,
    javaScriptEnabled,
    expectNoA11yViolations,
  }) => {
    test.slow();
    const js = javaScriptEnabled !== false;
    const price = js ? 4_050_000 : 4_060_000;
    const maria = await open(browser, "maria", js);
    const erik = await open(browser, "erik", js);
    try {
      const page = maria.page;
      await page.goto(TAB);
      await expect(page.getByRole("heading", { level: 3, name: "Ändringsbegäranden" })).toBeVisible();
      await expectNoA11yViolations(page);
      await page.getByRole("link", { name: "Ny ändringsbegäran" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Ny ändringsbegäran" })).toBeVisible();
      // After the board's decision the contract date is stated, not a field.
      await expect(page.getByText(/Avtalsdatum kan inte ändras för den här överlåtelsen/)).toBeVisible();
      await expect(page.getByLabel("Avtalsdatum")).toHaveCount(0);
      await expectNoA11yViolations(page);

      // A price with öre and no file: the price's error only (the additional agreement is optional), the price kept.
      await page.getByLabel("Köpeskilling").fill("12 345,50");
      await page.getByRole("button", { name: "Skapa ändringsbegäran" }).click();
      const summary = page.getByRole("alert").filter({ hasText: "Det finns fel i formuläret" });
      await expect(summary.getByRole("link")).toHaveText([
        "Ange köpeskillingen i hela kronor, utan decimaler",
      ]);
      await expect(page.getByLabel("Köpeskilling")).toHaveValue("12 345,50");
      await expectNoA11yViolations(page);

      // A file that is not a PDF: only the server can tell; its error, the price kept.
      await page.getByLabel("Köpeskilling").fill(formatSek(price).replace(/\s*kr$/u, ""));
      await page.getByLabel("Tilläggsavtal (valfri)").setInputFiles({
        name: "bild.pdf",
        mimeType: "application/pdf",
        buffer: Buffer.from("GIF89a – inte en PDF"),
      });
      await page.getByRole("button", { name: "Skapa ändringsbegäran" }).click();
      await expect(
        page.getByRole("link", { name: "bild.pdf är ingen PDF. Det går bara att ladda upp PDF-filer." }),
      ).toBeVisible();
      await expect(page.getByLabel("Köpeskilling")).not.toHaveValue("");

      // The PDF: created, back on the tab with the toast, the request waiting for the board.
      await page.getByLabel("Tilläggsavtal (valfri)").setInputFiles(pdf("Tilläggsavtal pris.pdf"));
      await page.getByRole("button", { name: "Skapa ändringsbegäran" }).click();
      await expect(page.getByText("Ändringsbegäran skapad")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${TAB}$`));
      const request = pending(page);
      await expect(request.getByRole("row", { name: /Köpeskilling/ })).toContainText(formatSek(price));
      // The additional agreement is named at once; it becomes a link when the document job has verified it.
      await expect(request).toContainText("Tilläggsavtal: Tilläggsavtal pris.pdf");
      // The manager does not decide, and cannot ask for another change while this one waits.
      await expect(request.getByRole("button", { name: "Godkänn ändringsbegäran" })).toHaveCount(0);
      await expect(page.getByText(/Det finns ändringsbegäranden som inte är beslutade/)).toBeVisible();
      await expectNoA11yViolations(page);

      // Erik accepts it on the tab.
      await erik.page.goto(TAB);
      await pending(erik.page).getByRole("button", { name: "Godkänn ändringsbegäran" }).click();
      await expect(erik.page.getByText("Ändringsbegäran godkänd")).toBeVisible();
      await expect(
        erik.page
          .getByRole("article")
          .filter({ hasText: formatSek(price) })
          .first(),
      ).toContainText("Godkänd av Erik Johansson");
      await expectNoA11yViolations(erik.page);

      // The overview shows the new price.
      await erik.page.getByRole("link", { name: "Översikt" }).click();
      await expect(erik.page.getByRole("main")).toContainText(formatSek(price));
      await expectNoA11yViolations(erik.page);
    } finally {
      await maria.context.close();
      await erik.context.close();
    }
  });

  test("the manager asks to move the entry date and the board rejects it with a reason", async ({
    browser,
    javaScriptEnabled,
    expectNoA11yViolations,
  }) => {
    test.slow();
    const js = javaScriptEnabled !== false;
    const entry = addDays(todayInStockholm(), js ? 60 : 61);
    const reason = `Föreningen hinner inte handlägga överlåtelsen till dess (${js ? "js" : "nojs"}).`;
    const maria = await open(browser, "maria", js);
    const erik = await open(browser, "erik", js);
    try {
      await maria.page.goto(`${TAB}/changeRequests/new`);
      const before = await maria.page
        .getByText(/^Nuvarande värde: /)
        .nth(1)
        .textContent();
      // No additional agreement attached: it can be, it need not be.
      await maria.page.getByLabel("Tillträdesdag").fill(entry);
      await maria.page.getByRole("button", { name: "Skapa ändringsbegäran" }).click();
      await expect(maria.page.getByText("Ändringsbegäran skapad")).toBeVisible();
      await expect(pending(maria.page)).toContainText("Tilläggsavtal: Inget bifogat");

      await erik.page.goto(TAB);
      await pending(erik.page).getByRole("link", { name: "Avslå ändringsbegäran" }).click();
      await expect(erik.page.getByRole("heading", { level: 1, name: "Avslå ändringsbegäran" })).toBeVisible();
      await expect(erik.page.getByRole("row", { name: /Tillträdesdag/ })).toContainText(formatDate(entry));
      await expectNoA11yViolations(erik.page);
      await erik.page.getByRole("button", { name: "Avslå ändringsbegäran" }).click();
      await expect(erik.page.getByRole("link", { name: "Ange orsak" })).toBeVisible();
      await expectNoA11yViolations(erik.page);
      await erik.page.getByLabel("Orsak").fill(reason);
      await erik.page.getByRole("button", { name: "Avslå ändringsbegäran" }).click();
      await expect(erik.page.getByText("Ändringsbegäran avslagen")).toBeVisible();
      const rejected = erik.page.getByRole("article").filter({ hasText: reason });
      await expect(rejected).toContainText("Avslagen av Erik Johansson");
      await expectNoA11yViolations(erik.page);

      // The agreement keeps its entry date.
      await erik.page.getByRole("link", { name: "Översikt" }).click();
      await expect(erik.page.getByRole("main")).not.toContainText(formatDate(entry));
      expect(before).toMatch(/^Nuvarande värde: \d{4}-\d{2}-\d{2}$/);
      await expect(erik.page.getByRole("main")).toContainText(before!.replace("Nuvarande värde: ", ""));
    } finally {
      await maria.context.close();
      await erik.context.close();
    }
  });
});
