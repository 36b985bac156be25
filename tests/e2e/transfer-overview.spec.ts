import { expect, test } from "./fixtures";
import { storageFor, storageOf } from "./sessions";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/** The overview of one transfer: offered actions computed on the server, notes, co-workers, scope. */
const TRANSFER = "/transfers/t-kvarnen-review-deviations";

test.describe("a property manager's transfer overview", () => {
  test.use({ storageState: storageFor("maria") });

  test("shows the transfer, offers the actions the server allows and performs them", async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto(TRANSFER);
    await page.waitForURL(/\/overview$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("1102-0401");
    await expect(page.getByRole("link", { name: "Översikt" })).toHaveAttribute("aria-current", "page");
    const send = page.getByRole("button", { name: "Skicka till föreningen" });
    await expect(send).toBeDisabled();
    await expect(page.getByText(/^Går inte just nu: .+/).first()).toBeVisible();
    await expect(page.getByRole("region", { name: "Förvärvare" }).getByRole("row")).not.toHaveCount(0);
    await expectNoA11yViolations();

    await page.getByRole("button", { name: "Markera som under utredning" }).click();
    await expect(page.getByText("Överlåtelsen är markerad som under utredning")).toBeVisible();
    await page.getByRole("button", { name: "Ta bort under utredning" }).click();
    await expect(page.getByText("Markeringen under utredning är borttagen")).toBeVisible();
    await expect(page.getByRole("button", { name: "Markera som under utredning" })).toBeVisible();

    // An aborted transfer takes no supplements: its Kompletteringar address leads to the overview (spec 02 §2.1).
    await page.goto("/transfers/t-sjoutsikten-aborted/additionals");
    await page.waitForURL(/\/transfers\/t-sjoutsikten-aborted\/overview$/);
    await expect(page.getByRole("link", { name: "Översikt" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("link", { name: "Kompletteringar" })).toHaveCount(0);
    await expectNoA11yViolations();
  });

  test("offers the transfer summary PDF and makes a new one after a change", async ({
    page,
    expectNoA11yViolations,
  }) => {
    const overview = "/transfers/t-kvarnen-membership-review/overview";
    await page.goto(overview);
    const summary = page
      .getByRole("region", { name: "Medlemskapsbeslut" })
      .getByRole("link", { name: "Ladda ned sammanställningen av överlåtelsen (PDF)" });
    const first = await summary.getAttribute("href");
    expect(first).toMatch(/^\/transfers\/t-kvarnen-membership-review\/documents\/[^/]+$/);
    const file = await page.request.get(first!);
    expect(file.headers()["content-type"]).toContain("application/pdf");
    await expectNoA11yViolations();

    // A change of the transfer: the job makes a new summary, which the page links after a load.
    await page.getByRole("button", { name: "Markera som under utredning" }).click();
    await expect(page.getByText("Överlåtelsen är markerad som under utredning")).toBeVisible();
    await expect
      .poll(async () => {
        await page.goto(overview);
        return summary.getAttribute("href");
      })
      .not.toBe(first);
    await page.getByRole("button", { name: "Ta bort under utredning" }).click();
    await expect(page.getByText("Markeringen under utredning är borttagen")).toBeVisible();
  });

  test("keeps notes, refusing an empty one with a Swedish error", async ({
    page,
    jsEnabled,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    allowConsoleError(/status of 400/);
    await page.goto(`${TRANSFER}/overview`);
    const save = page.getByRole("button", { name: "Spara anteckning" });
    if (jsEnabled) {
      // With JavaScript saving is disabled while the note is empty (spec 02 §5), spaces included.
      await expect(save).toBeDisabled();
      await page.getByLabel("Ny anteckning").fill("   ");
      await expect(save).toBeDisabled();
      await page.getByLabel("Ny anteckning").fill("x");
      await expect(save).toBeEnabled();
      await page.getByLabel("Ny anteckning").fill("");
      await expect(save).toBeDisabled();
    } else {
      // Without it the server refuses the empty note.
      await save.click();
      await expect(page.getByRole("link", { name: "Fältet kan inte vara tomt" })).toBeVisible();
      await expect(page.locator("#note-body-error")).toHaveText("Fel: Fältet kan inte vara tomt");
      await expect(page.getByLabel("Ny anteckning")).toHaveAttribute("aria-invalid", "true");
    }
    await expectNoA11yViolations();
    const text = `Köparen ringde om tillträdet (${jsEnabled ? "med" : "utan"} JavaScript).`;
    const count = page.locator("#note-body-count");
    await page.getByLabel("Ny anteckning").fill(text);
    if (jsEnabled) await expect(count).toHaveText(`Du har ${5000 - text.length} tecken kvar`);
    await save.click();
    await expect(page.getByText("Anteckningen är sparad")).toBeVisible();
    await expect(page.getByRole("region", { name: "Anteckningar" }).getByText(text)).toBeVisible();
    // The box is empty again after the save, and so saving is disabled again and the count starts over.
    if (jsEnabled) await expect(save).toBeDisabled();
    await expect(count).toHaveText("Du kan skriva högst 5000 tecken");
  });
});

test.describe("co-workers and scope", () => {
  test("a colleague who opens the same transfer sees who else is on it", async ({ browser }) => {
    const maria = await browser.newContext({ storageState: storageOf("maria") });
    const johan = await browser.newContext({ storageState: storageOf("johan") });
    try {
      const mariaPage = await maria.newPage();
      await mariaPage.goto(`${TRANSFER}/overview`);
      const johanPage = await johan.newPage();
      await johanPage.goto(`${TRANSFER}/overview`);
      await expect(
        johanPage.getByRole("region", { name: "Aktiva medarbetare" }).getByText("Maria Ek"),
      ).toBeVisible();
    } finally {
      await maria.close();
      await johan.close();
    }
  });

  test.describe("another organisation", () => {
    test.use({ storageState: storageFor("anders") });

    test("gets the not-found page, as for a transfer that does not exist", async ({
      page,
      allowConsoleError,
      expectNoA11yViolations,
    }) => {
      allowConsoleError(/404/);
      const response = await page.goto(`${TRANSFER}/overview`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Överlåtelsen hittades inte");
      const missing = await page.goto("/transfers/finns-inte/overview");
      expect(missing?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Överlåtelsen hittades inte");
      await expectNoA11yViolations();
    });
  });
});

test.describe("live presence", () => {
  test("two colleagues on one transfer see each other appear and leave without reloading", async ({
    browser,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "live updates need JavaScript; the server-rendered presence is tested above");
    const maria = await browser.newContext({ storageState: storageOf("maria") });
    const johan = await browser.newContext({ storageState: storageOf("johan") });
    try {
      const mariaPage = await maria.newPage();
      await mariaPage.goto("/transfers/t-kvarnen-review-ready/overview");
      await expect(mariaPage.getByRole("banner").getByText("Liveuppdateringar: på")).toBeVisible({
        timeout: 15_000,
      });
      const watching = mariaPage.getByRole("region", { name: "Aktiva medarbetare" });
      await expect(watching.getByText("Johan Berg")).toHaveCount(0);

      const johanPage = await johan.newPage();
      await johanPage.goto("/transfers/t-kvarnen-review-ready/overview");
      await expect(johanPage.getByRole("banner").getByText("Liveuppdateringar: på")).toBeVisible({
        timeout: 15_000,
      });
      await expect(
        johanPage.getByRole("region", { name: "Aktiva medarbetare" }).getByText("Maria Ek"),
      ).toBeVisible();
      await expect(watching.getByText("Johan Berg")).toBeVisible({ timeout: 15_000 });

      // Johan leaves the transfer (a client-side navigation): Maria sees him go.
      await johanPage.getByRole("banner").getByRole("link", { name: "Överlåtelser", exact: true }).click();
      await johanPage.waitForURL(/\/transfers$/);
      await expect(watching.getByText("Johan Berg")).toHaveCount(0, { timeout: 15_000 });
    } finally {
      await maria.close();
      await johan.close();
    }
  });

  test("an abort by a colleague shows on the open overview without a reload", async ({
    browser,
    jsEnabled,
  }) => {
    test.skip(!jsEnabled, "live updates need JavaScript; without it a reload shows the same state");
    // Only this test uses this transfer: it ends aborted.
    const overview = "/transfers/t-sjoutsikten-investigation/overview";
    const maria = await browser.newContext({ storageState: storageOf("maria") });
    const johan = await browser.newContext({ storageState: storageOf("johan") });
    try {
      const mariaPage = await maria.newPage();
      await mariaPage.goto(overview);
      await expect(mariaPage.getByRole("banner").getByText("Liveuppdateringar: på")).toBeVisible({
        timeout: 15_000,
      });
      const url = mariaPage.url();
      const johanPage = await johan.newPage();
      await johanPage.goto(overview);
      await johanPage.getByRole("link", { name: "Avbryt överlåtelsen" }).click();
      await johanPage.getByRole("button", { name: "Ja, avbryt överlåtelsen" }).click();
      // Maria's page follows the transfer's events: the abort task, then the abort itself, said as an alert.
      await expect(
        mariaPage.getByRole("alert").filter({ hasText: "Överlåtelse har blivit avbruten" }),
      ).toBeVisible({
        timeout: 20_000,
      });
      await expect(mariaPage.getByRole("link", { name: "Avbryt överlåtelsen" })).toHaveCount(0);
      expect(mariaPage.url()).toBe(url);
    } finally {
      await maria.close();
      await johan.close();
    }
  });
});
