import PDFDocument from "pdfkit";
import { expect, test } from "./fixtures";
import { tabTo } from "./keyboard";
import { storageFor } from "./sessions";
import type { Page } from "@playwright/test";
import pdfjsPackage from "pdfjs-dist/package.json" with { type: "json" };

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/**
 * Spec 02 §2.5: an opened document row previews the PDF. Without JavaScript the row links to the browser's own viewer
 * and to a download; with JavaScript pdf.js draws it page by page, driven by keyboard alone.
 *
 * The demo documents are one page each, so the multi-page and the broken file are served in place of the signed
 * link's answer (the preview's own call, the scope check and pdf.js are the real ones).
 */
const TRANSFER = "t-kvarnen-review-deviations";
const DOCUMENT = `${TRANSFER}-doc-1`;
const FILE = "**/api/documents/*/file?*";

function threePages(): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: "A4" });
    const chunks: Buffer[] = [];
    pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
    for (const n of [1, 2, 3]) {
      if (n > 1) pdf.addPage();
      pdf.fontSize(24).text(`Sida ${n}`);
    }
    pdf.end();
  });
}

/** The Dokument tab, its row opened by keyboard (a link: `?preview={documentId}`, with or without JavaScript). */
async function openPreview(page: Page) {
  await page.goto(`/transfers/${TRANSFER}/documents`);
  await page.getByRole("link", { name: "Förhandsgranska Överlåtelseavtal.pdf" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`\\?preview=${DOCUMENT}#preview-${DOCUMENT}$`));
  return page.getByRole("region", { name: "Förhandsgranskning av Överlåtelseavtal.pdf" });
}

test.describe("a property manager previews a document", () => {
  test.use({ storageState: storageFor("maria") });

  test("pages through it by keyboard, hears the page, copies the link", async ({
    page,
    context,
    jsEnabled,
    expectNoA11yViolations,
  }) => {
    test.skip(!jsEnabled, "the pdf.js island needs JavaScript");
    const pdf = await threePages();
    await page.route(FILE, (route) => route.fulfill({ contentType: "application/pdf", body: pdf }));
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // pdf.js runs its worker for real: the CSP (worker-src 'self') admits it, no fallback to the main thread.
    const worker = page.waitForEvent("worker");
    const preview = await openPreview(page);
    expect((await worker).url()).toMatch(/\/vendor\/pdfjs\/[\d.]+\/pdf\.worker\.min\.mjs$/);
    const pageLine = preview.getByText(/^Sida \d av \d$/);
    await expect(pageLine).toHaveText("Sida 1 av 3");
    await expect(pageLine).toHaveAttribute("aria-live", "polite");
    await expect(preview.getByRole("img", { name: "Överlåtelseavtal.pdf, sida 1 av 3" })).toBeVisible();
    const previous = preview.getByRole("button", { name: "Föregående sida" });
    const next = preview.getByRole("button", { name: "Nästa sida" });
    await expect(previous).toBeDisabled();
    const box = await preview.locator("canvas").boundingBox();
    expect(box!.width).toBeLessThanOrEqual(595);
    expect((await preview.locator(".document-preview__sheet").boundingBox())!.height).toBeGreaterThanOrEqual(
      845,
    );
    await expectNoA11yViolations();

    // Keyboard only, from the row's own link: Tab reaches Nästa sida (Föregående sida is disabled), Enter turns.
    await expect(page.getByRole("link", { name: "Dölj förhandsgranskning" })).toBeFocused();
    await tabTo(page, next);
    await page.keyboard.press("Enter");
    await expect(pageLine).toHaveText("Sida 2 av 3");
    await expect(preview.getByRole("img", { name: "Överlåtelseavtal.pdf, sida 2 av 3" })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(pageLine).toHaveText("Sida 3 av 3");
    await expect(next).toBeDisabled();
    // The button that became disabled handed focus to the other one.
    await expect(previous).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(pageLine).toHaveText("Sida 2 av 3");

    const copy = preview.getByRole("button", { name: /^Kopiera länk/ });
    await tabTo(page, copy);
    await page.keyboard.press("Enter");
    await expect(preview.getByRole("status")).toHaveText("Länk kopierad!");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
      new RegExp(`^http://localhost:\\d+/transfers/${TRANSFER}/documents/${DOCUMENT}$`),
    );
    await expect(preview.getByRole("status")).toHaveText("", { timeout: 3_000 });
    await expect(preview.getByRole("link", { name: "Ladda ned Överlåtelseavtal.pdf" })).toHaveAttribute(
      "href",
      `/transfers/${TRANSFER}/documents/${DOCUMENT}?download`,
    );
  });

  test("a file pdf.js cannot read shows Förhandsgranskning inte tillgänglig with download and copy link", async ({
    page,
    jsEnabled,
    expectNoA11yViolations,
  }) => {
    test.skip(!jsEnabled, "the pdf.js island needs JavaScript");
    await page.route(FILE, (route) => route.fulfill({ contentType: "application/pdf", body: "inte en pdf" }));
    const preview = await openPreview(page);
    await expect(preview.getByText("Förhandsgranskning inte tillgänglig")).toBeVisible();
    await expect(preview.getByRole("link", { name: "Ladda ned Överlåtelseavtal.pdf" })).toBeVisible();
    await expect(preview.getByRole("button", { name: /^Kopiera länk/ })).toBeVisible();
    await expect(preview.getByRole("button", { name: "Nästa sida" })).toHaveCount(0);
    await expectNoA11yViolations();
  });

  test("pdf.js is served from its versioned folder as an immutable JavaScript module", async ({ page }) => {
    const module = await page.request.get(`/vendor/pdfjs/${pdfjsPackage.version}/pdf.min.mjs`);
    expect(module.status()).toBe(200);
    expect(module.headers()["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(module.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("without JavaScript the row links to the browser's viewer and to a download", async ({
    page,
    jsEnabled,
    expectNoA11yViolations,
  }) => {
    test.skip(jsEnabled, "the baseline without JavaScript");
    const preview = await openPreview(page);
    const open = preview.getByRole("link", { name: "Öppna Överlåtelseavtal.pdf (öppnas i ny flik)" });
    await expect(open).toHaveAttribute("target", "_blank");
    const pdf = await page.request.get((await open.getAttribute("href"))!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect(pdf.headers()["content-disposition"]).toMatch(/^inline;/);
    const download = preview.getByRole("link", { name: "Ladda ned Överlåtelseavtal.pdf" });
    const saved = await page.request.get((await download.getAttribute("href"))!);
    expect(saved.headers()["content-type"]).toBe("application/pdf");
    expect(saved.headers()["content-disposition"]).toMatch(/^attachment;/);
    await expectNoA11yViolations();
  });
});
