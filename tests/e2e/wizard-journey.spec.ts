import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { makePdf } from "../../app/server/demo/pdf.server";
import { expect, test } from "./fixtures";
import { tabTo } from "./keyboard";
import { storageFor } from "./sessions";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/**
 * Decision 023: the application wizard in both projects, with axe on every step. Viktor and Lina Hallberg own
 * Kvarnen 3 lgh 1203 (Stadsbo, SimpleKo's simulated system) half each; every test makes its own transfer of that
 * apartment, so the projects and the transfer types never share one. Step 2 (`Uppgifter`) is filled in each run:
 * people added and removed (conform's buttons, a post without JavaScript), shares with a decimal comma, the dates
 * as typed text; `Fortsätt` saves and moves on.
 */

const OBJECT = "obj-kvarnen-1203";
const OWNER = { type: "SocialSecurityNumber", value: "199106021257" };
const AGREEMENT_CATEGORY = {
  Purchase: "TransferAgreement",
  Inheritance: "EstateInventory",
  Gift: "DeedOfGift",
  DivisionOfProperty: "DivisionOfPropertyAgreement",
} as const;
type TransferType = keyof typeof AGREEMENT_CATEGORY;

/** Today in Stockholm, and a day some days from it, as the form takes them (ÅÅÅÅ-MM-DD). */
function day(offset = 0): string {
  const date = new Date(Date.now() + offset * 86_400_000);
  return new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Stockholm" }).format(date);
}

function pdf(title: string) {
  return Buffer.from(makePdf({ title, lines: ["Bostadsrättsföreningen Kvarnen 3, lägenhet 1203"] }));
}

