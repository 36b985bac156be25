import { makePdf } from "../../app/server/demo/pdf.server";
import { expect, test } from "./fixtures";
import { storageFor } from "./sessions";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/**
 * Spec 02 §2.2: the private party's own transfer page, in both projects. Elin Sandberg sells her Lärkan apartment
 * privately (README): she opens it from Mina överlåtelser, reads the overview, and uploads a PDF on Dokument.
 * Each tab is checked with axe. Another person's private transfer is not found.
 */

const TRANSFER = "t-larkan-elin-private";
const OBJECT = "3101-0201";

test.describe("a private party's own transfer", () => {
  test.use({ storageState: storageFor("elin") });

  test("opens it from Mina överlåtelser, reads the overview and uploads a PDF on Dokument", async ({
    page,
    javaScriptEnabled,
    expectNoA11yViolations,
  }) => {
    // Three tabs, an upload and three axe audits: longer than the default.
    test.slow();
    const fileName = `Medlemsansökan ${javaScriptEnabled ? "js" : "nojs"}.pdf`;
    await page.goto("/transfers/private");
    await page.getByRole("link", { name: `Visa överlåtelsen ${OBJECT}` }).click();
    await expect(page).toHaveURL(new RegExp(`/transfers/private/${TRANSFER}/overview$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(OBJECT);

    const tabs = page.getByRole("navigation", { name: "Överlåtelsens delar" }).getByRole("link");
    await expect(tabs).toHaveText(["Översikt", "Dokument", "Kompletteringar", /^Meddelande/]);
    await expect(tabs.first()).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("region", { name: "Medlemskapsbeslut" })).toBeVisible();
    const acquirers = page.getByRole("region", { name: "Förvärvare" });
    await expect(acquirers).toContainText("Ronja Vik");
    await expect(acquirers).toContainText(/19950707-\d{4}/);
    await expect(acquirers).toContainText(/50,00\s%/);
    await expect(page.getByRole("region", { name: "Överlåtare" })).toContainText("Elin Sandberg");
    await expect(page.getByRole("region", { name: "Förmedlare" })).toContainText("-");
    // The private party has neither a notes panel nor the manager's actions.
    await expect(page.getByRole("heading", { name: /anteckningar/i })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Åtgärder" })).toHaveCount(0);
    await expectNoA11yViolations();

    await tabs.filter({ hasText: "Dokument" }).click();
    await expect(page).toHaveURL(new RegExp(`/transfers/private/${TRANSFER}/documents$`));
    await expect(page.getByRole("link", { name: "Dokument" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 2, name: "Dokument", exact: true })).toBeVisible();
    await expect(page.getByRole("note")).toContainText("30 dagar efter att medlemskapet godkänts");
    await expectNoA11yViolations();

    await page.getByLabel("Kategori", { exact: true }).selectOption({ label: "Medlemskapsansökan" });
    await page.getByLabel("Fil").setInputFiles({
      name: fileName,
      mimeType: "application/pdf",
      buffer: Buffer.from(makePdf({ title: "Medlemskapsansökan", lines: ["Sökande: Ronja Vik"] })),
    });
    await page.getByRole("button", { name: "Ladda upp" }).click();
    await expect(page.getByText(`${fileName} är uppladdad och granskas`)).toBeVisible();
    const listed = page.getByRole("listitem").filter({ hasText: fileName });
    await expect(listed).toBeVisible();
    await expect(listed).toContainText("Medlemskapsansökan");
    await expectNoA11yViolations();
  });

  test("another person's private transfer is not found", async ({
    page,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    allowConsoleError(/404/);
    const response = await page.goto("/transfers/private/t-vasaparken-karin-private/overview");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Överlåtelsen hittades inte");
    await expect(
      page.getByText("Det finns ingen överlåtelse med det ID:t. Kontrollera länken."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Till överlåtelserna" })).toHaveAttribute(
      "href",
      "/transfers/private",
    );
    await expectNoA11yViolations();
  });
});
