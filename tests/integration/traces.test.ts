import * as z from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActionFunction, ServerBuild } from "@remix-run/node";
import { InMemorySpanExporter, type ReadableSpan } from "@opentelemetry/sdk-trace-base";
import { SpanKind, SpanStatusCode } from "@opentelemetry/api";
import * as wizardRoute from "~/routes/transfers.$id.application.($page)";
import { handleError } from "~/entry.server";
import { enqueueJob } from "~/server/context/job-queue.server";
import { getDb } from "~/server/db/db.server";
import { AUTOMATIC_REVIEW_JOB } from "~/server/domain/automatic-review/queue.server";
import { defineJob } from "~/server/jobs/registry.server";
import { JOB_MODULES } from "~/server/jobs/index.server";
import { createJobRunner } from "~/server/jobs/runner.server";
import { flushTracing, startRequestSpan, startTracing, stopTracing } from "~/server/ops/tracing.server";
import { createLogger } from "~/server/platform/log.server";
import { protectRoutes } from "~/server/platform/protect-routes.server";
import { runInRequest, type RequestScope } from "~/server/platform/request-context.server";
import { answered, formRequest, request, signedInSession, startFreshApp } from "../support/app";
import { freshPostgres } from "../support/db";
import { addDocument } from "../support/documents";
import { buildWorld } from "../support/transfers";
import { ANNA, PER, SARA, insertWizardTransfer, saveFilledApplication } from "../support/wizard";

/**
 * Traces (decision 046) read back from the SDK's in-memory exporter: the application wizard's final submit, answered
 * as server.js answers a request (a request span around the request's scope, the route wrapped as the server build
 * wraps it), is one trace: the request's span over its database queries, and the automatic review it enqueues run
 * by the job runner as the request's child, with its own queries and its call to the manager's system below it.
 */

const ROUTE_ID = "routes/transfers.$id.application.($page)";
const exporter = new InMemorySpanExporter();
let maria: string;

const wizard = protectRoutes({
  [ROUTE_ID]: {
    id: ROUTE_ID,
    parentId: "root",
    path: "transfers/:id/application/:page?",
    module: wizardRoute,
  },
} as unknown as ServerBuild["routes"])[ROUTE_ID]!.module;

const failures: string[] = [];
defineJob({
  type: "test.traces.fails",
  schema: z.object({}),
  maxAttempts: 2,
  async handler() {
    failures.push("ran");
    throw new Error("the bureau said no");
  },
});

/** What server.js does around Remix for one request: its scope, its span, the answer's route and status at the end. */
async function answerAsServer(fn: () => Promise<Response>, requestId: string) {
  const scope: RequestScope = { requestId };
  const span = startRequestSpan({ method: "POST", requestId, header: () => undefined, trustProxy: false })!;
  // Remix hands a thrown error to handleError while it answers, inside the request, and answers 500.
  const response = await span.run(() =>
    runInRequest(scope, async () => {
      try {
        return await fn();
      } catch (error) {
        handleError(error, { request: request("/") });
        return new Response(null, { status: 500 });
      }
    }),
  );
  span.end({
    route: scope.routeId ?? "none",
    status: response.status,
    userId: scope.userId,
    tenantId: scope.tenantId,
  });
  return response;
}

async function spans(): Promise<ReadableSpan[]> {
  await flushTracing();
  return exporter.getFinishedSpans();
}
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const childrenOf = (all: ReadableSpan[], parent: ReadableSpan) =>
  all.filter((span) => span.parentSpanContext?.spanId === idOf(parent));
const names = (list: ReadableSpan[]) => [...new Set(list.map((span) => span.name))].sort();
/** A query's span: a client span named by its statement kind and table, with nothing else of the SQL. */
function expectQuery(span: ReadableSpan) {
  expect(span.kind).toBe(SpanKind.CLIENT);
  const { "db.operation.name": operation, "db.collection.name": table, ...rest } = span.attributes;
  expect(span.name).toBe(`${operation} ${table}`);
  expect(rest).toEqual({ "db.system.name": "sqlite", "db.response.returned_rows": expect.any(Number) });
}

