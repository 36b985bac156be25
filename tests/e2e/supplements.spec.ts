import type { Page } from "@playwright/test";
import { makePdf } from "../../app/server/demo/pdf.server";
import { expect, test } from "./fixtures";
import { storageOf } from "./sessions";

/**
 * Supplements (decision 025) on the Kompletteringar tab (spec 02 §2.7), in both projects: Anders (the manager) asks
 * Elin (the private party) for a personal guarantee; the request's e-mail is in the outbox (/dev/mail); Elin answers
 * with a PDF and a guarantor (the server's errors per guarantor first), sends the answer, and Anders accepts it: at
 * once with JavaScript, and without it after `Vill du ersätta?` (`Ja, ersätt`), since there the transfer already
 * holds a Borgensförbindelse, which the answer replaces. A second request is answered and rejected with a reason, and
 * a third cancelled. Each page is checked with axe.
 */

const TRANSFER = "t-larkan-elin-private";
const MANAGER_TAB = `/transfers/${TRANSFER}/additionals`;
const PRIVATE_TAB = `/transfers/private/${TRANSFER}/additionals`;

function pdfFile(name: string) {
  return {
    name,
    mimeType: "application/pdf",
    buffer: Buffer.from(makePdf({ title: "Borgensförbindelse", lines: ["Borgensman: Gun Borg"] })),
  };
}

const requestOf = (page: Page, marker: string) => page.getByRole("article").filter({ hasText: marker });

/** Chooses the type (and the person), which without JavaScript is a step of its own (`Fortsätt`). */
async function choose(page: Page, js: boolean, type: string, person?: string) {
  await page.getByLabel("Typ av komplettering").selectOption({ label: type });
  if (!js) await page.getByRole("button", { name: "Fortsätt" }).click();
  if (person) {
    await page.getByLabel("Person", { exact: true }).selectOption({ label: person });
    if (!js) await page.getByRole("button", { name: "Fortsätt" }).click();
  }
}

/**
 * Without JavaScript the answer is to replace something of the transfer's: Anders uploads a Borgensförbindelse on the
 * Dokument tab first and waits for its verification. (When both projects shared a server, the JavaScript run's
 * accepted answer was that.)
 */
