import fs from "node:fs";
import { test as setup } from "@playwright/test";
import { PEOPLE, signIn, type Person } from "./bankid";
import { CONSENT_COOKIE } from "./fixtures";
import { AUTH_DIR, storageFor } from "./sessions";

/**
 * Signs in, once and one after another, the people whose pages the list specs visit, and keeps their
 * sessions. Running before both projects means no two BankID orders for one person ever overlap.
 */

const SESSIONS: Array<[string, Person]> = [
  ["maria", PEOPLE.maria],
  ["johan", PEOPLE.johan],
  ["anders", PEOPLE.anders],
  ["erik", PEOPLE.erik],
  ["karin", PEOPLE.karin],
  ["elin", PEOPLE.elin],
];

for (const [key, person] of SESSIONS) {
  setup(`sign in ${person.name}`, async ({ page, baseURL }) => {
    fs.mkdirSync(AUTH_DIR, { recursive: true });
    await page.context().addCookies([{ ...CONSENT_COOKIE, url: baseURL! }]);
    await signIn(page, person, { r: "/account" });
    await page.context().storageState({ path: storageFor(key) });
  });
}
