import type { Page } from "@playwright/test";
import { makePdf } from "../../app/server/demo/pdf.server";
import { expect, test } from "./fixtures";
import { storageFor } from "./sessions";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/**
 * Spec 02 §2.5: the Dokument tab in both projects — upload a PDF (a multipart post without JavaScript, the same form
 * with it), see it verified by the job, refuse a file that is not a PDF, remove it after the question; a board
 * member sees the list and the retention notice. Each page is checked with axe.
 */

// A Stadsbo draft no other spec touches; the test removes what it uploads, so both projects start alike.
const TRANSFER = "t-sjoutsikten-draft";
const TAB = `/transfers/${TRANSFER}/documents`;

function pdfFile(name: string) {
  return {
    name,
    mimeType: "application/pdf",
    buffer: Buffer.from(makePdf({ title: "Medlemskapsansökan", lines: ["Sökande: Hugo Sandström"] })),
  };
}

/** The row of a document in the manager's table, by its file name. */
const rowOf = (page: Page, fileName: string) => page.getByRole("row").filter({ hasText: fileName });

test.describe("the property manager's Dokument tab", () => {
  test.use({ storageState: storageFor("maria") });

  test("uploads a PDF, sees it verified, refuses a non-PDF, and removes the upload after asking", async ({
    page,
    javaScriptEnabled,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    // One journey with an upload, the verification job and five axe audits: longer than the default.
    test.slow();
    // With JavaScript the refused upload is a fetch answered 400, which the browser logs.
    allowConsoleError(/status of 400/);
    const fileName = `Ansökan ${javaScriptEnabled ? "js" : "nojs"}.pdf`;
    await page.goto(TAB);
    await expect(page.getByRole("link", { name: "Dokument" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 2, name: "Dokument", exact: true })).toBeVisible();
    await expectNoA11yViolations();

    // Not a PDF: the form's error, the category kept.
    await page.getByLabel("Kategori", { exact: true }).selectOption({ label: "Medlemskapsansökan" });
    await page.getByLabel("Fil").setInputFiles({
      name: "bild.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from("GIF89a – inte en PDF"),
    });
    await page.getByRole("button", { name: "Ladda upp" }).click();
    await expect(page.getByRole("heading", { name: "Det finns fel i formuläret" })).toBeVisible();
    await expect(page.getByRole("link", { name: /bild\.pdf är ingen PDF/ })).toBeVisible();
    await expect(page.getByLabel("Kategori", { exact: true })).toHaveValue("MembershipApplication");
    await expectNoA11yViolations();

    // A PDF: uploaded, then verified by the job (the page refreshes itself; a reload is quicker here).
    await page.getByLabel("Fil").setInputFiles(pdfFile(fileName));
    await page.getByRole("button", { name: "Ladda upp" }).click();
    await expect(page.getByText(`${fileName} är uppladdad och granskas`)).toBeVisible();
    // The form is ready for the next file, as a fresh page is: the category asked for again.
    await expect(page.getByLabel("Kategori", { exact: true }).locator("option:checked")).toHaveText(
      "Välj kategori...",
    );
    await expect(async () => {
      await page.reload();
      await expect(rowOf(page, fileName)).toContainText("Uppladdad", { timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expectNoA11yViolations();

    // The name opens the document in the browser's viewer (a new tab); the preview link opens the row.
    const link = rowOf(page, fileName).getByRole("link", { name: new RegExp(`^${fileName}`) });
    await expect(link).toHaveAttribute("target", "_blank");
    const opened = await page.request.get((await link.getAttribute("href"))!);
    expect(opened.headers()["content-type"]).toBe("application/pdf");
    const preview = rowOf(page, fileName).getByRole("link", { name: `Förhandsgranska ${fileName}` });
    await expect(preview).toHaveAttribute("aria-expanded", "false");
    await preview.click();
    await expect(page.getByRole("link", { name: "Dölj förhandsgranskning" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    await expect(page.getByRole("link", { name: `Ladda ned ${fileName}` })).toBeVisible();
    await expectNoA11yViolations();

    // Removal asks first, on the page; "Nej, behåll" keeps it, "Ja, ta bort" removes it.
    await rowOf(page, fileName)
      .getByRole("link", { name: /^Ta bort/ })
      .click();
    await expect(page.getByRole("heading", { name: `Vill du ta bort ${fileName}?` })).toBeVisible();
    await expectNoA11yViolations();
    await page.getByRole("link", { name: "Nej, behåll" }).click();
    await expect(rowOf(page, fileName)).toHaveCount(1);
    await rowOf(page, fileName)
      .getByRole("link", { name: /^Ta bort/ })
      .click();
    await page.getByRole("button", { name: "Ja, ta bort" }).click();
    await expect(page.getByText(`${fileName} är borttagen`)).toBeVisible();
    await expect(rowOf(page, fileName)).toHaveCount(0);
  });

  test("an erased document says Raderat dokument", async ({
    page,
    javaScriptEnabled,
    expectNoA11yViolations,
  }) => {
    await page.goto("/transfers/t-solglantan-rejected-old/documents");
    const erased = page.getByRole("row").filter({ hasText: "är raderad" }).first();
    await expect(erased).toBeVisible();
    await erased.getByRole("link").first().click();
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: "Raderat dokument" });
      await expect(dialog).toBeVisible();
      await expect(
        dialog.getByText("I enlighet med GDPR och förvaltarens gallringsrutiner har denna fil raderats."),
      ).toBeVisible();
      await expectNoA11yViolations();
      await dialog.getByRole("button", { name: "Stäng" }).click();
      await expect(dialog).toBeHidden();
    } else {
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Raderat dokument");
      await expectNoA11yViolations();
    }
  });
});

test.describe("a board member's Dokument tab", () => {
  test.use({ storageState: storageFor("erik") });

  test("lists the documents with the retention notice and no upload", async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto("/transfers/t-kvarnen-review-ready/documents");
    await expect(page.getByRole("heading", { level: 2, name: "Dokument", exact: true })).toBeVisible();
    await expect(page.getByRole("note")).toContainText("30 dagar efter att medlemskapet godkänts");
    await expect(page.getByRole("heading", { name: "Ladda upp dokument" })).toHaveCount(0);
    await expect(page.getByRole("listitem").filter({ hasText: "Överlåtelseavtal" }).first()).toBeVisible();
    await expectNoA11yViolations();
  });
});
