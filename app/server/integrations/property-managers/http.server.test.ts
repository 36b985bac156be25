import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHttpPropertyManager } from "./http.server";
import { PropertyManagerError, type PropertyManagerSystem } from "./types.server";

const TOKEN = "pm-token-42";
const KARIN = "196803142428";

/** One object as the contract (docs/property-manager-api.md) writes it. */
const OBJECT = {
  objectId: "A-1102",
  managerId: "stadsbo",
  objectNumber: "1127-0102",
  name: "Dalagatan 36, Lägenhet 1102",
  description: "Lägenhet 1102, 4 rok, 104 kvm",
  association: { organisationNumber: "7521773429", name: "Bostadsrättsföreningen Vasaparken" },
  address: { street: "Dalagatan 36", postalCode: "113 24", city: "Stockholm", country: "Sverige" },
  underMaintenance: false,
  rules: { requirePhoneNumber: false, requireEmail: true },
  owners: [
    {
      identifier: { type: "SocialSecurityNumber", value: KARIN },
      firstName: "Karin",
      lastName: "Lindqvist",
      share: { numerator: 1, denominator: 2 },
    },
    {
      identifier: { type: "SocialSecurityNumber", value: "196610271741" },
      firstName: "Folke",
      lastName: "Almqvist",
      share: { numerator: 1, denominator: 2 },
    },
  ],
};

type Seen = { method?: string; url?: string; headers: IncomingMessage["headers"]; body: unknown };
type Handler = (seen: Seen, res: ServerResponse) => void;

let server: Server;
let baseUrl: string;
let seen: Seen[];
let handler: Handler;

/** A manager system that speaks the contract over a tiny register of one object. */
const contract: Handler = (request, res) => {
  const json = (status: number, body: unknown) =>
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
  if (request.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { error: "unauthorized" });
  const body = request.body as {
    identifier?: { value?: string };
    organisationNumber?: string;
    transferors?: unknown[];
  } | null;
  if (request.method === "POST" && request.url === "/v1/objects/search") {
    const owns = OBJECT.owners.some((o) => o.identifier.value === body?.identifier?.value);
    const inAssociation =
      !body?.organisationNumber || body.organisationNumber === OBJECT.association.organisationNumber;
    return json(200, { objects: owns && inAssociation ? [OBJECT] : [], complete: true });
  }
  if (request.method === "GET" && request.url === "/v1/objects/A-1102") return json(200, OBJECT);
  if (request.method === "GET" && request.url?.startsWith("/v1/objects/"))
    return json(404, { error: "no such object" });
  if (request.method === "PUT" && request.url === "/v1/objects/A-1102/transfer-cases/t-1") {
    if (!body?.transferors?.length) return json(422, { error: "transferors" });
    return json(201, { caseId: "SK-2026-0001" });
  }
  return json(404, { error: "no such path" });
};

beforeEach(async () => {
  seen = [];
  handler = contract;
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const request = {
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: text ? (JSON.parse(text) as unknown) : null,
      };
      seen.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(timeoutMs = 2_000, token = TOKEN): PropertyManagerSystem {
  return createHttpPropertyManager({ providerId: "simpleko", baseUrl, token, timeoutMs });
}

async function failure(promise: Promise<unknown>): Promise<PropertyManagerError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PropertyManagerError);
  return error as PropertyManagerError;
}

const karin = { identifier: { type: "SocialSecurityNumber" as const, value: "19680314-2428" } };

