import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3300);
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
};

/**
 * Every journey runs twice: with JavaScript (islands on) and without (the server-rendered baseline).
 * The product is the built one, started as the README starts it, on a fresh seeded database.
 */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: "sv-SE",
    timezoneId: "Europe/Stockholm",
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    // Signs in the people of the list specs once, before both projects (see tests/e2e/auth.setup.ts).
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "js-on", use: { javaScriptEnabled: true }, dependencies: ["setup"] },
    // After js-on: both projects sign in the same demo people, and BankID cancels a person's parallel orders.
    { name: "js-off", use: { javaScriptEnabled: false }, dependencies: ["setup", "js-on"] },
  ],
  webServer: {
    // The demo data plus 300 bulk transfers of Nordhem, so that a list has more than one page.
    command: `rm -rf data-e2e && DATA_DIR=data-e2e npm run --silent seed:bulk -- --transfers 300 --tenants nordhem && DATA_DIR=data-e2e PORT=${PORT} SUPPORT_EMAIL=support@example.se OPERATORS=197904122319 npm start`,
    url: `http://localhost:${PORT}/api/tenants`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
