import type { IncomingMessage, ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createHttpBankIdClient, type HttpBankIdClient } from "./client.server";
import { BankIdError } from "./errors.server";
import { createTlsFixture, opensslVersion, type TlsFixture } from "./test-tls.server";

const openssl = opensslVersion();
if (!openssl)
  console.warn("SKIPPED: BankID HTTPS client tests need the openssl CLI to make test certificates");

interface Recorded {
  path: string;
  contentType: string | undefined;
  body: unknown;
}
type Answer = { status: number; body: string; contentType?: string } | "hang";

const ORDER = {
  orderRef: "131daac9-16c6-4618-beb0-365768f37288",
  autoStartToken: "7c40b5c9-fa74-49cf-b98c-bfe651f9a7c6",
  qrStartToken: "67df3917-fa0d-44e5-b327-edcc928297f8",
  qrStartSecret: "d28db9a7-4cde-429e-a983-359be676944c",
};
const COMPLETE = {
  orderRef: ORDER.orderRef,
  status: "complete",
  completionData: {
    user: { personalNumber: "190000000000", name: "Karl Karlsson", givenName: "Karl", surname: "Karlsson" },
    device: { ipAddress: "192.168.0.1", uhi: "OZvYM9VvyiAmG7NA5jU5zqGcVpo6" },
    bankIdIssueDate: "2020-02-01",
    signature: "PD94bWwgdmVyc2lvbj0iMS4wIj8+",
    ocspResponse: "MIIHfgoBAKCCB3cw",
    unexpectedField: true,
  },
};

/** Answers like BankID: exact Content-Type check, JSON answers, and a queue of scripted answers per test. */
function bankIdLike(recorded: Recorded[], script: Answer[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // recorded as text
      }
      recorded.push({ path: req.url ?? "", contentType: req.headers["content-type"], body });
      const answer = (status: number, payload: string, type = "application/json") => {
        res.writeHead(status, { "Content-Type": type }).end(payload);
      };
      if (req.headers["content-type"] !== "application/json") {
        return answer(415, JSON.stringify({ errorCode: "unsupportedMediaType", details: "Content-Type" }));
      }
      const scripted = script.shift();
      if (scripted === "hang") return;
      if (scripted) return answer(scripted.status, scripted.body, scripted.contentType);
      const endpoint = (req.url ?? "").replace("/rp/v6.0/", "");
      if (endpoint === "auth" || endpoint === "sign") return answer(200, JSON.stringify(ORDER));
      if (endpoint === "collect") return answer(200, JSON.stringify(COMPLETE));
      if (endpoint === "cancel") return answer(200, "{}");
      answer(404, JSON.stringify({ errorCode: "notFound", details: "No such endpoint" }));
    });
  };
}

async function listen(server: https.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  return `https://localhost:${(server.address() as AddressInfo).port}/rp/v6.0`;
}

