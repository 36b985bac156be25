import fs from "node:fs";
import path from "node:path";
import { test as setup } from "@playwright/test";
import { PEOPLE, signIn, type Person } from "./bankid";
import { CONSENT_COOKIE } from "./fixtures";
import { sessionFile } from "./sessions";

/**
 * Signs in the people whose pages the specs visit, and keeps their sessions: once per server (each project's setup
 * signs in on its own server), before its project's tests. The sign-ins are independent of each other and mostly wait
 * on BankID's 2 s status frame, so they run side by side on every worker: the start of the run no longer has one
 * worker idle and two signing in six people each, one after another.
 */
setup.describe.configure({ mode: "parallel" });

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
    const file = sessionFile(baseURL!, key);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await page.context().addCookies([{ ...CONSENT_COOKIE, url: baseURL! }]);
    await signIn(page, person, { r: "/account" });
    await page.context().storageState({ path: file });
  });
}
