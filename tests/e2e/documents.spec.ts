import { expect, test } from "./fixtures";
import { storageFor } from "./sessions";

// The tests of this file are independent of each other: they run in parallel.
test.describe.configure({ mode: "parallel" });

/** Spec 02 §7: documents open through a short-lived signed link; erased ones say so. */

test.describe("a property manager's documents", () => {
  test.use({ storageState: storageFor("maria") });

  test("a document opens as a PDF through its link; the link alone, unsigned, does not", async ({ page }) => {
    const answer = await page.request.get(
      "/transfers/t-kvarnen-review-deviations/documents/t-kvarnen-review-deviations-doc-1",
    );
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("application/pdf");
    expect((await answer.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const unsigned = await page.request.get("/api/documents/t-kvarnen-review-deviations-doc-1/file");
    expect(unsigned.status()).toBe(403);
  });

  test("an erased document shows Raderat dokument with the GDPR text, and Stäng returns to the transfer", async ({
    page,
    expectNoA11yViolations,
  }) => {
    await page.goto("/transfers/t-solglantan-rejected-old/documents/t-solglantan-rejected-old-doc-2");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Raderat dokument");
    await expect(
      page.getByText("I enlighet med GDPR och förvaltarens gallringsrutiner har denna fil raderats."),
    ).toBeVisible();
    await expectNoA11yViolations();
    await page.getByRole("link", { name: "Stäng" }).click();
    await expect(page).toHaveURL(/\/transfers\/t-solglantan-rejected-old\/overview$/);
  });

  test("a document that is not there is the not-found page", async ({
    page,
    allowConsoleError,
    expectNoA11yViolations,
  }) => {
    allowConsoleError(/status of 404/);
    const answer = await page.goto("/transfers/t-kvarnen-review-deviations/documents/nope");
    expect(answer?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dokumentet hittades inte");
    await expectNoA11yViolations();
  });
});
