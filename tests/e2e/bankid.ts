import { expect, type Page } from "@playwright/test";

export const PEOPLE = {
  maria: { pnr: "197904122319", name: "Maria Ek", tenant: "Stadsbo Förvaltning" },
  johan: { pnr: "198509304120", name: "Johan Berg", tenant: "Stadsbo Förvaltning" },
  anders: { pnr: "197102031189", name: "Anders Lund", tenant: "Nordhem Fastighetsförvaltning" },
  peter: { pnr: "199011215614", name: "Peter Holm", tenant: "Stadsbo Förvaltning" },
  karin: { pnr: "196803142428", name: "Karin Lindqvist", tenant: "Styrelseportalen" },
  erik: { pnr: "197509025172", name: "Erik Johansson", tenant: "Styrelseportalen" },
  fatima: { pnr: "198311273869", name: "Fatima Haddad", tenant: "Styrelseportalen" },
  elin: { pnr: "198706083246", name: "Elin Sandberg", tenant: "Privatpersoner" },
  goran: { pnr: "196104222739", name: "Göran Ekdahl", tenant: "Styrelseportalen" },
  nils: { pnr: "198201177451", name: "Nils Nykvist", tenant: "Stadsbo Förvaltning" },
  ebba: { pnr: "199403292866", name: "Ebba Lindström", tenant: "Stadsbo Förvaltning" },
  lars: { pnr: "195801091355", name: "Lars Nyström", tenant: "Styrelseportalen" },
  sofia: { pnr: "199007184287", name: "Sofia Bergström", tenant: "Styrelseportalen" },
} as const;
export type Person = (typeof PEOPLE)[keyof typeof PEOPLE];

/** From the login page up to the waiting page, by keyboard-free clicks as a user would. */
export async function startSignIn(
  page: Page,
  person: Person,
  { device = "other", r }: { device?: "this" | "other"; r?: string } = {},
) {
  await page.goto(r ? `/login?r=${encodeURIComponent(r)}` : "/login");
  await page.getByLabel("Klient").selectOption({ label: person.tenant });
  await page.getByRole("button", { name: "Till inloggningssidan" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Logga in med BankID");
  await page
    .getByRole("button", { name: device === "this" ? "BankID på denna enhet" : "BankID på annan enhet" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Väntar på BankID");
}

/**
 * The test plays the phone: it reads what the page offers (the QR frame the server renders, or the autostart
 * link) and opens it in the simulator's test app at /dev/bankid, where the person approves or declines.
 */
export async function phone(
  page: Page,
  person: Person,
  {
    device = "other",
    answer = "approve",
  }: { device?: "this" | "other"; answer?: "approve" | "decline" } = {},
) {
  let code: string;
  if (device === "other") {
    const qr = await page.request.get("/login/bankid/qr");
    expect(qr.status()).toBe(200);
    code = qr.headers()["x-qr-data"]!;
    expect(code).toMatch(/^bankid\.[0-9a-f-]{36}\.\d+\.[0-9a-f]{64}$/);
  } else {
    code = (await page.getByRole("link", { name: "Öppna BankID-appen" }).getAttribute("href"))!;
    expect(code).toMatch(/^bankid:\/\/\/\?autostarttoken=/);
  }
  await phoneAnswers(page, person, code, { answer });
}

/**
 * The simulator's test app at /dev/bankid opens `code` (QR data or autostart link) as `person` and answers; with
 * `shows`, the order must first show that text (what is being signed).
 */
export async function phoneAnswers(
  page: Page,
  person: Person,
  code: string,
  { answer = "approve", shows }: { answer?: "approve" | "decline"; shows?: RegExp } = {},
) {
  const app = await page.context().newPage();
  await app.goto("/dev/bankid");
  await app.getByLabel("QR-data eller autostart-länk").fill(code);
  await app.locator("#code-person").selectOption(person.pnr);
  await app.getByRole("button", { name: "Öppna", exact: true }).click();
  // The order this code opened, which the test app names in its address: another test may have an order of the
  // same person open at the same time (the two projects' workers share the demo people).
  await app.waitForURL(/[?&]order=/);
  const opened = new URL(app.url()).searchParams.get("order") ?? "";
  const order = app.getByRole("region", { name: `Order ${opened.slice(0, 8)}` });
  await expect(order).toHaveCount(1);
  await expect(order).toContainText(`· ${person.name}`);
  if (shows) await expect(order).toContainText(shows);
  await order.getByRole("button", { name: answer === "approve" ? "Godkänn" : "Avbryt i appen" }).click();
  // Wait for the test app's answer before closing it: closing earlier can abort the POST, and the order then
  // never completes (the waiting page stalls).
  await expect(
    app.getByText(answer === "approve" ? "Klart: godkänt i appen." : "Klart: avbrutet i appen."),
  ).toBeVisible();
  await app.close();
}

/**
 * Without JavaScript the waiting page stays still and its status frame (in <noscript>, decision 032) shows BankID's
 * message and the QR code, reloading every 2 s; with JavaScript there is no frame and the page itself does this.
 */
export function statusFrame(page: Page) {
  return page.frameLocator('iframe[title="Inloggningens status"]');
}

/** Without JavaScript: the status frame's way on once the order is final, `Fortsätt` to the waiting page. */
export async function continueFromStatusFrame(page: Page) {
  await statusFrame(page).getByRole("link", { name: "Fortsätt" }).click({ timeout: 15_000 });
}

export async function signIn(
  page: Page,
  person: Person,
  options: { device?: "this" | "other"; r?: string } = {},
) {
  await startSignIn(page, person, options);
  // The waiting page holds still until the phone answers: a frame there means a browser without JavaScript.
  const framed = (await page.locator('iframe[title="Inloggningens status"]').count()) > 0;
  await phone(page, person, { device: options.device });
  if (framed) await continueFromStatusFrame(page);
  await page.waitForURL((url) => !url.pathname.startsWith("/login"), { timeout: 15_000 });
}
