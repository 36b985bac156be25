import { PEOPLE, signIn } from "./bankid";
import { expect, test } from "./fixtures";

test.describe("app shell for a signed-in user", () => {
  test.describe.configure({ mode: "serial" });

  test("the header menu works by keyboard alone, and log-out asks first", async ({
    page,
    consented: _,
    jsEnabled,
    expectNoA11yViolations,
  }) => {
    await signIn(page, PEOPLE.johan, { r: "/account" });
    const header = page.getByRole("banner");
    await expect(
      header
        .getByRole("navigation", { name: "Huvudmeny" })
        .getByRole("link", { name: "Överlåtelser", exact: true }),
    ).toBeVisible();
    await expect(header.getByRole("link", { name: "Avklarade överlåtelser" })).toBeVisible();
    await expect(header.getByText("Inloggad som anställd")).toBeVisible();
    await expect(header.getByText("Hämta appen")).toHaveCount(0);
    await expectNoA11yViolations();

    // Keyboard only: Tab from the top of the page to the user menu, open it, walk its links.
    await page.locator("body").focus();
    const menu = page.getByLabel("Användarmeny för Johan Berg");
    for (let i = 0; i < 15 && !(await menu.evaluate((el) => el === document.activeElement)); i++)
      await page.keyboard.press("Tab");
    await expect(menu).toBeFocused();
    await page.keyboard.press("Enter");
    const panel = page.locator("details.disclosure--user[open]");
    await expect(panel).toBeVisible();
    await expect(panel.getByText("johan.berg@stadsbo.example")).toBeVisible();
    await expect(panel.getByText("Stadsbo Förvaltning")).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: "Konto" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(panel.getByRole("link", { name: "Logga ut" })).toBeFocused();
    for (const name of ["Cookiepolicy", "Användarvillkor", "Integritetspolicy", "Support"]) {
      await page.keyboard.press("Tab");
      await expect(panel.getByRole("link", { name })).toBeFocused();
    }
    if (jsEnabled) {
      await page.keyboard.press("Escape");
      await expect(page.locator("details.disclosure--user[open]")).toHaveCount(0);
      await expect(menu).toBeFocused();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      await page.keyboard.press("Tab");
    } else {
      await panel.getByRole("link", { name: "Logga ut" }).focus();
    }
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Logga ut");
    await expect(page.getByText("Är du säker på att du vill logga ut?")).toBeVisible();
    await expectNoA11yViolations();
    await page.getByRole("button", { name: "Ja, logga ut" }).focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/login$/);
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?r=%2Faccount$/);
  });

  test("a board member of a tenant that promotes the app sees Hämta appen and no manager menu", async ({
    page,
    consented: _,
  }) => {
    await signIn(page, PEOPLE.karin, { r: "/account" });
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Mina överlåtelser" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Avklarade överlåtelser" })).toHaveCount(0);
    await header.getByText("Hämta appen").click();
    await expect(header.getByRole("link", { name: "Ladda ned i App Store" })).toBeVisible();
    await expect(header.getByRole("link", { name: "Ladda ned på Google Play" })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Vanliga frågor" })).toHaveAttribute(
      "href",
      "/faq#11",
    );
  });

  test("GET api/logout ends the session", async ({ page, consented: _, allowConsoleError }) => {
    // The header's live envelope (a board member's unhandled messages) asks for a new live token as the session
    // ends under it, and is refused: the browser logs that 401 before it leaves the page.
    allowConsoleError(/status of 401/);
    await signIn(page, PEOPLE.karin, { r: "/account" });
    await page.goto("/api/logout");
    await expect(page).toHaveURL(/\/login$/);
    const session = await (await page.request.get("/api/session")).json();
    expect(session).toEqual({ isSet: false, user: null });
  });
});

test.describe("account", () => {
  test("Namn och kontaktuppgifter: errors keep what was typed, saving shows the toast", async ({
    page,
    consented: _,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    allowConsoleError(/status of 400/);
    await signIn(page, PEOPLE.anders, { r: "/account" });
    await expect(page.getByRole("heading", { level: 2, name: "Namn och kontaktuppgifter" })).toBeVisible();
    await expect(page.getByText("19710203-1189")).toBeVisible();
    await page.getByLabel("Förnamn").fill("");
    await page.getByLabel("E-post").fill("anders@");
    await page.getByRole("button", { name: "Spara" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "Det finns fel i formuläret" });
    await expect(summary.getByRole("link", { name: "Fältet kan inte vara tomt" })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Felaktigt format" })).toBeVisible();
    await expect(page.getByLabel("E-post")).toHaveValue("anders@");
    await expect(page.getByLabel("Förnamn")).toHaveAttribute("aria-invalid", "true");
    await expectNoA11yViolations();
    await page.getByLabel("Förnamn").fill("Anders Sven");
    await page.getByLabel("E-post").fill("anders.lund@nordhem.example");
    await page.getByRole("button", { name: "Spara" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Kontoinformation uppdaterad." })).toBeVisible();
    await expect(page.getByLabel("Förnamn")).toHaveValue("Anders Sven");
    await page.getByLabel("Förnamn").fill("Anders");
    await page.getByRole("button", { name: "Spara" }).click();
    await expect(page.getByLabel("Förnamn")).toHaveValue("Anders");
  });
});