async function api(
  request: APIRequestContext,
  baseURL: string,
  method: string,
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(path, {
    method,
    data,
    headers: { Origin: baseURL, Accept: "application/json" },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json().catch(() => null);
}

/**
 * A new transfer of the apartment, of the type, with step 1 done through the calls the wizard's own pages make:
 * the type set, the membership application and the type's agreement uploaded and verified, the analysis finished.
 */
async function transferAtStep2(page: Page, baseURL: string, type: TransferType): Promise<string> {
  const request = page.request;
  const { transferId } = (await api(request, baseURL, "POST", "/api/core/propertyManagers/transfers/create", {
    objectId: OBJECT,
    identifier: OWNER,
  })) as { transferId: string };
  if (type !== "Purchase")
    await api(request, baseURL, "PUT", `/api/core/transfers/${transferId}/transferType`, { type });
  for (const category of ["MembershipApplication", AGREEMENT_CATEGORY[type]]) {
    const created = (await api(request, baseURL, "POST", `/api/core/transfers/${transferId}/documents`, {
      fileName: `${category}.pdf`,
      category,
    })) as { uploadUrl: string };
    const put = await request.fetch(created.uploadUrl, {
      method: "PUT",
      data: pdf(category),
      headers: { "Content-Type": "application/pdf", Origin: baseURL },
    });
    expect(put.status()).toBe(201);
  }
  await expect(async () => {
    const application = (await api(
      request,
      baseURL,
      "GET",
      `/api/core/transfers/${transferId}/application`,
    )) as {
      validationResult: { errors: Array<{ category: string }> };
      proposedApplication: { status: string } | null;
    };
    expect(application.validationResult.errors.filter((e) => e.category === "Document")).toEqual([]);
    expect(application.proposedApplication?.status ?? "none").not.toBe("InProgress");
  }).toPass({ timeout: 30_000 });
  return transferId;
}

const group = (page: Page, name: string | RegExp) => page.getByRole("group", { name, exact: true });

async function fillAcquirer(
  page: Page,
  n: number,
  person: { firstName: string; lastName: string; identifier: string; share: string },
) {
  const fieldset = group(page, `Förvärvare ${n}`);
  await fieldset.getByLabel("Förnamn", { exact: true }).fill(person.firstName);
  await fieldset.getByLabel("Efternamn", { exact: true }).fill(person.lastName);
  await fieldset.getByLabel("Personnummer eller organisationsnummer").fill(person.identifier);
  await fieldset.getByLabel("Andel som förvärvas i procent").fill(person.share);
  await fillAddress(fieldset, `${person.firstName.toLowerCase()}@example.se`);
}

async function fillAddress(fieldset: Locator, email: string) {
  const address = fieldset.getByRole("group", { name: "Adress", exact: true });
  await address.getByLabel("Gatuadress", { exact: true }).fill("Kvarngatan 3");
  await address.getByLabel("Postnummer", { exact: true }).fill("118 47");
  await address.getByLabel("Stad", { exact: true }).fill("Stockholm");
  await expect(address.getByLabel("Land", { exact: true })).toHaveValue("Sverige");
  await fieldset.getByLabel(/^E-postadress/).fill(email);
  await fieldset.getByLabel(/^Telefonnummer/).fill("070-123 45 67");
}

async function fillAgreement(page: Page, price: string | null) {
  if (price !== null) await page.getByLabel(/^Köpeskilling i kronor/).fill(price);
  await page.getByLabel("Avtalsdatum").fill(day(-5));
  await page.getByLabel("Tillträdesdatum").fill(day(30));
}

async function addAcquirer(page: Page, n: number) {
  await page.getByRole("button", { name: "Lägg till förvärvare" }).click();
  await expect(group(page, `Förvärvare ${n}`)).toBeVisible();
}

/** Steps 3 and 4 after a saved step 2: no optional document, the three confirmations, sent in. */
async function finishFromStep3(page: Page, transferId: string, audit: () => Promise<void>) {
  await expect(page).toHaveURL(new RegExp(`/transfers/${transferId}/application/optionalDocuments$`));
  await expect(page.getByRole("heading", { level: 1, name: "Övriga dokument" })).toBeVisible();
  await audit();
  await page.getByRole("button", { name: "Fortsätt" }).click();
  await expect(page).toHaveURL(new RegExp(`/transfers/${transferId}/application/review$`));
  await expect(
    page.getByRole("heading", { level: 1, name: "Kontrollera och skicka in ansökan" }),
  ).toBeVisible();
  await expect(page.getByText("Kvar att göra för att kunna skicka vidare:")).toHaveCount(0);
  await audit();
  await page.getByRole("checkbox", { name: "Jag intygar att uppgifterna är korrekta" }).check();
  await page.getByRole("checkbox", { name: "Jag intygar att alla dokument är undertecknade" }).check();
  await page
    .getByRole("checkbox", { name: "Jag intygar att alla dokument innehåller endast en handling" })
    .check();
  await page.getByRole("button", { name: "Skicka in ansökan" }).click();
  // Sent: the transfer's page with the toast, and the transfer has left the application statuses.
  await expect(page).toHaveURL(new RegExp(`/transfers/${transferId}(/overview)?$`));
  await expect(page.getByText("Ansökan har skickats in")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  const status = await page.request.get(`/api/core/transfers/${transferId}/status`);
  expect(["Initiated", "Draft"]).not.toContain(((await status.json()) as { status: string }).status);
  await audit();
}

test.describe("the application wizard's form step", () => {
  test.use({ storageState: storageFor("maria") });

  test("Purchase, the whole journey: documents, three acquirers (one removed and added again), Övriga dokument, sent in", async ({
    page,
    jsEnabled,
    baseURL,
    expectNoA11yViolations,
    allowConsoleError,
  }) => {
    test.slow();
    allowConsoleError(/status of 400/);
    const { transferId } = (await api(
      page.request,
      baseURL!,
      "POST",
      "/api/core/propertyManagers/transfers/create",
      {
        objectId: OBJECT,
        identifier: OWNER,
      },
    )) as { transferId: string };

    // From the transfer to step 1: the type is Purchase, the two required documents are uploaded.
    await page.goto(`/transfers/${transferId}/overview`);
    await page.getByRole("link", { name: "Fyll i ansökan" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Obligatoriska dokument" })).toBeVisible();
    // With JavaScript as after a page load: focus at the new page's start.
    if (jsEnabled) await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page.getByRole("radio", { name: "Köp" })).toBeChecked();
    await expectNoA11yViolations();
    for (const category of ["Medlemskapsansökan", "Överlåtelseavtal"]) {
      const slot = page.getByRole("region", { name: category, exact: true });
      await slot
        .getByLabel(category)
        .setInputFiles({ name: `${category}.pdf`, mimeType: "application/pdf", buffer: pdf(category) });
      await slot.getByRole("button", { name: "Ladda upp" }).click();
      // Listed in its slot (the name is also the remove button's hidden label, so the list item is asked).
      await expect(
        page
          .getByRole("region", { name: category, exact: true })
          .getByRole("listitem")
          .filter({ hasText: `${category}.pdf` }),
      ).toBeVisible();
    }
    // Verified by the job; the page looks again by itself (a reload is quicker here).
    await expect(async () => {
      await page.reload();
      await expect(page.getByText("Dokument granskas.", { exact: false })).toHaveCount(0, { timeout: 500 });
    }).toPass({ timeout: 30_000 });
    await expectNoA11yViolations();
    await page.getByRole("button", { name: "Fortsätt" }).click();
    await expect(page).toHaveURL(new RegExp(`/transfers/${transferId}/application/form$`));
    // The analysis may still run: its waiting page turns into the form by itself.
    await expect(page.getByRole("heading", { level: 1, name: "Uppgifter" })).toBeVisible({ timeout: 30_000 });
    // The test's PDFs name no parties: the analysis failed and the page says so.
    await expect(
      page.getByText("Dokumenten kunde inte analyseras, vänligen fyll i formuläret nedan."),
    ).toBeVisible();
    await expectNoA11yViolations();

    await group(page, "Överlåtare 1: Viktor Hallberg").getByLabel("Andel som överlåts i procent").fill("50");
    await group(page, "Överlåtare 2: Lina Hallberg").getByLabel("Andel som överlåts i procent").fill("50");
    await addAcquirer(page, 1);
    await fillAcquirer(page, 1, {
      firstName: "Sara",
      lastName: "Lind",
      identifier: "19900630-4829",
      share: "50,5",
    });
    await addAcquirer(page, 2);
    // What was typed in the first acquirer survives adding the second (a post without JavaScript).
    await expect(group(page, "Förvärvare 1").getByLabel("Andel som förvärvas i procent")).toHaveValue("50,5");
    await fillAcquirer(page, 2, {
      firstName: "Olle",
      lastName: "Berg",
      identifier: "19880211-1735",
      share: "24,75",
    });
    await addAcquirer(page, 3);
    await fillAcquirer(page, 3, {
      firstName: "Fel",
      lastName: "Person",
      identifier: "19850105-1117",
      share: "1",
    });
    await expectNoA11yViolations();
    await page.getByRole("button", { name: "Ta bort förvärvare 3" }).click();
    await expect(group(page, "Förvärvare 3")).toHaveCount(0);
    await expect(group(page, "Förvärvare 2").getByLabel("Förnamn", { exact: true })).toHaveValue("Olle");
    await addAcquirer(page, 3);
    await fillAcquirer(page, 3, {
      firstName: "Maja",
      lastName: "Berg",
      identifier: "19920819-2642",
      share: "24,75",
    });
    await fillAgreement(page, "2 450 000");
    const recipients = page.getByRole("group", { name: /Mottagare av avgiftsavier/ });
    // Nothing saved: the first option when the page opened (a transferor then), kept while it is still offered.
    await expect(recipients.getByRole("radio", { name: "Viktor Hallberg (överlåtare)" })).toBeChecked();
    await expect(recipients.getByRole("radio")).toHaveCount(5);
    await recipients.getByRole("radio", { name: "Olle Berg (förvärvare)" }).check();
    await page.getByRole("button", { name: "Fortsätt" }).click();
    await expect(page).toHaveURL(new RegExp(`/transfers/${transferId}/application/optionalDocuments$`));

    // Back to the step: what was saved, as typed.
    await page.goto(`/transfers/${transferId}/application/form`);
    await expect(group(page, "Förvärvare 1").getByLabel("Andel som förvärvas i procent")).toHaveValue("50,5");
    await expect(group(page, "Förvärvare 3").getByLabel("Förnamn", { exact: true })).toHaveValue("Maja");
    await expect(recipients.getByRole("radio", { name: "Olle Berg (förvärvare)" })).toBeChecked();
    await expectNoA11yViolations();
    await page.getByRole("button", { name: "Fortsätt" }).click();
    await finishFromStep3(page, transferId, expectNoA11yViolations);
  });

  for (const type of ["Inheritance", "Gift", "DivisionOfProperty"] as const) {
    test(`${type}: a transferor switched on as acquirer beside a new one, no price needed`, async ({
      page,
      baseURL,
      expectNoA11yViolations,
    }) => {
      test.slow();
      const transferId = await transferAtStep2(page, baseURL!, type);
      await page.goto(`/transfers/${transferId}/application/form`);
      await expect(page.getByRole("heading", { level: 1, name: "Uppgifter" })).toBeVisible();
      await expect(page.getByLabel(/^Köpeskilling i kronor \(valfri\)/)).toBeVisible();
      await expectNoA11yViolations();

      await group(page, "Överlåtare 1: Viktor Hallberg")
        .getByLabel("Andel som överlåts i procent")
        .fill("50");
      await group(page, "Överlåtare 2: Lina Hallberg").getByLabel("Andel som överlåts i procent").fill("50");
      // The transferors are offered as acquirers, off and with an empty share.
      const lina = group(page, "Förvärvare 2: överlåtaren Lina Hallberg");
      await expect(
        lina.getByRole("checkbox", { name: "Lina Hallberg förvärvar en andel" }),
      ).not.toBeChecked();
      await expect(lina.getByLabel("Andel som förvärvas i procent")).toHaveValue("");
      await lina.getByRole("checkbox", { name: "Lina Hallberg förvärvar en andel" }).check();
      await lina.getByLabel("Andel som förvärvas i procent").fill("50");
      await fillAddress(lina, "lina@example.se");
      await addAcquirer(page, 3);
      await expect(lina.getByRole("checkbox")).toBeChecked();
      await fillAcquirer(page, 3, {
        firstName: "Sara",
        lastName: "Lind",
        identifier: "19900630-4829",
        share: "50",
      });
      await fillAgreement(page, null);
      await page.getByRole("button", { name: "Fortsätt" }).click();
      await finishFromStep3(page, transferId, expectNoA11yViolations);
    });
  }

  test("the error summary names each error, and its links move focus to the field", async ({
    page,
    baseURL,
    jsEnabled,
    expectNoA11yViolations,
    allowConsoleError,
  }) => {
    test.slow();
    allowConsoleError(/status of 400/);
    const transferId = await transferAtStep2(page, baseURL!, "Purchase");
    await page.goto(`/transfers/${transferId}/application/form`);
    await group(page, "Överlåtare 1: Viktor Hallberg")
      .getByLabel("Andel som överlåts i procent")
      .fill("1e309");
    // The transfer starts with the owned shares; Lina's is emptied.
    await group(page, "Överlåtare 2: Lina Hallberg").getByLabel("Andel som överlåts i procent").fill("");
    await addAcquirer(page, 1);
    await group(page, "Förvärvare 1").getByLabel("Andel som förvärvas i procent").fill("0,001");
    await page.getByLabel("Avtalsdatum").fill("2026-02-30");
    await page.getByRole("button", { name: "Fortsätt" }).click();

    const summary = page
      .getByRole("alert")
      .filter({ has: page.getByRole("heading", { name: "Det finns fel i formuläret" }) });
    await expect(summary).toBeVisible();
    await expect(summary).toBeFocused();
    await expect(page).toHaveTitle(/^Fel: /);
    const expected: Array<[string, Locator]> = [
      [
        "Ange andelen som ett tal i procent, till exempel 50 eller 33,33",
        group(page, "Överlåtare 1: Viktor Hallberg").getByLabel("Andel som överlåts i procent"),
      ],
      [
        "Ange andel som överlåts",
        group(page, "Överlåtare 2: Lina Hallberg").getByLabel("Andel som överlåts i procent"),
      ],
      ["Ange förnamn", group(page, "Förvärvare 1").getByLabel("Förnamn", { exact: true })],
      [
        "Ange andelen med högst 2 decimaler",
        group(page, "Förvärvare 1").getByLabel("Andel som förvärvas i procent"),
      ],
      ["Ange köpeskilling", page.getByLabel(/^Köpeskilling i kronor/)],
      ["Ogiltigt datum", page.getByLabel("Avtalsdatum")],
      ["Ange tillträdesdatum", page.getByLabel("Tillträdesdatum")],
    ];
    for (const [message, field] of expected) {
      const link = summary.getByRole("link", { name: message, exact: true });
      await expect(link).toBeVisible();
      // The same words under the field, tied to it.
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(
        new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
      );
      const id = await field.getAttribute("id");
      await expect(link).toHaveAttribute("href", `#${id}`);
      if (jsEnabled) {
        await link.click();
        await expect(field).toBeFocused();
      } else {
        // Without JavaScript the link is a fragment: the browser moves to the field; the next Tab reaches it.
        await link.click();
        await expect(page).toHaveURL(new RegExp(`#${id!.replace(/[[\].]/g, "\\$&")}$`));
      }
    }
    // Everything typed is still there.
    await expect(page.getByLabel("Avtalsdatum")).toHaveValue("2026-02-30");
    await expect(
      group(page, "Överlåtare 1: Viktor Hallberg").getByLabel("Andel som överlåts i procent"),
    ).toHaveValue("1e309");
    await expectNoA11yViolations();
  });

  test("by keyboard alone: shares, one acquirer added with Enter, dates typed, Fortsätt", async ({
    page,
    jsEnabled,
    baseURL,
    expectNoA11yViolations,
  }) => {
    test.slow();
    const transferId = await transferAtStep2(page, baseURL!, "Purchase");
    await page.goto(`/transfers/${transferId}/application/form`);
    await expect(page.getByRole("heading", { level: 1, name: "Uppgifter" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Hoppa till huvudinnehållet" })).toBeFocused();

    const first = group(page, "Överlåtare 1: Viktor Hallberg").getByLabel("Andel som överlåts i procent");
    await tabTo(page, first, 40);
    // The transfer starts with the owned shares: typed over.
    await page.keyboard.press("Control+A");
    await page.keyboard.type("50");
    const second = group(page, "Överlåtare 2: Lina Hallberg").getByLabel("Andel som överlåts i procent");
    await tabTo(page, second, 20);
    await page.keyboard.press("Control+A");
    await page.keyboard.type("50");
    await tabTo(page, page.getByRole("button", { name: "Lägg till förvärvare" }), 30);
    await page.keyboard.press("Enter");
    const acquirer = group(page, "Förvärvare 1");
    await expect(acquirer).toBeVisible();
    // The new person's first field has the focus (after the server's page too, without JavaScript).
    await expect(acquirer.getByLabel("Förnamn", { exact: true })).toBeFocused();
    const typeInto = async (field: Locator, text: string, max = 30) => {
      await tabTo(page, field, max);
      await page.keyboard.type(text);
    };
    await typeInto(acquirer.getByLabel("Förnamn", { exact: true }), "Sara", 1);
    await typeInto(acquirer.getByLabel("Efternamn", { exact: true }), "Lind");
    await typeInto(acquirer.getByLabel("Personnummer eller organisationsnummer"), "19900630-4829");
    await typeInto(acquirer.getByLabel("Andel som förvärvas i procent"), "100");
    await typeInto(acquirer.getByLabel("Gatuadress", { exact: true }), "Kvarngatan 3");
    await typeInto(acquirer.getByLabel("Postnummer", { exact: true }), "11847");
    await typeInto(acquirer.getByLabel("Stad", { exact: true }), "Stockholm");
    await typeInto(acquirer.getByLabel(/^E-postadress/), "sara@example.se", 5);
    await typeInto(acquirer.getByLabel(/^Telefonnummer/), "0701234567", 5);
    await typeInto(page.getByLabel(/^Köpeskilling i kronor/), "2450000", 20);
    await typeInto(page.getByLabel("Avtalsdatum"), day(-3), 5);
    await typeInto(page.getByLabel("Tillträdesdatum"), day(20), 5);
    // The first recipient is chosen already; Fortsätt is reached with Tab and sent with Enter.
    await tabTo(page, page.getByRole("button", { name: "Fortsätt" }), 10);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/transfers/${transferId}/application/optionalDocuments$`));
    // The next step starts where a page load starts a screen reader: its <h1>.
    if (jsEnabled)
      await expect(page.getByRole("heading", { level: 1, name: "Övriga dokument" })).toBeFocused();
    await expectNoA11yViolations();
  });
});