async function guaranteeOnTransfer(page: Page, fileName: string) {
  await page.goto(`/transfers/${TRANSFER}/documents`);
  await page.getByLabel("Kategori", { exact: true }).selectOption({ label: "Borgensförbindelse" });
  await page.getByLabel("Fil").setInputFiles(pdfFile(fileName));
  await page.getByRole("button", { name: "Ladda upp" }).click();
  await expect(page.getByText(`${fileName} är uppladdad och granskas`)).toBeVisible();
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole("row").filter({ hasText: fileName })).toContainText("Uppladdad", {
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
}

/** The manager's new request, returned by its marker. */
async function newRequest(
  page: Page,
  js: boolean,
  type: string,
  person: string | undefined,
  message: string,
) {
  await page.goto(MANAGER_TAB);
  await page.getByRole("link", { name: "Ny komplettering" }).click();
  // Who will receive it is named before it is made.
  await expect(
    page.getByText(/Begäran visas för Elin Sandberg på överlåtelsens sida i portalen/),
  ).toBeVisible();
  await choose(page, js, type, person);
  await page.getByRole("textbox", { name: "Meddelande" }).fill(message);
  await page.getByRole("button", { name: "Skapa komplettering" }).click();
  await expect(page.getByText("Komplettering skapad")).toBeVisible();
  await expect(requestOf(page, message)).toContainText("Väntar på svar");
}

/** Elin uploads the answer's document and waits for the verification job. */
async function uploadAnswer(page: Page, marker: string, fileName: string) {
  await page.goto(PRIVATE_TAB);
  const request = requestOf(page, marker);
  await request.getByLabel("Fil").setInputFiles(pdfFile(fileName));
  await request.getByRole("button", { name: "Ladda upp dokument" }).click();
  await expect(page.getByText(`${fileName} är uppladdad och granskas`)).toBeVisible();
}

async function sendAnswer(page: Page, marker: string) {
  // The verification job (and the review it may start) run in the background: the button opens when they are done.
  await expect(async () => {
    await page.reload();
    await expect(requestOf(page, marker).getByRole("button", { name: "Skicka svar" })).toBeEnabled({
      timeout: 1000,
    });
  }).toPass({ timeout: 30_000 });
  await requestOf(page, marker).getByRole("button", { name: "Skicka svar" }).click();
  await expect(page.getByText("Svar skickat")).toBeVisible();
}

test.describe("supplements", () => {
  test("request, e-mail, answer with a document and a guarantor, accept", async ({
    browser,
    javaScriptEnabled,
    expectNoA11yViolations,
  }) => {
    // A long journey of two people with an upload, the background jobs and several axe audits.
    test.setTimeout(300_000);
    const js = javaScriptEnabled !== false;
    const tag = `${js ? "js" : "nojs"}-${Date.now()}`;
    const manager = await browser.newContext({ storageState: storageOf("anders"), javaScriptEnabled });
    const party = await browser.newContext({ storageState: storageOf("elin"), javaScriptEnabled });
    const anders = await manager.newPage();
    const elin = await party.newPage();
    try {
      if (!js) await guaranteeOnTransfer(anders, `Borgen före ${tag}.pdf`);
      await anders.goto(`/transfers/${TRANSFER}/overview`);
      await anders.getByRole("link", { name: /^Kompletteringar/ }).click();
      await expect(anders).toHaveURL(new RegExp(`${MANAGER_TAB}$`));
      await expect(anders.getByRole("link", { name: /^Kompletteringar/ })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expect(anders.getByRole("heading", { level: 2, name: "Kompletteringar" })).toBeVisible();
      await expectNoA11yViolations(anders);

      // Ny komplettering: the message waits for the type and the person; two acquirers, so none is preselected.
      await anders.getByRole("link", { name: "Ny komplettering" }).click();
      if (js) await expect(anders.getByRole("heading", { name: "Ny komplettering" })).toBeFocused();
      await expect(anders.getByRole("textbox", { name: "Meddelande" })).toBeDisabled();
      await choose(anders, js, "Borgensförbindelse", "Ronja Vik (förvärvare)");
      const message = anders.getByRole("textbox", { name: "Meddelande" });
      await expect(message).toBeEnabled();
      await expect(message).toHaveValue(/borgensförbindelse för Ronja Vik/);
      await expectNoA11yViolations(anders);
      const text = `Vänligen komplettera med en borgensförbindelse för Ronja Vik (${tag}).`;
      await message.fill(text);
      await anders.getByRole("button", { name: "Förhandsgranska e-post" }).click();
      const preview = anders.getByRole("region", { name: "Förhandsgranska e-post" });
      await expect(preview).toContainText("För överlåtelsen av 3101-0201");
      await expect(preview).toContainText(text);
      await expect(preview).toContainText("Logga in i Överlåtelseportalen");
      await expectNoA11yViolations(anders);
      // Back to the form: the type, the person and the edited message as they were.
      await preview.getByRole("link", { name: "Tillbaka till formuläret" }).click();
      await expect(anders.getByRole("heading", { name: "Ny komplettering" })).toBeFocused();
      await expect(anders.getByLabel("Typ av komplettering").locator("option:checked")).toHaveText(
        "Borgensförbindelse",
      );
      await expect(anders.getByLabel("Person", { exact: true }).locator("option:checked")).toHaveText(
        "Ronja Vik (förvärvare)",
      );
      await expect(message).toHaveValue(text);
      await anders.getByRole("button", { name: "Skapa komplettering" }).click();
      await expect(anders.getByText("Komplettering skapad")).toBeVisible();
      const request = requestOf(anders, tag);
      await expect(request).toContainText("Väntar på svar");
      await expect(request).toContainText("Ronja Vik");

      // Forwarded outside the portal, and back.
      await request.getByRole("button", { name: "Markera som vidarebefordrad" }).click();
      await expect(anders.getByText("Markerad som vidarebefordrad")).toBeVisible();
      await expect(requestOf(anders, tag)).toContainText("Vidarebefordrad utanför portalen");
      await requestOf(anders, tag)
        .getByRole("button", { name: "Ta bort markering som vidarebefordrad" })
        .click();
      await expect(requestOf(anders, tag)).not.toContainText("Vidarebefordrad utanför portalen");
      await expectNoA11yViolations(anders);

      // The e-mail to Elin is in the outbox.
      await expect(async () => {
        await anders.goto("/dev/mail");
        await expect(anders.getByRole("listitem").filter({ hasText: tag })).toContainText(
          "elin.sandberg@example.se",
          { timeout: 1000 },
        );
      }).toPass({ timeout: 20_000 });

      // Elin answers on her own transfer's Kompletteringar tab.
      await elin.goto(`/transfers/private/${TRANSFER}/overview`);
      await elin.getByRole("link", { name: /^Kompletteringar/ }).click();
      await expect(elin).toHaveURL(new RegExp(`${PRIVATE_TAB}$`));
      await expect(requestOf(elin, tag).getByRole("button", { name: "Skicka svar" })).toBeDisabled();
      await expectNoA11yViolations(elin);
      await uploadAnswer(elin, tag, `Borgen ${tag}.pdf`);
      await expect(requestOf(elin, tag).getByLabel("Fil")).toHaveCount(0);

      // A guarantor with a wrong check digit and no names: the server's errors, the first two and +1.
      const first = requestOf(elin, tag).getByRole("group", { name: "Borgensman 1" });
      await first.getByLabel("Personnummer").fill("19900101-1238");
      await requestOf(elin, tag).getByRole("button", { name: "Spara borgensmän" }).last().click();
      await expect(elin.getByText("Borgensmännen är sparade")).toBeVisible();
      const errors = requestOf(elin, tag).getByRole("list", { name: "Fel för borgensman 1" });
      await expect(errors).toContainText("Ogiltigt personnummer, checksiffra stämmer inte vid verifiering.");
      await expect(errors).toContainText("Förnamn saknas för borgensman");
      await expect(errors).toContainText("+1");
      await expect(requestOf(elin, tag).getByLabel("Personnummer")).toHaveValue("19900101-1238");
      await expectNoA11yViolations(elin);

      // Corrected; a second one added and removed again (only offered while there are two).
      const fixed = requestOf(elin, tag).getByRole("group", { name: "Borgensman 1" });
      await fixed.getByLabel("Personnummer").fill("19900101-1239");
      await fixed.getByLabel("Förnamn").fill("Gun");
      await fixed.getByLabel("Efternamn").fill("Borg");
      await requestOf(elin, tag).getByRole("button", { name: "Lägg till borgensman" }).click();
      await expect(requestOf(elin, tag).getByRole("group", { name: "Borgensman 2" })).toBeVisible();
      await expect(
        requestOf(elin, tag).getByRole("group", { name: "Borgensman 1" }).getByLabel("Förnamn"),
      ).toHaveValue("Gun");
      await requestOf(elin, tag).getByRole("button", { name: "Ta bort borgensman 2" }).click();
      await expect(requestOf(elin, tag).getByRole("group", { name: "Borgensman 2" })).toHaveCount(0);
      await expect(requestOf(elin, tag).getByRole("button", { name: "Ta bort borgensman 1" })).toHaveCount(0);
      await expect(requestOf(elin, tag).getByRole("list", { name: "Fel för borgensman 1" })).toHaveCount(0);
      await sendAnswer(elin, tag);
      await expect(requestOf(elin, tag)).toContainText("Väntar på hantering");
      await expectNoA11yViolations(elin);

      // Anders accepts; without JavaScript the answer replaces the transfer's Borgensförbindelse, after asking.
      await anders.goto(MANAGER_TAB);
      await expect(requestOf(anders, tag)).toContainText("Väntar på hantering");
      await expect(requestOf(anders, tag)).toContainText("Gun Borg, 19900101-1239");
      await requestOf(anders, tag).getByRole("button", { name: "Acceptera" }).click();
      if (!js) {
        await expect(anders.getByRole("heading", { name: "Vill du ersätta?" })).toBeVisible();
        await expectNoA11yViolations(anders);
        await anders.getByRole("button", { name: "Ja, ersätt" }).click();
      }
      await expect(anders.getByText("Komplettering accepterad")).toBeVisible();
      await expect(requestOf(anders, tag)).toContainText("Accepterad");
      await expectNoA11yViolations(anders);

      // The guarantor is the transfer's now.
      await anders.goto(`/transfers/${TRANSFER}/overview`);
      await expect(anders.getByRole("region", { name: "Borgensmän" })).toContainText("Gun Borg");
    } finally {
      await manager.close();
      await party.close();
    }
  });

  test("an answer rejected with a reason hides the upload; an open request is cancelled after asking", async ({
    browser,
    javaScriptEnabled,
    expectNoA11yViolations,
  }) => {
    // A long journey of two people with an upload, the background jobs and several axe audits.
    test.setTimeout(300_000);
    const js = javaScriptEnabled !== false;
    const tag = `${js ? "js" : "nojs"}-${Date.now()}`;
    const manager = await browser.newContext({ storageState: storageOf("anders"), javaScriptEnabled });
    const party = await browser.newContext({ storageState: storageOf("elin"), javaScriptEnabled });
    const anders = await manager.newPage();
    const elin = await party.newPage();
    try {
      const text = `Vänligen komplettera med ett underskrivet överlåtelseavtal (${tag}).`;
      await newRequest(anders, js, "Överlåtelseavtal", undefined, text);
      await uploadAnswer(elin, tag, `Avtal ${tag}.pdf`);
      await sendAnswer(elin, tag);

      await anders.goto(MANAGER_TAB);
      await requestOf(anders, tag).getByRole("link", { name: "Neka" }).click();
      await anders.getByRole("button", { name: "Neka svaret" }).click();
      await expect(anders.getByRole("heading", { name: "Det finns fel i formuläret" })).toBeVisible();
      await expect(anders.getByRole("link", { name: "Ange orsak" })).toBeVisible();
      await expectNoA11yViolations(anders);
      await anders.getByRole("textbox", { name: "Orsak" }).fill("Avtalet saknar köparens underskrift.");
      await anders.getByRole("button", { name: "Neka svaret" }).click();
      await expect(anders.getByText("Komplettering nekad")).toBeVisible();
      await expect(requestOf(anders, tag)).toContainText("Orsak: Avtalet saknar köparens underskrift.");

      await elin.goto(PRIVATE_TAB);
      await expect(requestOf(elin, tag)).toContainText("Nekad");
      await expect(requestOf(elin, tag).getByLabel("Fil")).toHaveCount(0);
      await expect(requestOf(elin, tag).getByRole("button", { name: "Skicka svar" })).toHaveCount(0);
      await expectNoA11yViolations(elin);

      // An open request is cancelled after the question.
      const cancelled = `Vänligen komplettera med ett nytt överlåtelseavtal (${tag}-avbryt).`;
      await newRequest(anders, js, "Överlåtelseavtal", undefined, cancelled);
      await requestOf(anders, `${tag}-avbryt`)
        .getByRole("button", { name: "Avbryt kompletteringen" })
        .click();
      await expect(anders.getByRole("heading", { name: "Vill du avbryta kompletteringen?" })).toBeVisible();
      await expectNoA11yViolations(anders);
      await anders.getByRole("button", { name: "Ja, avbryt" }).click();
      await expect(anders.getByText("Komplettering avbröts")).toBeVisible();
      await expect(requestOf(anders, `${tag}-avbryt`)).toContainText("Avbruten");
    } finally {
      await manager.close();
      await party.close();
    }
  });
});
