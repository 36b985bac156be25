import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHttpCreditBureau } from "./http.server";
import { simulatedReport } from "./simulated-reports.server";
import { CreditBureauError, type CreditBureau, type CreditReportRequest } from "./types.server";

const TOKEN = "bureau-token-7";
const KARIN = "196803142428";
const REPORT = simulatedReport({
  personalNumber: KARIN,
  orderedAt: new Date("2026-11-20T09:30:00Z"),
  fullName: "Karin Lindqvist",
  requester: "organisation 752177-3429",
});

const request: CreditReportRequest = {
  personalNumber: "19680314-2428",
  legitimateNeed: {
    purpose: "Prövning av medlemskap i bostadsrättsförening",
    requestedBy: { organisationNumber: "752177-3429", userId: "user-karin" },
  },
  reference: "cc-42",
};

type Seen = { method?: string; url?: string; headers: IncomingMessage["headers"]; body: unknown };
type Handler = (seen: Seen, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let seen: Seen[];
let handler: Handler;

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));

/** A bureau that speaks docs/credit-bureau-api.md: one order, Pending on the first look, then the report. */
function contract(): Handler {
  const looks = new Map<string, number>();
  return (req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`)
      return json(res, 401, { error: { code: "unauthorized", message: "Bad token" } });
    if (req.method === "POST" && req.url === "/v2/consumer-reports") {
      const body = req.body as { personalNumber?: string };
      if (body.personalNumber !== KARIN)
        return json(res, 422, { error: { code: "unknownPerson", message: "No such person" } });
      return json(res, 201, { orderId: "UC-1001", status: "Pending" });
    }
    if (req.method === "GET" && req.url === "/v2/consumer-reports/UC-1001") {
      const n = (looks.get("UC-1001") ?? 0) + 1;
      looks.set("UC-1001", n);
      if (n === 1) return json(res, 202, { orderId: "UC-1001", status: "Pending" });
      return json(res, 200, { orderId: "UC-1001", status: "Success", report: REPORT });
    }
    return json(res, 404, { error: { code: "notFound", message: "No such order" } });
  };
}

beforeEach(async () => {
  seen = [];
  handler = contract();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const r = {
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      seen.push(r);
      handler(r, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(timeoutMs = 2_000, token = TOKEN): CreditBureau {
  return createHttpCreditBureau({ baseUrl, token, timeoutMs });
}

async function failure(promise: Promise<unknown>): Promise<CreditBureauError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CreditBureauError);
  return error as CreditBureauError;
}

describe("the HTTP client of the credit bureau", () => {
  it("orders with a POST of the normalised number, the need and an idempotency key", async () => {
    expect(await client().orderReport(request)).toEqual({ bureauOrderId: "UC-1001", status: "Pending" });
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/v2/consumer-reports",
      body: {
        personalNumber: KARIN,
        purpose: "Prövning av medlemskap i bostadsrättsförening",
        requestedBy: { organisationNumber: "7521773429", userId: "user-karin" },
        customerReference: "cc-42",
      },
    });
    expect(seen[0]?.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: "application/json",
      "content-type": "application/json",
      "idempotency-key": "cc-42",
    });
  });

  it("reads Pending (202) and then the report (200)", async () => {
    expect(await client().fetchReport("UC-1001")).toEqual({ status: "Pending" });
    expect(await client().fetchReport("UC-1001")).toEqual({ status: "Success", report: REPORT });
    expect(seen.map((s) => [s.method, s.url])).toEqual([
      ["GET", "/v2/consumer-reports/UC-1001"],
      ["GET", "/v2/consumer-reports/UC-1001"],
    ]);
  });

  it("reads SuccessWithoutResult and Error with the bureau's reason", async () => {
    handler = (_r, res) =>
      json(res, 200, { orderId: "UC-7", status: "SuccessWithoutResult", reason: "Skyddad" });
    expect(await client().fetchReport("UC-7")).toEqual({ status: "SuccessWithoutResult", reason: "Skyddad" });
    handler = (_r, res) => json(res, 200, { orderId: "UC-7", status: "Error" });
    expect(await client().fetchReport("UC-7")).toEqual({ status: "Error", reason: null });
  });

  it("refuses a number that is not a personal number without calling", async () => {
    const error = await failure(client().orderReport({ ...request, personalNumber: "19680314-2429" }));
    expect(error.kind).toBe("invalidRequest");
    expect(seen).toHaveLength(0);
  });

  it("maps 4xx answers: 422 and 404 to invalidRequest, 401 and 403 to unauthorized", async () => {
    const other = await failure(client().orderReport({ ...request, personalNumber: "19870608-3246" }));
    expect([other.kind, other.httpStatus, other.retryable]).toEqual(["invalidRequest", 422, false]);
    expect((await failure(client().fetchReport("UC-404"))).kind).toBe("invalidRequest");
    const refused = await failure(client(2_000, "wrong").orderReport(request));
    expect([refused.kind, refused.httpStatus]).toEqual(["unauthorized", 401]);
    handler = (_r, res) => json(res, 403, { error: { code: "needRefused", message: "No agreement" } });
    expect((await failure(client().fetchReport("UC-1001"))).kind).toBe("unauthorized");
  });

  it("maps 5xx and 429 to a retryable unavailable", async () => {
    handler = (_r, res) => json(res, 503, { error: { code: "maintenance", message: "Down" } });
    const down = await failure(client().orderReport(request));
    expect([down.kind, down.retryable, down.httpStatus]).toEqual(["unavailable", true, 503]);
    handler = (_r, res) => json(res, 429, { error: { code: "rate", message: "Slow down" } });
    expect((await failure(client().fetchReport("UC-1001"))).kind).toBe("unavailable");
  });

  it("reports answers outside the contract as unknown", async () => {
    handler = (_r, res) => res.writeHead(200).end("{ not json");
    expect((await failure(client().fetchReport("UC-1001"))).message).toBe("The answer is not JSON");
    handler = (_r, res) =>
      json(res, 200, { orderId: "UC-1001", status: "Success", report: { ...REPORT, age: "fifty" } });
    expect((await failure(client().fetchReport("UC-1001"))).message).toMatch(/contract/);
    handler = (_r, res) => {
      const broken = structuredClone(REPORT);
      broken.creditDecision.creditCheckScore = "Excellent" as never;
      json(res, 200, { orderId: "UC-1001", status: "Success", report: broken });
    };
    expect((await failure(client().fetchReport("UC-1001"))).kind).toBe("unknown");
    handler = (_r, res) => json(res, 200, { orderId: "UC-2", status: "Pending" });
    expect((await failure(client().fetchReport("UC-1001"))).message).toMatch(/another order/);
    handler = (_r, res) => json(res, 200, { orderId: "UC-1001", status: "Pending" });
    expect((await failure(client().fetchReport("UC-1001"))).message).toMatch(/200 with status Pending/);
    handler = (_r, res) => json(res, 201, { orderId: "", status: "Pending" });
    expect((await failure(client().orderReport(request))).kind).toBe("unknown");
    handler = (_r, res) => json(res, 410, {});
    expect((await failure(client().orderReport(request))).kind).toBe("unknown");
    handler = (_r, res) => json(res, 409, { error: { code: "referenceReused", message: "Other person" } });
    expect((await failure(client().orderReport(request))).kind).toBe("invalidRequest");
  });

  it("gives up after its timeout, body included, and when the caller aborts", async () => {
    handler = (_r, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"orderId":"UC-1001",');
    };
    const slow = await failure(client(150).fetchReport("UC-1001"));
    expect([slow.kind, slow.message]).toEqual(["unavailable", "No answer within 150 ms"]);
    handler = () => undefined;
    const controller = new AbortController();
    const pending = client(10_000).orderReport(request, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const abandoned = await failure(pending);
    expect([abandoned.kind, abandoned.message]).toEqual(["unavailable", "The call was abandoned"]);
  });
});
