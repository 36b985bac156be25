import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { PEOPLE, signIn } from "./bankid";
import { CONSENT_COOKIE } from "./fixtures";

/**
 * The built product as an operator runs it (server.js, NODE_ENV=production): a server of this spec's own, whose
 * log it reads. Health and readiness, metrics on their own port only, a request id on every answer, log line and
 * error page, no person's number or name in the log of a signed-in journey, and a graceful shutdown that lets a
 * request in flight finish, tells a waiting long poll of the live channel to reconnect, and exits 0. Plain HTTP and one sign-in: run once, in the JavaScript-off project.
 */
test.describe.configure({ mode: "serial" });
test.skip(
  ({ javaScriptEnabled }) => javaScriptEnabled !== false,
  "one run is enough: the server is the subject",
);

const PORT = Number(process.env.E2E_PORT ?? 3300) + 20;
const METRICS_PORT = PORT + 1;
const origin = `http://localhost:${PORT}`;
// The sign-in helpers use paths: on this spec's server.
test.use({ baseURL: origin });
let server: ChildProcess;
let exited: Promise<number | null>;
const lines: string[] = [];
/** Maria's session from the signed-in journey, for the live channel's long poll at the shutdown. */
let signedInCookie = "";
/** What the process wrote besides its log (Node's own warnings): shown when a test fails, never parsed. */
const stderr: string[] = [];

test.beforeAll(async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "op-ops-"));
  server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DEMO: "1",
      DATA_DIR: dataDir,
      PORT: String(PORT),
      METRICS_PORT: String(METRICS_PORT),
      SHUTDOWN_GRACE_MS: "8000",
      LOG_LEVEL: "info",
      LOG_FORMAT: "json",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let buffer = "";
  server.stdout!.on("data", (chunk: Buffer) => {
    buffer += chunk.toString("utf8");
    const parts = buffer.split("\n");
    buffer = parts.pop()!;
    lines.push(...parts.filter(Boolean));
  });
  server.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk.toString("utf8")));
  exited = new Promise((resolve) => server.once("exit", (code) => resolve(code)));
  await expect
    .poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
});

test.afterAll(() => {
  if (server.exitCode === null) server.kill("SIGKILL");
});

/** The log's lines so far; a line that is not JSON (checked at the end) is skipped here. */
const records = () =>
  lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);

test("health, readiness and metrics answer as an operator expects, and only where they should", async () => {
  const health = await fetch(`${origin}/healthz`);
  expect(health.status).toBe(200);
  expect(health.headers.get("set-cookie")).toBeNull();
  const ready = await fetch(`${origin}/readyz`);
  expect(ready.status).toBe(200);
  const body = (await ready.json()) as { ready: boolean; parts: Array<{ name: string; ok: boolean }> };
  expect(body.ready).toBe(true);
  expect(body.parts.map((p) => [p.name, p.ok])).toEqual([
    ["database", true],
    ["migrations", true],
    ["storage", true],
    ["redis", true],
    ["jobs", true],
  ]);
  expect((await fetch(`${origin}/metrics`)).status).toBe(404);
  const metrics = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  expect(metrics).toContain("process_cpu_user_seconds_total");
  expect(metrics).toContain("nodejs_eventloop_lag_seconds");
  expect(metrics).toMatch(/jobs_queue\{type="[a-z.]+",state="[a-z]+"\} \d+/);
  // The checks themselves write no access-log line at info level: the one line is the public /metrics's 404.
  await expect
    .poll(
      () =>
        records()
          .filter((r) => r.msg === "request" && r.level === 30)
          .map((r) => r.route),
      {
        message: `info-level request lines; the log when the check began:\n${lines.join("\n")}\n${stderr.join("")}`,
        timeout: 10_000,
      },
    )
    .toEqual(["routes/$"]);
});

test("a request id on the answer, its log line and its error page; a forged one is not taken", async () => {
  const answer = await fetch(`${origin}/no-such-page`, {
    headers: { "X-Request-Id": "forged-by-a-client-123" },
  });
  expect(answer.status).toBe(404);
  const id = answer.headers.get("x-request-id")!;
  expect(id).toMatch(/^[2-9a-z]{12}$/);
  expect(await answer.text()).toContain(`Felkod: 404-${id}`);
  await expect
    .poll(() => records().find((r) => r.reqId === id && r.msg === "request"))
    .toMatchObject({ route: "routes/$", method: "GET", status: 404 });
  expect(lines.join("\n")).not.toContain("forged-by-a-client-123");
});

