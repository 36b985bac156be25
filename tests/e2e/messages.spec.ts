import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { storageFor, storageOf } from "./sessions";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/**
 * Spec 02 §2.8, §2.9: a property manager (Maria) and a board member (Erik) exchange a message and a reply on the
 * Meddelanden tab, Erik marks it handled, and his worklist and header counter follow (live with JavaScript, on reload
 * without). The reply's e-mail lands in the outbox (/dev/mail). Posting is closed 7 days after the entry date. Each
 * page is checked with axe, in both projects.
 */

const TRANSFER = "t-kvarnen-review-ready";
const TAB = `/transfers/${TRANSFER}/messages`;

/** The number on the header's envelope (0 when hidden). */
async function counterOf(page: Page): Promise<number> {
  const envelope = page.getByRole("banner").getByRole("link", { name: /^Meddelanden att hantera/ });
  const name = (await envelope.textContent()) ?? "";
  const match = /(\d+) ohanter\w+ meddelande/.exec(name);
  return match ? Number(match[1]) : 0;
}

test.describe("messages between the parties", () => {
  test("a message, a reply and Hanterad, with the worklist and the counter following", async ({
    browser,
    javaScriptEnabled,
    expectNoA11yViolations,
  }) => {
    test.slow();
    const tag = `${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
    const body = `Har föreningen sett över andelstalen? (${tag})`;
    const replyBody = `Ja, vi återkommer i veckan. (${tag})`;
    const maria = await browser.newContext({ storageState: storageOf("maria"), javaScriptEnabled });
    const erik = await browser.newContext({ storageState: storageOf("erik"), javaScriptEnabled });
    const mariaPage = await maria.newPage();
    const erikPage = await erik.newPage();
    try {
      // Erik's worklist before: his counter's number.
      await erikPage.goto("/messages");
      await expect(erikPage.getByRole("heading", { level: 1, name: "Ohanterade meddelanden" })).toBeVisible();
      const before = await counterOf(erikPage);
      await expectNoA11yViolations(erikPage);

      // Maria writes to the board: the form, its hint box, the recipient choice, the body rules.
      await mariaPage.goto(TAB);
      await expect(mariaPage.getByRole("link", { name: /^Meddelanden/, exact: false }).first()).toBeVisible();
      await expect(mariaPage.getByRole("heading", { level: 2, name: "Meddelanden" })).toBeVisible();
      await expectNoA11yViolations(mariaPage);
      await mariaPage.getByRole("link", { name: "Nytt meddelande" }).click();
      await expect(mariaPage.getByRole("heading", { name: "Tänk på detta" })).toBeVisible();
      const recipients = mariaPage.getByRole("group", { name: "Mottagare" });
      await expect(recipients.getByRole("checkbox", { name: "Förening" })).toBeChecked();
      await expect(recipients.getByRole("checkbox", { name: "Förmedlare" })).not.toBeChecked();
      await mariaPage.getByRole("textbox", { name: "Meddelande" }).fill(" x ");
      await mariaPage.getByRole("button", { name: "Skicka meddelande" }).click();
      await expect(mariaPage.getByRole("heading", { name: "Det finns fel i formuläret" })).toBeVisible();
      await expect(mariaPage.getByRole("link", { name: "För få tecken" })).toBeVisible();
      // Trimmed on invalid submit (spec 02 §5): what is shown is what was judged.
      await expect(mariaPage.getByRole("textbox", { name: "Meddelande" })).toHaveValue("x");
      await expectNoA11yViolations(mariaPage);
      await mariaPage.getByRole("textbox", { name: "Meddelande" }).fill(`  ${body}  `);
      await mariaPage.getByRole("button", { name: "Skicka meddelande" }).click();
      await expect(mariaPage.getByText("Meddelandet har skickats")).toBeVisible();
      const sent = mariaPage.getByRole("article").filter({ hasText: body });
      await expect(sent).toContainText("Till: Förening");
      // Maria sent it to the board: it is the board's to handle, not hers.
      await expect(sent.getByRole("checkbox")).toHaveCount(0);

      // Erik's counter and worklist follow: live with JavaScript, on the next page without.
      if (!javaScriptEnabled) await erikPage.reload();
      await expect.poll(() => counterOf(erikPage)).toBe(before + 1);
      const row = erikPage.getByRole("row").filter({ hasText: body });
      await expect(row).toBeVisible();
      await expect(row).toContainText("1102-0101");
      await expectNoA11yViolations(erikPage);

      // The worklist's link opens the message (and, with JavaScript, focuses it).
      await row.getByRole("link").click();
      await expect(erikPage).toHaveURL(new RegExp(`${TAB}#`));
      const message = erikPage.getByRole("article").filter({ hasText: body });
      if (javaScriptEnabled) await expect(message).toBeFocused();
      await expectNoA11yViolations(erikPage);

      // Erik answers.
      await message.getByRole("link", { name: /^Svara/ }).click();
      await erikPage.getByRole("textbox", { name: "Svar" }).fill(replyBody);
      await erikPage.getByRole("button", { name: "Skicka svar" }).click();
      await expect(erikPage.getByText("Svaret har skickats")).toBeVisible();
      await expect(erikPage.getByRole("article").filter({ hasText: body })).toContainText(replyBody);

      // Erik marks it handled; his counter falls back.
      const handled = erikPage
        .getByRole("article")
        .filter({ hasText: body })
        .getByRole("checkbox", { name: /^Hanterad/ });
      await handled.check();
      if (!javaScriptEnabled) {
        await erikPage
          .getByRole("article")
          .filter({ hasText: body })
          .getByRole("button", { name: /^Spara/ })
          .click();
      }
      await expect(erikPage.getByText("Markerad som hanterad")).toBeVisible();
      await expect(
        erikPage
          .getByRole("article")
          .filter({ hasText: body })
          .getByRole("checkbox", { name: /^Hanterad/ }),
      ).toBeChecked();
      await expect.poll(() => counterOf(erikPage)).toBe(before);
      await expectNoA11yViolations(erikPage);
      await erikPage.goto("/messages");
      await expect(erikPage.getByRole("row").filter({ hasText: body })).toHaveCount(0);

      // Maria sees the reply, and the reply's e-mail to her is in the outbox.
      await mariaPage.goto(TAB);
      await expect(mariaPage.getByRole("article").filter({ hasText: body })).toContainText(replyBody);
      await expect(async () => {
        await mariaPage.goto("/dev/mail");
        await expect(mariaPage.getByRole("listitem").filter({ hasText: replyBody })).toContainText(
          "maria.ek@stadsbo.example",
          { timeout: 1000 },
        );
      }).toPass({ timeout: 20_000 });
      await expectNoA11yViolations(mariaPage);
    } finally {
      await maria.close();
      await erik.close();
    }
  });

  test.describe("after the entry date", () => {
    test.use({ storageState: storageFor("maria") });

    test("posting is closed 7 days after the entry date", async ({ page, expectNoA11yViolations }) => {
      await page.goto("/transfers/t-kvarnen-approved-old/messages");
      await expect(
        page.getByText(
          "Eftersom tillträdesdagen har passerats med 7 dagar eller mer så kan inga nya meddelande skickas.",
        ),
      ).toBeVisible();
      await expect(page.getByRole("link", { name: "Nytt meddelande" })).toHaveCount(0);
      await expectNoA11yViolations();
    });
  });
});
