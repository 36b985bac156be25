import { expect, test } from "./fixtures";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

const PAGES: Array<{ path: string; heading: string | RegExp; status?: number }> = [
  { path: "/integrity", heading: "Integritetspolicy" },
  { path: "/terms", heading: "Användarvillkor" },
  { path: "/cookies", heading: "Cookiepolicy" },
  { path: "/contact", heading: "Support" },
  { path: "/faq", heading: "Vanliga frågor" },
  { path: "/FAQ", heading: "Vanliga frågor" },
  { path: "/noPermissions", heading: "Du saknar rättigheter" },
  { path: "/unavailable", heading: "Tjänsten är inte tillgänglig" },
  { path: "/error/404", heading: "Sidan hittades inte", status: 404 },
  { path: "/error/403", heading: "Åtkomst nekad", status: 403 },
  { path: "/error/500", heading: "Serverfel", status: 500 },
  { path: "/error/418", heading: "Det har uppstått ett problem", status: 418 },
  { path: "/finns-inte/alls", heading: "Sidan hittades inte", status: 404 },
];

test.describe("public pages", () => {
  test.use({});

  for (const { path, heading, status = 200 } of PAGES) {
    test(`${path} answers ${status}, has one h1, a titled page and no axe violations`, async ({
      page,
      consented: _,
      allowConsoleError,
      expectNoA11yViolations,
    }) => {
      if (status >= 400) allowConsoleError(new RegExp(`status of ${status}`));
      const response = await page.goto(path);
      expect(response?.status()).toBe(status);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page).toHaveTitle(/ – Överlåtelseportalen$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "sv");
      await expect(page.getByRole("main")).toBeVisible();
      // The e2e server runs the BankID simulator: a demo install says so on every page.
      await expect(page.getByRole("complementary", { name: "Testmiljö" })).toContainText("simulerat BankID");
      if (status >= 400 || path === "/unavailable") {
        await expect(page.getByRole("link", { name: /Tillbaka till startsidan|Försök igen/ })).toBeVisible();
      }
      // Where a 403 or 503 leads (spec 01 §8): back to the page, or out.
      if (path === "/unavailable") await expect(page.getByRole("link", { name: "Logga ut" })).toBeVisible();
      await expectNoA11yViolations();
    });
  }

  test("the skip link is the first stop and moves to the main content", async ({ page, consented: _ }) => {
    await page.goto("/terms");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Hoppa till huvudinnehållet" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("the support page falls back to the technical mailbox when the manager has no contact", async ({
    page,
    consented: _,
  }) => {
    await page.goto("/contact");
    await expect(page.getByText("Vi saknar kontaktuppgifer till förvaltaren.")).toBeVisible();
    await expect(page.getByRole("link", { name: "support@example.se" })).toHaveAttribute(
      "href",
      "mailto:support@example.se",
    );
    await expect(page.getByRole("link", { name: "Läs vanliga frågor" })).toHaveAttribute("href", "/faq");
  });

  test("pages carry the security headers", async ({ page, consented: _ }) => {
    const response = await page.goto("/integrity");
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  test("a post from another site is refused with 403", async ({ request }) => {
    const response = await request.post("/cookies", {
      form: { intent: "accept-cookies" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    const sameSite = await request.post("/cookies", { form: { intent: "accept-cookies" }, maxRedirects: 0 });
    expect(sameSite.status()).toBe(303);
  });

  test("the tenant API answers the neutral theme and the tenant list", async ({ request }) => {
    const theme = await (await request.get("/api/tenant")).json();
    expect(theme).toMatchObject({ identifier: "default", displayName: "Överlåtelseportalen" });
    const logo = await request.get(theme.logoUrl);
    expect(logo.status()).toBe(200);
    expect(logo.headers()["content-type"]).toContain("image/svg+xml");
    const tenants = await (await request.get("/api/tenants")).json();
    expect(tenants).toContainEqual({ id: "stadsbo", displayName: "Stadsbo Förvaltning", type: "pm" });
  });
});

test("a form posted with a body that is not a form gets a page that says what was wrong", async ({
  request,
  baseURL,
}) => {
  const response = await request.post("/cookies", {
    headers: { "Content-Type": "application/json", Origin: new URL(baseURL!).origin },
    data: "{}",
  });
  expect(response.status()).toBe(415);
  expect(await response.text()).toContain("Begäran måste skickas som ett formulär.");
  const api = await request.get("/api/tenants");
  expect(api.headers()["cache-control"]).toBe("no-store");
  expect(api.headers()["x-content-type-options"]).toBe("nosniff");
  const noAction = await request.post("/faq", {
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    data: "a=1",
  });
  expect(noAction.status()).toBe(405);
  expect(await noAction.text()).toContain("Metoden POST stöds inte här.");
});