test("a signed-in journey logs its requests with the user's id and never a personnummer or a name", async ({
  page,
}) => {
  await page.context().addCookies([{ ...CONSENT_COOKIE, url: origin }]);
  await signIn(page, PEOPLE.maria, { r: "/transfers" });
  signedInCookie = (await page.context().cookies(origin)).map((c) => `${c.name}=${c.value}`).join("; ");
  await page.goto(`${origin}/transfers`);
  await page.goto(`${origin}/transfers/t-kvarnen-membership-review/overview`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => records().filter((r) => r.msg === "request" && r.userId).length).toBeGreaterThan(2);
  const signedIn = records().find((r) => r.msg === "request" && r.route === "routes/transfers._index");
  expect(signedIn).toMatchObject({ status: 200, tenant: expect.any(String), userId: expect.any(String) });
  const log = lines.join("\n");
  for (const person of Object.values(PEOPLE)) {
    expect(log).not.toContain(person.pnr);
    expect(log).not.toContain(`${person.pnr.slice(0, 8)}-${person.pnr.slice(8)}`);
    expect(log).not.toContain(person.name);
  }
  const metrics = await (await fetch(`http://127.0.0.1:${METRICS_PORT}/metrics`)).text();
  expect(metrics).toMatch(
    /http_requests_total\{route="routes\/transfers\._index",method="GET",status_class="2xx"\} \d+/,
  );
  // The parts beneath: the journey's queries, and the sign-in's calls to the BankID simulator.
  expect(metrics).toMatch(/^db_query_duration_seconds_count\{kind="select"\} [1-9]\d*$/m);
  expect(metrics).toMatch(
    /^integration_call_duration_seconds_count\{system="bankid",provider="simulator",operation="auth"\} [1-9]\d*$/m,
  );
});

const RS = "\u001e";

/**
 * A live connection over long polling, as the official client makes one (negotiate, the first poll, the handshake,
 * its answer), and its next poll, left waiting for the server's next record.
 */
async function waitingLongPoll(cookie: string) {
  const token = (await (await fetch(`${origin}/api/ws/token`, { headers: { cookie } })).json()) as {
    accessToken: string;
  };
  const auth = { Authorization: `Bearer ${token.accessToken}` };
  const negotiated = await fetch(`${origin}/api/ws/negotiate?negotiateVersion=1`, {
    method: "POST",
    headers: auth,
  });
  expect(negotiated.status).toBe(200);
  const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
  const url = `${origin}/api/ws?id=${encodeURIComponent(connectionToken)}`;
  expect((await fetch(url, { headers: auth })).status).toBe(200);
  const handshake = await fetch(url, {
    method: "POST",
    headers: { ...auth, "Content-Type": "text/plain;charset=UTF-8" },
    body: `{"protocol":"json","version":1}${RS}`,
  });
  expect(handshake.status).toBe(200);
  expect(await (await fetch(url, { headers: auth })).text()).toBe(`{}${RS}`);
  // Wrapped: an async function that returned the poll's promise itself would wait for its answer.
  const answer = fetch(url, { headers: auth }).then(async (poll) => ({
    status: poll.status,
    body: await poll.text(),
  }));
  return { answer };
}

test("SIGTERM: not ready at once, a request in flight finishes, a long poll is told to reconnect, the process exits 0", async () => {
  // A live client's long poll, waiting when the signal comes: it is told to reconnect (to another instance).
  expect(signedInCookie).not.toBe("");
  const longPoll = await waitingLongPoll(signedInCookie);
  // A form post whose body arrives over about two seconds: in flight when the signal comes.
  const body = "intent=logout&pad=" + "x".repeat(20_000);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const readyBefore = await new Promise<number>((resolve, reject) =>
    http
      .get(`${origin}/readyz`, { agent }, (res) => (res.resume(), resolve(res.statusCode!)))
      .on("error", reject),
  );
  expect(readyBefore).toBe(200);
  const inFlight = new Promise<number>((resolve, reject) => {
    const request = http.request(`${origin}/logout`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": Buffer.byteLength(body),
      },
    });
    request.on("response", (res) => (res.resume(), resolve(res.statusCode!)));
    request.on("error", reject);
    let sent = 0;
    const send = () => {
      request.write(body.slice(sent, sent + 2_000));
      sent += 2_000;
      if (sent < body.length) setTimeout(send, 200);
      else request.end();
    };
    send();
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  server.kill("SIGTERM");
  // The signal is handled between requests: once the process says so, it has begun shutting down.
  await expect.poll(() => records().some((r) => r.msg === "shutting down")).toBe(true);
  // The kept-alive connection of the load balancer's check hears 503 at once, or is closed: never 200.
  const readyDuring = await new Promise<number | "closed">((resolve) =>
    http
      .get(`${origin}/readyz`, { agent }, (res) => (res.resume(), resolve(res.statusCode!)))
      .on("error", () => resolve("closed")),
  );
  expect(readyDuring === 503 || readyDuring === "closed").toBe(true);
  expect(await inFlight).toBe(303);
  // The waiting poll is answered with SignalR's close message that lets the client reconnect (the official client then
  // negotiates again, through the proxy, with an instance still running: app/server/live/hub.client.test.ts).
  expect(await longPoll.answer).toEqual({ status: 200, body: `{"type":7,"allowReconnect":true}${RS}` });
  expect(await exited).toBe(0);
  const messages = records().map((r) => r.msg);
  expect(messages).toContain("shutting down");
  expect(messages).toContain("stopped");
  // Every line of the whole run was one JSON record under 16 kB.
  expect(lines.filter((line) => !line.startsWith("{") || line.length > 16_000)).toEqual([]);
});