describe.skipIf(!openssl)("createHttpBankIdClient against a local mutual-TLS server", () => {
  let tls: TlsFixture;
  let server: https.Server;
  let foreignServer: https.Server;
  let baseUrl: string;
  let foreignUrl: string;
  const recorded: Recorded[] = [];
  const script: Answer[] = [];
  const clients: HttpBankIdClient[] = [];

  const client = (overrides: Partial<Parameters<typeof createHttpBankIdClient>[0]> = {}) => {
    const created = createHttpBankIdClient({
      baseUrl,
      pfx: tls.trusted.clientP12,
      passphrase: tls.passphrase,
      ca: tls.trusted.ca,
      timeoutMs: 2_000,
      retryBackoffMs: 5,
      ...overrides,
    });
    clients.push(created);
    return created;
  };

  beforeAll(async () => {
    tls = createTlsFixture();
    const options = { requestCert: true, rejectUnauthorized: true, ca: tls.trusted.ca };
    server = https.createServer(
      { ...options, key: tls.trusted.serverKey, cert: tls.trusted.serverCert },
      bankIdLike(recorded, script),
    );
    foreignServer = https.createServer(
      { ...options, key: tls.foreign.serverKey, cert: tls.foreign.serverCert },
      bankIdLike(recorded, script),
    );
    baseUrl = await listen(server);
    foreignUrl = await listen(foreignServer);
  });

  afterEach(() => {
    recorded.length = 0;
    script.length = 0;
    for (const created of clients.splice(0)) created.close();
  });

  afterAll(async () => {
    for (const s of [server, foreignServer]) {
      s?.closeAllConnections();
      await new Promise((resolve) => (s ? s.close(resolve) : resolve(undefined)));
    }
    tls?.cleanup();
  });

  it("starts, collects and cancels with exactly Content-Type application/json", async () => {
    const bankId = client();
    await expect(bankId.auth({ endUserIp: "192.0.2.1" })).resolves.toEqual(ORDER);
    await expect(bankId.sign({ endUserIp: "192.0.2.1", userVisibleData: "SGVq" })).resolves.toEqual(ORDER);
    const collected = await bankId.collect(ORDER.orderRef);
    expect(collected).toEqual({
      orderRef: ORDER.orderRef,
      status: "complete",
      completionData: expect.any(Object),
    });
    if (collected.status !== "complete") throw new Error("expected complete");
    expect(collected.completionData.user.givenName).toBe("Karl");
    expect(collected.completionData).not.toHaveProperty("unexpectedField");
    await expect(bankId.cancel(ORDER.orderRef)).resolves.toBeUndefined();

    expect(recorded.map((r) => r.path)).toEqual([
      "/rp/v6.0/auth",
      "/rp/v6.0/sign",
      "/rp/v6.0/collect",
      "/rp/v6.0/cancel",
    ]);
    expect(recorded.every((r) => r.contentType === "application/json")).toBe(true);
    expect(recorded[1]?.body).toEqual({ endUserIp: "192.0.2.1", userVisibleData: "SGVq" });
    expect(recorded[2]?.body).toEqual({ orderRef: ORDER.orderRef });
  });

  it("the test server refuses a charset suffix with 415, as BankID does", async () => {
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = https.request(`${baseUrl}/auth`, {
        method: "POST",
        ca: tls.trusted.ca,
        pfx: tls.trusted.clientP12,
        passphrase: tls.passphrase,
        headers: { "Content-Type": "application/json; charset=utf-8" },
      });
      req.on("response", (res) => resolve(res.resume().statusCode)).on("error", reject);
      req.end("{}");
    });
    expect(status).toBe(415);
  });

  it("reads pending and failed collect answers", async () => {
    script.push(
      {
        status: 200,
        body: JSON.stringify({ orderRef: "a", status: "pending", hintCode: "outstandingTransaction" }),
      },
      { status: 200, body: JSON.stringify({ orderRef: "a", status: "failed", hintCode: "userCancel" }) },
    );
    const bankId = client();
    await expect(bankId.collect("a")).resolves.toEqual({
      orderRef: "a",
      status: "pending",
      hintCode: "outstandingTransaction",
    });
    await expect(bankId.collect("a")).resolves.toEqual({
      orderRef: "a",
      status: "failed",
      hintCode: "userCancel",
    });
  });

  it.each([
    [
      400,
      '{"errorCode":"alreadyInProgress","details":"Order already in progress for pno"}',
      "alreadyInProgress",
      "RFA4",
    ],
    [400, '{"errorCode":"invalidParameters","details":"Invalid orderRef"}', "invalidParameters", "RFA22"],
    [401, '{"errorCode":"unauthorized","details":"No access"}', "unauthorized", "RFA22"],
    [403, "<html>Forbidden</html>", "unauthorized", "RFA22"],
    [404, '{"errorCode":"notFound","details":"Not found"}', "notFound", "RFA22"],
    [408, '{"errorCode":"requestTimeout","details":"Timeout"}', "requestTimeout", "RFA5"],
    [415, '{"errorCode":"unsupportedMediaType","details":"Bad type"}', "unsupportedMediaType", "RFA22"],
    [500, '{"errorCode":"internalError","details":"Oops"}', "internalError", "RFA5"],
    [500, "Internal Server Error", "internalError", "RFA5"],
    [502, "<html>Bad Gateway</html>", "unknown", "RFA22"],
  ] as const)("HTTP %i %s -> %s, asked once", async (status, body, errorCode, rfa) => {
    script.push({ status, body, contentType: body.startsWith("{") ? "application/json" : "text/html" });
    const error = await client()
      .collect(ORDER.orderRef)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BankIdError);
    expect(error).toMatchObject({ httpStatus: status, errorCode, rfa });
    expect(recorded).toHaveLength(1);
  });

  it("retries maintenance quietly and succeeds", async () => {
    script.push(
      { status: 503, body: '{"errorCode":"maintenance","details":"Down"}' },
      { status: 503, body: "" },
    );
    await expect(client().auth({ endUserIp: "192.0.2.1" })).resolves.toEqual(ORDER);
    expect(recorded).toHaveLength(3);
  });

  it("reports maintenance (RFA5) when it repeats, after the configured number of retries", async () => {
    for (let i = 0; i < 5; i++)
      script.push({ status: 503, body: '{"errorCode":"maintenance","details":"Down"}' });
    const error = await client({ maintenanceRetries: 1 })
      .auth({ endUserIp: "192.0.2.1" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ errorCode: "maintenance", rfa: "RFA5", httpStatus: 503 });
    expect(recorded).toHaveLength(2);
  });

  it("turns a missing answer into requestTimeout (RFA5) without retrying", async () => {
    script.push("hang");
    const started = Date.now();
    const error = await client({ timeoutMs: 300 })
      .collect(ORDER.orderRef)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ errorCode: "requestTimeout", rfa: "RFA5", retryable: false });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(recorded).toHaveLength(1);
  });

  it("refuses a 200 answer that is not BankID's shape", async () => {
    script.push({ status: 200, body: "<html>captive portal</html>", contentType: "text/html" });
    script.push({ status: 200, body: JSON.stringify({ orderRef: "x" }) });
    const bankId = client();
    await expect(bankId.collect("x")).rejects.toMatchObject({ errorCode: "unknown", httpStatus: 200 });
    await expect(bankId.auth({ endUserIp: "192.0.2.1" })).rejects.toMatchObject({ errorCode: "unknown" });
  });

  it("trusts only the configured CA: a server certificate from another CA is refused", async () => {
    const error = await client({ baseUrl: foreignUrl })
      .auth({ endUserIp: "192.0.2.1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BankIdError);
    expect(error).toMatchObject({ httpStatus: 0, errorCode: "unknown" });
    expect((error as BankIdError).details).toMatch(/certificate/i);
    expect(recorded).toHaveLength(0);
  });

  it("the server refuses a client certificate from another CA, and a client without one", async () => {
    const foreignClient = client({ pfx: tls.foreign.clientP12 });
    await expect(foreignClient.auth({ endUserIp: "192.0.2.1" })).rejects.toMatchObject({ httpStatus: 0 });

    const withoutCertificate = await new Promise<string>((resolve) => {
      const req = https.request(`${baseUrl}/auth`, {
        method: "POST",
        ca: tls.trusted.ca,
        agent: false,
        headers: { "Content-Type": "application/json" },
      });
      req
        .on("response", (res) => resolve(`answered ${res.resume().statusCode}`))
        .on("error", (e) => resolve(e.message));
      req.end(JSON.stringify({ endUserIp: "192.0.2.1" }));
    });
    expect(withoutCertificate).not.toMatch(/^answered/);
    expect(recorded).toHaveLength(0);
  });
});
