import fs from "node:fs";
import { defineConfig, type PlaywrightTestConfig } from "@playwright/test";

type WebServer = Extract<PlaywrightTestConfig["webServer"], unknown[]>[number];

const BASE_PORT = Number(process.env.E2E_PORT ?? 3300);
/**
 * Debian's headless shell (package chromium-headless-shell), the browser Playwright itself runs headless: the same
 * engine without the full browser's window machinery, about 40 % less CPU for the same specs than /usr/bin/chromium
 * on the 2-core machine. The full browser where the shell is not installed; CHROMIUM_PATH names another.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const chromium = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
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
 * Every journey runs twice: with JavaScript (islands on) and without (the server-rendered baseline). Each project has
 * a server of its own (its port, its data folder), so the two run at the same time and neither waits for the other;
 * one spec file runs alone in either: `npx playwright test tests/e2e/forms.spec.ts --project=js-off`.
 */
const SERVERS = [
  { project: "js-on", javaScriptEnabled: true, port: BASE_PORT },
  { project: "js-off", javaScriptEnabled: false, port: BASE_PORT + 1 },
] as const;

/**
 * The product as the README starts it, built, on a fresh seeded database: the demo data plus 300 bulk transfers of
 * Nordhem, so that a list has more than one page. The pages waiting for an analysis refresh themselves every second
 * (PAGE_REFRESH_SECONDS), not every 3 or 5 s. The other clocks stay the product's: the simulated credit bureau's 3 s
 * is the Pending state the credit check test looks at, and the BankID status frames' 2 s is what decision.spec.ts
 * checks (decision 032).
 */
function server(project: string, port: number): WebServer {
  const dataDir = `data-e2e/${project}`;
  return {
    name: project,
    command: `rm -rf ${dataDir} && npm run --silent seed:bulk -- --transfers 300 --tenants nordhem && npm start`,
    env: {
      // A demo install, as the README starts it: npm start refuses simulators in production without it.
      DEMO: "1",
      DATA_DIR: dataDir,
      PORT: String(port),
      SUPPORT_EMAIL: "support@example.se",
      OPERATORS: "197904122319",
      PAGE_REFRESH_SECONDS: "1",
    },
    url: `http://localhost:${port}/api/tenants`,
    reuseExistingServer: false,
    timeout: 90_000,
    stdout: "ignore",
    stderr: "pipe",
  };
}

/**
 * The projects named on the command line (`--project js-off`, `--project=js-*`), or null when none is: a run of one
 * project starts only that project's server. Only the runner starts servers, so only its arguments matter.
 */
function namedProjects(argv: string[]): RegExp[] | null {
  const names: string[] = [];
  argv.forEach((arg, i) => {
    if (arg === "--project" && argv[i + 1]) names.push(argv[i + 1]!);
    else if (arg.startsWith("--project=")) names.push(arg.slice("--project=".length));
  });
  if (names.length === 0) return null;
  return names.map(
    (name) => new RegExp(`^${name.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*")}$`, "i"),
  );
}
const named = namedProjects(process.argv);
const started = SERVERS.filter(
  ({ project }) => !named || named.some((re) => re.test(project) || re.test(`setup-${project}`)),
);

export default defineConfig({
  testDir: "tests/e2e",
  // Parallel within a file where its tests are independent: each such file says so (describe.configure).
  fullyParallel: false,
  // Three browsers at once: on 2 cores a fourth only adds waiting (tests then near their time limit).
  workers: 3,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    locale: "sv-SE",
    timezoneId: "Europe/Stockholm",
    launchOptions: chromium,
    // No trace: recording one (DOM snapshots at every action, kept only if the test fails) cost the browser tests
    // about 11 % of their CPU (wizard-journey and decision, JavaScript off, one worker: 157 s busy against 139 s),
    // and CI keeps only what the run prints. To see a failure step by step, run it again with `--trace on`.
    trace: "off",
  },
  projects: SERVERS.flatMap(({ project, javaScriptEnabled, port }) => {
    const baseURL = `http://localhost:${port}`;
    return [
      // Signs in the people of the specs on this project's server (tests/e2e/auth.setup.ts), without JavaScript:
      // the same sessions, for less of the machine than pages that hydrate.
      { name: `setup-${project}`, testMatch: /auth\.setup\.ts/, use: { baseURL, javaScriptEnabled: false } },
      { name: project, use: { baseURL, javaScriptEnabled }, dependencies: [`setup-${project}`] },
    ];
  }),
  webServer: (started.length ? started : SERVERS).map(({ project, port }) => server(project, port)),
});