describe("the HTTP client of a manager system", () => {
  it("searches with a POST of the normalised identifier and maps the objects", async () => {
    const answer = await client().searchObjects({ ...karin, organisationNumber: "752177-3429" });
    expect(seen[0]).toMatchObject({
      method: "POST",
      url: "/v1/objects/search",
      body: { identifier: { type: "SocialSecurityNumber", value: KARIN }, organisationNumber: "7521773429" },
    });
    expect(seen[0]?.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      accept: "application/json",
      "content-type": "application/json",
    });
    expect(answer.complete).toBe(true);
    const { managerId: _managerId, ...rest } = OBJECT;
    expect(answer.objects).toEqual([{ ...rest, providerId: "simpleko", tenantId: "stadsbo" }]);
  });

  it("answers a stranger with no objects, and refuses an invalid identifier without calling", async () => {
    expect(
      (await client().searchObjects({ identifier: { type: "SocialSecurityNumber", value: "19870608-3246" } }))
        .objects,
    ).toEqual([]);
    const calls = seen.length;
    const error = await failure(
      client().searchObjects({ identifier: { type: "SocialSecurityNumber", value: "19680314-2429" } }),
    );
    expect(error.kind).toBe("invalidRequest");
    expect(seen).toHaveLength(calls);
  });

  it("reads an object, and answers null for one the system does not know", async () => {
    expect((await client().getObject("A-1102"))?.owners).toHaveLength(2);
    expect(seen[0]).toMatchObject({ method: "GET", url: "/v1/objects/A-1102" });
    expect(await client().getObject("B-9")).toBeNull();
  });

  it("creates the transfer case with a PUT keyed by the transfer id", async () => {
    const created = await client().createTransferCase({
      objectId: "A-1102",
      transferId: "t-1",
      transferors: [{ ...karin, share: { numerator: 1, denominator: 2 } }],
    });
    expect(created).toEqual({ caseId: "SK-2026-0001" });
    expect(seen[0]).toMatchObject({
      method: "PUT",
      url: "/v1/objects/A-1102/transfer-cases/t-1",
      body: {
        transferors: [
          {
            identifier: { type: "SocialSecurityNumber", value: KARIN },
            share: { numerator: 1, denominator: 2 },
          },
        ],
      },
    });
    const refused = await failure(
      client().createTransferCase({ objectId: "A-1102", transferId: "t-1", transferors: [] }),
    );
    expect([refused.kind, refused.httpStatus]).toEqual(["invalidRequest", 422]);
    const missing = await failure(
      client().createTransferCase({
        objectId: "B-9",
        transferId: "t-1",
        transferors: [{ ...karin, share: { numerator: 1, denominator: 1 } }],
      }),
    );
    expect(missing.kind).toBe("notFound");
  });

  it("maps a 500 to a retryable unavailable", async () => {
    handler = (_r, res) => res.writeHead(500, { "Content-Type": "application/json" }).end('{"error":"boom"}');
    const error = await failure(client().searchObjects(karin));
    expect([error.kind, error.retryable, error.httpStatus, error.providerId]).toEqual([
      "unavailable",
      true,
      500,
      "simpleko",
    ]);
  });

  it("gives up after its timeout, and when the caller aborts", async () => {
    handler = () => undefined;
    const timedOut = await failure(client(150).searchObjects(karin));
    expect([timedOut.kind, timedOut.message]).toEqual(["unavailable", "No answer within 150 ms"]);
    const controller = new AbortController();
    const pending = client(10_000).getObject("A-1102", { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    const abandoned = await failure(pending);
    expect([abandoned.kind, abandoned.message]).toEqual(["unavailable", "The call was abandoned"]);
  });

  it("reports refused credentials and answers outside the contract as unknown", async () => {
    expect((await failure(client(2_000, "wrong").searchObjects(karin))).kind).toBe("unknown");
    handler = (_r, res) =>
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ objects: [{ ...OBJECT, owners: [] }], complete: true }));
    expect((await failure(client().searchObjects(karin))).message).toMatch(/contract/);
    handler = (_r, res) => res.writeHead(200).end("{ not json");
    expect((await failure(client().getObject("A-1102"))).kind).toBe("unknown");
    handler = (_r, res) =>
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ ...OBJECT, objectId: "C-3" }));
    expect((await failure(client().getObject("A-1102"))).message).toMatch(/another object/);
    handler = (_r, res) => res.writeHead(404).end();
    expect((await failure(client().searchObjects(karin))).kind).toBe("unknown");
  });
});