beforeAll(async () => {
  // The job handlers are registered by their modules.
  expect(JOB_MODULES.length).toBeGreaterThan(0);
  expect(startTracing({ exporter })).toBe(true);
  process.env.PROPERTY_MANAGERS_LATENCY_MS = "0";
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertWizardTransfer(db, "tr-1", [
    { id: "tr-1-0", identifier: ANNA, firstName: "Anna" },
    { id: "tr-1-1", identifier: PER, firstName: "Per" },
  ]);
  await addDocument("tr-1-ma", "tr-1", {
    category: "MembershipApplication",
    uploaded_by_user_id: "user-maria",
  });
  await addDocument("tr-1-ag", "tr-1", { category: "TransferAgreement", uploaded_by_user_id: "user-maria" });
  await saveFilledApplication("tr-1", ["tr-1-0", "tr-1-1"]);
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
});

afterAll(async () => {
  await stopTracing();
});

describe("traces", () => {
  it("one wizard submit is one trace: the request over its queries, the review job it enqueued as its child", async () => {
    // Work outside a request or job (the set-up above) made no spans.
    expect(await spans()).toEqual([]);
    const path = "/transfers/tr-1/application/review";
    const submitted = await answerAsServer(
      () =>
        answered(
          (wizard.action as ActionFunction)({
            request: formRequest(
              path,
              { intent: "submit", correct: "on", signed: "on", singleDocument: "on" },
              { cookie: maria },
            ),
            params: { id: "tr-1", page: "review" },
            context: {},
          }),
        ),
      "submit000001",
    );
    expect(submitted.status).toBe(303);

    // The request's span: the root of a trace, named by its route id, never the path.
    const afterRequest = await spans();
    const [requestSpan, ...others] = afterRequest.filter((span) => span.kind === SpanKind.SERVER);
    expect(others).toEqual([]);
    expect(requestSpan!.name).toBe(ROUTE_ID);
    expect(requestSpan!.parentSpanContext).toBeUndefined();
    expect(requestSpan!.attributes).toMatchObject({
      "http.request.method": "POST",
      "http.route": ROUTE_ID,
      "http.response.status_code": 303,
      "app.request_id": "submit000001",
      "user.id": "user-maria",
      "app.tenant": "stadsbo",
    });
    expect(requestSpan!.status.code).not.toBe(SpanStatusCode.ERROR);

    // Below it, every query of the request (the session read, the transfer's change, the job's row) and its call to
    // the object's manager system (the submit checks the object), with the queries the simulator made below that.
    const underRequest = childrenOf(afterRequest, requestSpan!);
    const calls = underRequest.filter((span) => span.attributes["app.integration.system"] !== undefined);
    expect(calls.map((span) => [span.name, span.kind, span.attributes])).toEqual([
      [
        "property-managers getObject",
        SpanKind.CLIENT,
        {
          "app.integration.system": "property-managers",
          "app.integration.provider": "simpleko",
          "app.integration.operation": "getObject",
        },
      ],
    ]);
    const queries = underRequest.filter((span) => !calls.includes(span));
    const callQueries = childrenOf(afterRequest, calls[0]!);
    expect(callQueries.length).toBeGreaterThan(0);
    expect(queries.length + calls.length + callQueries.length).toBe(afterRequest.length - 1);
    for (const query of [...queries, ...callQueries]) expectQuery(query);
    expect(names(queries)).toEqual(
      expect.arrayContaining(["SELECT sessions", "SELECT transfers", "UPDATE transfers", "INSERT jobs"]),
    );
    expect(names(callQueries)).toEqual(expect.arrayContaining(["SELECT property_objects"]));

    // The job remembers the request's span, and runs under it.
    const traceId = requestSpan!.spanContext().traceId;
    const job = await getDb()
      .selectFrom("jobs")
      .select(["id", "type", "trace_parent"])
      .where("transfer_id", "=", "tr-1")
      .where("type", "=", AUTOMATIC_REVIEW_JOB)
      .executeTakeFirstOrThrow();
    expect(job.trace_parent).toBe(`00-${traceId}-${idOf(requestSpan!)}-01`);
    exporter.reset();
    const runner = createJobRunner({ db: getDb(), kind: "sqlite", log: () => undefined });
    expect(await runner.drain()).toBeGreaterThanOrEqual(1);

    const afterJobs = await spans();
    const reviewRun = afterJobs.find((span) => span.name === `job ${AUTOMATIC_REVIEW_JOB}`)!;
    expect(reviewRun).toBeDefined();
    expect(reviewRun.kind).toBe(SpanKind.CONSUMER);
    expect(reviewRun.spanContext().traceId).toBe(traceId);
    expect(reviewRun.parentSpanContext?.spanId).toBe(idOf(requestSpan!));
    expect(reviewRun.attributes).toMatchObject({
      "app.job.type": AUTOMATIC_REVIEW_JOB,
      "app.job.id": job.id,
      "app.job.attempt": 1,
      "app.job.outcome": "done",
    });
    // The runner's own claim is no one's child: it made no span.
    expect(afterJobs.filter((span) => !span.parentSpanContext)).toEqual([]);

    // Below the run: its queries, and its own call to the manager's system with the simulator's queries below it.
    const underRun = childrenOf(afterJobs, reviewRun);
    const runCalls = underRun.filter((span) => span.attributes["app.integration.system"] !== undefined);
    expect(runCalls.map((span) => span.name)).toEqual(["property-managers getObject"]);
    for (const query of underRun.filter((span) => !runCalls.includes(span))) expectQuery(query);
    expect(names(underRun)).toEqual(expect.arrayContaining(["SELECT transfers", "UPDATE transfers"]));
    for (const query of childrenOf(afterJobs, runCalls[0]!)) expectQuery(query);

    // Every span of the submit hangs in the one tree, whose root is the request.
    const all = [...afterRequest, ...afterJobs];
    const ids = new Set(all.map(idOf));
    for (const span of all) {
      expect(span.spanContext().traceId).toBe(traceId);
      if (span !== requestSpan) expect(ids.has(span.parentSpanContext!.spanId)).toBe(true);
    }
    // Nothing personal on any span: no personal number, name or e-mail of the parties.
    const text = JSON.stringify(all.map((span) => [span.name, span.attributes, span.events]));
    for (const personal of [SARA, ANNA, PER, "Sara", "Lind", "Anna", "sara@example.se", "Maria"])
      expect(text).not.toContain(personal);
  });

  it("a failed job run is an error on its span, with the exception, under what enqueued it", async () => {
    exporter.reset();
    const response = await answerAsServer(async () => {
      await enqueueJob(getDb(), { type: "test.traces.fails", payload: {} });
      return new Response(null, { status: 204 });
    }, "failjob00001");
    expect(response.status).toBe(204);
    const requestSpan = (await spans()).find((span) => span.kind === SpanKind.SERVER);
    expect(requestSpan!.name).toBe("none");
    exporter.reset();

    await createJobRunner({ db: getDb(), kind: "sqlite", log: () => undefined }).drain();
    expect(failures).toEqual(["ran"]);
    const run = (await spans()).find((span) => span.name === "job test.traces.fails")!;
    expect(run.parentSpanContext?.spanId).toBe(idOf(requestSpan!));
    expect(run.status.code).toBe(SpanStatusCode.ERROR);
    expect(run.attributes["app.job.outcome"]).toBe("retry");
    expect(run.events.map((event) => [event.name, event.attributes?.["exception.message"]])).toEqual([
      ["exception", "the bureau said no"],
    ]);
  });

  it("a request that fails with a 5xx is an error on its span, with the exception, and its log line names the trace", async () => {
    exporter.reset();
    const lines: Array<Record<string, unknown>> = [];
    const testLog = globalThis.__log;
    globalThis.__log = createLogger({
      level: "error",
      destination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    try {
      const response = await answerAsServer(async () => {
        await getDb().selectFrom("transfers").select("id").limit(1).execute();
        throw new Error("the disk is full");
      }, "fivexx000001");
      expect(response.status).toBe(500);
    } finally {
      globalThis.__log = testLog;
    }
    const all = await spans();
    const requestSpan = all.find((span) => span.kind === SpanKind.SERVER)!;
    expect(requestSpan.status.code).toBe(SpanStatusCode.ERROR);
    expect(requestSpan.attributes["http.response.status_code"]).toBe(500);
    expect(requestSpan.events.map((event) => [event.name, event.attributes?.["exception.message"]])).toEqual([
      ["exception", "the disk is full"],
    ]);
    expect(childrenOf(all, requestSpan).map((span) => span.name)).toEqual(["SELECT transfers"]);
    expect(lines).toEqual([
      expect.objectContaining({
        msg: "request failed",
        reqId: "fivexx000001",
        traceId: requestSpan.spanContext().traceId,
      }),
    ]);
  });

  it("a failing query is an error on its span by its code, without the driver's message", async () => {
    exporter.reset();
    await answerAsServer(async () => {
      await getDb()
        .insertInto("jobs")
        .values({
          id: "dup",
          type: "x",
          payload: "{}",
          state: "queued",
          run_at: "",
          max_attempts: 1,
          created_at: "",
        })
        .execute();
      await getDb()
        .insertInto("jobs")
        .values({
          id: "dup",
          type: "x",
          payload: "{}",
          state: "queued",
          run_at: "",
          max_attempts: 1,
          created_at: "",
        })
        .execute()
        .catch(() => undefined);
      return new Response(null, { status: 204 });
    }, "badquery0001");
    const inserts = (await spans()).filter((span) => span.name === "INSERT jobs");
    expect(inserts.map((span) => span.status.code)).toEqual([SpanStatusCode.UNSET, SpanStatusCode.ERROR]);
    expect(inserts[1]!.attributes["error.type"]).toBe("SQLITE_CONSTRAINT_PRIMARYKEY");
    expect(inserts[1]!.events).toEqual([]);
  });

  it("work a request only starts is not the request's: a runner its enqueue wakes, a timer that outlives it", async () => {
    exporter.reset();
    const runs = failures.length;
    const runner = createJobRunner({ db: getDb(), kind: "sqlite", log: () => undefined, pollMs: 60_000 });
    runner.start();
    let late: Promise<unknown> = Promise.resolve();
    try {
      await answerAsServer(async () => {
        await enqueueJob(getDb(), { type: "test.traces.fails", payload: {}, dedupeKey: "woken" });
        setTimeout(() => (late = getDb().selectFrom("users").select("id").limit(1).execute()), 150);
        // The runner wakes, claims and runs the job while the request is still being answered.
        await expect.poll(() => failures.length).toBe(runs + 1);
        return new Response(null, { status: 204 });
      }, "woken0000001");
      await new Promise((resolve) => setTimeout(resolve, 200));
      await late;
    } finally {
      await runner.stop();
    }
    const all = await spans();
    const requestSpan = all.find((span) => span.kind === SpanKind.SERVER)!;
    expect(childrenOf(all, requestSpan).map((span) => span.name)).toEqual([
      "INSERT jobs",
      "job test.traces.fails",
    ]);
    expect(all.filter((span) => span.name === "SELECT users")).toEqual([]);
  });

  it("on PostgreSQL too: the queries of a transaction are spans, its connection goes back to the pool", async (ctx) => {
    const pg = await freshPostgres("migrated");
    if (!pg) {
      console.log("SKIPPED: PostgreSQL traces (set TEST_DATABASE_URL to a reachable server; .ci/run does)");
      ctx.skip();
      return;
    }
    try {
      exporter.reset();
      const { db } = pg.handle;
      await answerAsServer(async () => {
        // More transactions than the pool has connections: each must give its connection back.
        for (let i = 0; i < 12; i++) {
          await db.transaction().execute(async (trx) => {
            await enqueueJob(trx, { type: "test.traces.fails", payload: {}, dedupeKey: `pg-${i}` });
            await trx.selectFrom("jobs").select("id").where("dedupe_key", "=", `pg-${i}`).execute();
          });
        }
        return new Response(null, { status: 204 });
      }, "postgres0001");
      const all = await spans();
      const requestSpan = all.find((span) => span.kind === SpanKind.SERVER)!;
      const queries = childrenOf(all, requestSpan);
      expect(queries.map((span) => span.name)).toEqual(Array(12).fill(["INSERT jobs", "SELECT jobs"]).flat());
      for (const query of queries) expect(query.attributes["db.system.name"]).toBe("postgresql");
      const [row] = await db
        .selectFrom("jobs")
        .select("trace_parent")
        .where("dedupe_key", "=", "pg-0")
        .execute();
      expect(row!.trace_parent).toBe(`00-${requestSpan.spanContext().traceId}-${idOf(requestSpan)}-01`);
    } finally {
      await pg.drop();
    }
  });
});
