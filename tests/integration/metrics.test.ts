// The metrics of the parts beneath the web (docs/operations.md), each read back from the Prometheus text after real
// work: queries on the database, calls to the simulators and the storage, an upload, an e-mail, live messages.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as apiDocuments from "~/routes/api.core.transfers.$id.documents";
import * as upload from "~/routes/api.uploads.$documentId";
import { configuredPorts } from "~/server/context/ports.server";
import { enqueueJob } from "~/server/context/job-queue.server";
import { getDb, getDbHandle } from "~/server/db/db.server";
import { makePdf } from "~/server/demo/pdf.server";
import { getBankIdClient, getBankIdSimulator } from "~/server/integrations/bankid/index.server";
import { createJobRunner } from "~/server/jobs/runner.server";
// Every job type, so that the runner knows mail.send.
import "~/server/jobs/index.server";
import { getMetrics } from "~/server/ops/index.server";
import { createMetrics } from "~/server/ops/metrics.server";
import { meters } from "~/server/platform/meters.server";
import { answered, request, signedInSession, startFreshApp } from "../support/app";
import { freshPostgres } from "../support/db";
import { clockedHubs, openLongPolling, records } from "../support/live-server";
import { buildWorld, insertTransfer, WORLD } from "../support/transfers";

const scrape = async () => (await getMetrics()!.text()).split("\n");

/** The value of one series (`name{labels}`), 0 when it is not there yet. */
async function value(series: string): Promise<number> {
  const line = (await scrape()).find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const hubs = clockedHubs();
let maria: string;

beforeAll(async () => {
  // Off until METRICS_PORT asks: no metrics, no sink, the clients handed out as they are.
  delete process.env.METRICS_PORT;
  expect(getMetrics()).toBeNull();
  expect(meters()).toBeUndefined();
  expect(getBankIdClient()).toBe(getBankIdSimulator());
  // As server.js does: the metrics first, then the database opens (at start-up) and times its queries.
  process.env.METRICS_PORT = "9464";
  expect(getMetrics()).not.toBeNull();
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "metrics-1", objectId: WORLD.objectA });
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
});

afterAll(async () => {
  await hubs.cleanup();
});

describe("the database", () => {
  it("times each query by statement kind", async () => {
    const selects = await value('db_query_duration_seconds_count{kind="select"}');
    const inserts = await value('db_query_duration_seconds_count{kind="insert"}');
    expect(selects).toBeGreaterThan(0);
    await getDb()
      .insertInto("mail_outbox")
      .values({ id: "m-1", to_address: "a@example.se", subject: "s", body: "b", created_at: "2026-01-01" })
      .execute();
    await getDb().selectFrom("mail_outbox").selectAll().execute();
    expect(await value('db_query_duration_seconds_count{kind="insert"}')).toBe(inserts + 1);
    // The scrape's own queries (jobs, mail waiting) are selects too: at least ours.
    expect(await value('db_query_duration_seconds_count{kind="select"}')).toBeGreaterThan(selects);
    await expect(
      getDb()
        .insertInto("mail_outbox")
        .values({ id: "m-1" } as never)
        .execute(),
    ).rejects.toThrow();
    expect(await value('db_query_errors_total{kind="insert"}')).toBe(1);
  });

  it("has no pool on SQLite", async () => {
    expect(getDbHandle().pool).toBeUndefined();
    expect(await value("db_pool_max")).toBe(0);
    expect(await value('db_pool_connections{state="idle"}')).toBe(0);
  });

  it("reads PostgreSQL's pool at each scrape", async (ctx) => {
    const pg = await freshPostgres("migrated");
    if (!pg) {
      console.log("SKIPPED: the pool's metrics (set TEST_DATABASE_URL to a reachable server)");
      ctx.skip();
      return;
    }
    try {
      // The process's metrics read the process's database; these read the PostgreSQL one, as on a PostgreSQL install.
      const metrics = createMetrics({ db: () => pg.handle.db, dbPool: () => pg.handle.pool?.() ?? null });
      const before = await value('db_query_duration_seconds_count{kind="select"}');
      await Promise.all([1, 2, 3].map(() => pg.handle.db.selectFrom("users").select("id").execute()));
      const text = await metrics.text();
      expect(text).toMatch(/^db_pool_connections\{state="idle"\} [1-9]\d*$/m);
      expect(text).toMatch(/^db_pool_connections\{state="in_use"\} \d+$/m);
      // The scrape's own queries (the job queue, the mail waiting) may be waiting for a connection as it is read.
      expect(text).toMatch(/^db_pool_waiting \d+$/m);
      expect(text).toMatch(/^db_pool_max 10$/m);
      // Its queries are timed like SQLite's, through the same sink.
      expect(await value('db_query_duration_seconds_count{kind="select"}')).toBeGreaterThanOrEqual(
        before + 3,
      );
    } finally {
      await pg.drop();
    }
  });
});

