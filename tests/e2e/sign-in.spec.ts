import { PEOPLE, continueFromStatusFrame, phone, signIn, startSignIn, statusFrame } from "./bankid";
import { expect, test } from "./fixtures";

test.describe("sign-in with BankID", () => {
  // Each test signs in people of its own (BankID allows one order per person): they run in parallel.
  test.describe.configure({ mode: "parallel" });

  test("the login page greets by client type and shows the login errors", async ({
    page,
    consented: _,
    expectNoA11yViolations,
  }) => {
    // Before a client is chosen nobody is greeted as a manager or a board member.
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hej!");
    await expect(page.getByLabel("Klient")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expectNoA11yViolations();
    await page.goto("/login?tenant=styrelse");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hej BRF-medlem");
    await page.goto("/login?tenant=stadsbo");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hej Förvaltare!");
    await page.goto("/login?error=1");
    await expect(
      page.getByRole("alert").filter({ hasText: "Inloggningstjänsten är tyvärr inte tillgänglig just nu." }),
    ).toBeVisible();
    await page.goto("/login?error=2");
    await expect(
      page.getByRole("alert").filter({ hasText: "Något gick fel vid inloggningen, försök igen." }),
    ).toBeVisible();
  });

  test("a property manager signs in on another device and lands where they were going", async ({
    page,
    consented: _,
    jsEnabled,
    expectNoA11yViolations,
  }) => {
    await page.goto("/account");
    await expect(page).toHaveURL(/\/login\?r=%2Faccount$/);
    await startSignIn(page, PEOPLE.maria, { r: "/account" });
    // Without JavaScript the message and the QR code are in the page's status frame, which alone reloads.
    const status = jsEnabled ? page : statusFrame(page);
    await expect(status.getByRole("status").filter({ hasText: "Starta BankID-appen." })).toBeVisible();
    await expect(status.getByRole("img", { name: /QR-kod för BankID/ })).toBeVisible();
    await expectNoA11yViolations();
    await phone(page, PEOPLE.maria);
    if (!jsEnabled) await continueFromStatusFrame(page);
    await page.waitForURL(/\/account$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Konto");
    await expect(page.getByLabel("Användarmeny för Maria Ek")).toBeVisible();
  });

  test("a board member signs in on this device and goes to Överlåtelser", async ({
    page,
    consented: _,
    allowConsoleError,
    jsEnabled,
  }) => {
    allowConsoleError(/status of 404/);
    if (jsEnabled) allowConsoleError(/bankid:\/\/\/|scheme does not have a registered handler/);
    // With JavaScript the waiting page starts the app itself (autostart), once, with the link it offers.
    const launches: string[] = [];
    page.on("request", (request) => {
      if (request.url().startsWith("bankid:")) launches.push(request.url());
    });
    await startSignIn(page, PEOPLE.erik, { device: "this" });
    const offered = await page.getByRole("link", { name: "Öppna BankID-appen" }).getAttribute("href");
    expect(offered).toMatch(/^bankid:\/\/\/\?autostarttoken=/);
    if (jsEnabled) await expect.poll(() => launches).toEqual([offered]);
    else expect(launches).toEqual([]);
    await phone(page, PEOPLE.erik, { device: "this" });
    if (!jsEnabled) await continueFromStatusFrame(page);
    await expect(page).toHaveURL(/\/transfers$/);
  });

  test("a private party goes to Mina överlåtelser and a user without rights to Du saknar rättigheter", async ({
    page,
    consented: _,
    allowConsoleError,
  }) => {
    allowConsoleError(/status of 404/);
    await signIn(page, PEOPLE.elin);
    await expect(page).toHaveURL(/\/transfers\/private$/);
    await page.goto("/logout");
    await page.getByRole("button", { name: "Ja, logga ut" }).click();
    await signIn(page, PEOPLE.goran);
    await expect(page).toHaveURL(/\/noPermissions$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Du saknar rättigheter");
  });

  test("an inactive user waits on Användare måste aktiveras and can cancel", async ({
    page,
    consented: _,
    expectNoA11yViolations,
  }) => {
    await signIn(page, PEOPLE.peter, { r: "/account" });
    await expect(page).toHaveURL(/\/user\/pending\?r=%2Faccount$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Användare måste aktiveras");
    await expectNoA11yViolations();
    await page.getByRole("button", { name: "Avbryt och logga ut" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("declining in the app shows BankID's message and a new try; cancelling returns to the login page", async ({
    page,
    consented: _,
    jsEnabled,
  }) => {
    await startSignIn(page, PEOPLE.fatima);
    await phone(page, PEOPLE.fatima, { answer: "decline" });
    if (!jsEnabled) {
      // The status frame says so first and stops; its `Fortsätt` shows the page with the message and a new try.
      await expect(statusFrame(page).getByRole("status")).toHaveText("Åtgärden avbröts.", {
        timeout: 10_000,
      });
      await continueFromStatusFrame(page);
    }
    await expect(page.getByRole("status").filter({ hasText: "Åtgärden avbröts." })).toBeVisible({
      timeout: 10_000,
    });
    await page.getByRole("link", { name: "Försök igen" }).click();
    await page.getByRole("button", { name: "BankID på annan enhet" }).click();
    await page.getByRole("button", { name: "Avbryt" }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test("a first sign-in registers (terms only through Godkänn) and a board member is provisioned from the registry", async ({
    page,
    consented: _,
    jsEnabled,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    allowConsoleError(/status of 404/);
    // Without JavaScript the invalid form goes to the server, which answers 400 as it should.
    allowConsoleError(/status of 400/);
    const person = jsEnabled ? PEOPLE.lars : PEOPLE.sofia;
    await signIn(page, person);
    await expect(page).toHaveURL(/\/user\/register\?r=%2F$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Registrera användare");
    await expect(page.getByLabel("Förnamn")).toHaveValue(person.name.split(" ")[0]!);
    await page.getByLabel("E-post").fill("fel-adress");
    await page.getByRole("button", { name: "Registrera" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "Det finns fel i formuläret" });
    await expect(summary).toBeVisible();
    await expect(summary.getByRole("link", { name: "Felaktigt format" })).toBeVisible();
    await expect(summary.getByRole("link", { name: "Godkänn användarvillkoren" })).toBeVisible();
    await expectNoA11yViolations();
    await page.getByLabel("E-post").fill("ny.styrelse@example.se");
    await page.getByRole("button", { name: "Läs användarvillkoren" }).click();
    await page.getByRole("button", { name: "Godkänn" }).click();
    await expect(page.getByText("Du har godkänt användarvillkoren.")).toBeVisible();
    await expect(page.getByLabel("E-post")).toHaveValue("ny.styrelse@example.se");
    await page.getByRole("button", { name: "Registrera" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Välkommen ${person.name.split(" ")[0]}, din användare är nu skapad.`,
    );
    await expect(page.getByText("Användaren registrerad.")).toBeVisible();
    await expectNoA11yViolations();
    await page.waitForURL(/\/transfers$/, { timeout: 10_000 });
  });

  test("a first sign-in at a property manager becomes Inactive after registration", async ({
    page,
    consented: _,
    jsEnabled,
  }) => {
    const person = jsEnabled ? PEOPLE.nils : PEOPLE.ebba;
    await signIn(page, person);
    await page.getByLabel("E-post").fill("ny.forvaltare@example.se");
    await page.getByRole("button", { name: "Läs användarvillkoren" }).click();
    await page.getByRole("button", { name: "Godkänn" }).click();
    await page.getByRole("button", { name: "Registrera" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Användare måste aktiveras");
    await page.goto("/user/register");
    await expect(page).toHaveURL(/\/user\/pending\?r=/);
  });
});
