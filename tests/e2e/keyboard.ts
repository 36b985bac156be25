import { expect, type Locator, type Page } from "@playwright/test";

/**
 * Presses Tab (or Shift+Tab, back up the page) until `target` has the focus, at most `max` times: the keyboard
 * user's way there, whatever else the page offers on the way. Fails if the focus never gets there.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  max = 12,
  key: "Tab" | "Shift+Tab" = "Tab",
): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}