describe("the integrations", () => {
  it("time each call by system, provider and operation, and count the failed ones", async () => {
    const ports = configuredPorts();
    await ports.companyRegistry.boardEngagements("196803142428");
    const series = 'system="company-registry",provider="simulator",operation="boardEngagements"';
    expect(await value(`integration_call_duration_seconds_count{${series}}`)).toBe(1);
    expect(await value(`integration_call_failures_total{${series}}`)).toBe(0);

    await expect(ports.bankid.collect("no-such-order")).rejects.toThrow();
    const collect = 'system="bankid",provider="simulator",operation="collect"';
    expect(await value(`integration_call_duration_seconds_count{${collect}}`)).toBe(1);
    expect(await value(`integration_call_failures_total{${collect}}`)).toBe(1);

    const simpleko = ports.propertyManagers.systemOf("simpleko")!;
    expect(simpleko.providerId).toBe("simpleko");
    await simpleko.getObject("no-such-object");
    expect(
      await value(
        'integration_call_duration_seconds_count{system="property-managers",provider="simpleko",operation="getObject"}',
      ),
    ).toBe(1);
  });

  it("count the e-mail waiting to leave, and the mailer's call that sends it", async () => {
    expect(await value("mail_outbox_depth")).toBe(0);
    expect(await value("mail_outbox_oldest_seconds")).toBe(0);
    // Due before any job the demo data left, so that the runner's one claim takes it.
    const long = new Date(Date.now() - 3_600_000);
    await enqueueJob(
      getDb(),
      { type: "mail.send", payload: { to: "a@example.se", subject: "Hej", text: "Hej" } },
      long,
    );
    expect(await value("mail_outbox_depth")).toBe(1);
    expect(await value("mail_outbox_oldest_seconds")).toBeGreaterThan(3_000);
    expect(await createJobRunner({ db: getDb(), kind: "sqlite" }).runOnce()).toBe(true);
    expect(await value("mail_outbox_depth")).toBe(0);
    expect(
      await value(
        'integration_call_duration_seconds_count{system="mail",provider="outbox",operation="send"}',
      ),
    ).toBe(1);
  });
});

describe("uploads", () => {
  const json = (body: unknown) =>
    request("/api/core/transfers/metrics-1/documents", {
      method: "POST",
      cookie: maria,
      headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
      body: JSON.stringify(body),
    });
  async function put(fileName: string, bytes: Uint8Array): Promise<number> {
    const created = await answered(
      apiDocuments.action({
        request: json({ fileName, category: "TransferAgreement" }),
        params: { id: "metrics-1" },
        context: {},
      }),
    );
    const { uploadUrl } = (await created.json()) as { uploadUrl: string };
    const url = new URL(uploadUrl, "http://localhost:3000");
    const answer = await answered(
      upload.action({
        request: new Request(url, {
          method: "PUT",
          body: bytes as BodyInit,
          headers: { "Content-Type": "application/pdf" },
        }),
        params: { documentId: url.pathname.split("/")[3]! },
        context: {},
      }),
    );
    return answer.status;
  }

  it("count the bytes stored, the storage's writes and the refusals by reason", async () => {
    const pdf = makePdf({ title: "Överlåtelseavtal", lines: ["Säljare: Åsa Öberg"] });
    const puts = 'integration_call_duration_seconds_count{system="storage",provider="disk",operation="put"}';
    const writes = await value(puts);
    expect(await put("Avtal.pdf", pdf)).toBe(201);
    expect(await value("upload_bytes_count")).toBe(1);
    expect(await value("upload_bytes_sum")).toBe(pdf.byteLength);
    expect(await value(puts)).toBe(writes + 1);

    expect(await put("bild.pdf", new TextEncoder().encode("GIF89a not a pdf"))).toBe(400);
    expect(await value('upload_refusals_total{reason="notPdf"}')).toBe(1);
    expect(await value("upload_bytes_count")).toBe(1);
  });
});

describe("the live channel", () => {
  it("counts the messages sent to clients and the slow clients it cuts off", async () => {
    const { hub, url } = await hubs.setup({ maxBufferedBytes: 4_096 });
    const { connection } = await openLongPolling(url);
    const sent = await value("live_messages_sent_total");
    await hub.publishToUser("u1", "TransferChanged", { id: "t-1" });
    expect(records(await (await connection.poll()).text())).toEqual([
      { type: 1, target: "TransferChanged", arguments: [{ id: "t-1" }] },
    ]);
    expect(await value("live_messages_sent_total")).toBe(sent + 1);

    // The client stops polling while the events pile up past what is kept for it.
    expect(await value("live_slow_clients_dropped_total")).toBe(0);
    for (let i = 0; i < 10; i++) await hub.publishToUser("u1", "TransferChanged", { pad: "x".repeat(1_000) });
    expect(await value("live_slow_clients_dropped_total")).toBe(1);
    expect(hub.stats().connections).toBe(0);
  });
});
