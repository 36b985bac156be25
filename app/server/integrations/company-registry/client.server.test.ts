import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createHttpCompanyRegistryClient } from "./client.server";
import { CompanyRegistryError, type CompanyRegistryClient } from "./types.server";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const TOKEN = "gateway-token-123";
const KVARNEN = "7428877166";
const KARIN = "196803142428";

let server: Server;
let baseUrl: string;
let handler: Handler;
let requests: IncomingMessage[];

beforeEach(async () => {
  requests = [];
  handler = (_req, res) => res.writeHead(500).end();
  server = createServer((req, res) => {
    requests.push(req);
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1/`;
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function client(timeoutMs = 2_000): CompanyRegistryClient {
  return createHttpCompanyRegistryClient({
    baseUrl,
    token: TOKEN,
    timeoutMs,
    now: () => new Date("2026-03-01T10:00:00Z"),
  });
}

function json(status: number, body: unknown): Handler {
  return (_req, res) =>
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

async function registryError(promise: Promise<unknown>): Promise<CompanyRegistryError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CompanyRegistryError);
  return error as CompanyRegistryError;
}

describe("boardEngagements over HTTP", () => {
  it("sends the bearer token to the person's path and keeps the current engagements", async () => {
    handler = json(200, {
      engagements: [
        {
          organisationNumber: KVARNEN,
          associationName: "Brf Kvarnen 3",
          role: "Chair",
          from: "2019-05-20",
          to: null,
        },
        {
          organisationNumber: "7429842581",
          associationName: "Brf Sjöutsikten",
          role: "Member",
          from: "2020-01-01",
          to: "2026-03-01",
        },
        {
          organisationNumber: "7520325296",
          associationName: "Bostadsföreningen Lärkan",
          role: "Deputy",
          from: "2016-05-10",
          to: "2020-05-14",
        },
      ],
    });
    expect(await client().boardEngagements("19680314-2428")).toEqual([
      {
        organisationNumber: KVARNEN,
        associationName: "Brf Kvarnen 3",
        role: "Chair",
        from: "2019-05-20",
        to: null,
      },
      {
        organisationNumber: "7429842581",
        associationName: "Brf Sjöutsikten",
        role: "Member",
        from: "2020-01-01",
        to: "2026-03-01",
      },
    ]);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.method).toBe("GET");
    expect(requests[0]?.url).toBe(`/api/v1/persons/${KARIN}/board-engagements`);
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(requests[0]?.headers.accept).toBe("application/json");
  });

  it("rejects an invalid personal number without calling the gateway", async () => {
    const error = await registryError(client().boardEngagements("196803142429"));
    expect(error.kind).toBe("invalidRequest");
    expect(requests).toHaveLength(0);
  });

  it("treats a 404 for a person as a broken gateway, not as 'no engagements'", async () => {
    handler = json(404, { error: "not found" });
    const error = await registryError(client().boardEngagements(KARIN));
    expect([error.kind, error.retryable, error.httpStatus]).toEqual(["unknown", false, 404]);
  });

  it("reports an answer outside the contract as unknown", async () => {
    handler = json(200, {
      engagements: [
        {
          organisationNumber: KVARNEN,
          associationName: "Brf Kvarnen 3",
          role: "Revisor",
          from: "2019-05-20",
          to: null,
        },
      ],
    });
    const error = await registryError(client().boardEngagements(KARIN));
    expect([error.kind, error.retryable]).toEqual(["unknown", false]);
    expect(error.message).toMatch(/role/);
  });
});

describe("association over HTTP", () => {
  const organisation = {
    organisationNumber: KVARNEN,
    name: "Bostadsrättsföreningen Kvarnen 3",
    board: [
      {
        personalNumber: KARIN,
        givenName: "Karin",
        surname: "Lindqvist",
        role: "Chair",
        from: "2019-05-20",
        to: null,
      },
      {
        personalNumber: "195206302043",
        givenName: "Ingrid",
        surname: "Holm",
        role: "Chair",
        from: "2012-05-10",
        to: "2019-05-19",
      },
    ],
  };

  it("returns the organisation with its current board", async () => {
    handler = json(200, organisation);
    expect(await client().association("742887-7166")).toEqual({
      organisationNumber: KVARNEN,
      name: "Bostadsrättsföreningen Kvarnen 3",
      board: [{ personalNumber: KARIN, givenName: "Karin", surname: "Lindqvist", role: "Chair" }],
    });
    expect(requests[0]?.url).toBe(`/api/v1/organisations/${KVARNEN}`);
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("answers 404 with null", async () => {
    handler = json(404, { error: "no such organisation" });
    expect(await client().association(KVARNEN)).toBeNull();
  });

  it("does not accept an answer about another organisation", async () => {
    handler = json(200, { ...organisation, organisationNumber: "7429842581" });
    expect((await registryError(client().association(KVARNEN))).kind).toBe("unknown");
  });

  it.each([
    [500, "unavailable", true],
    [503, "unavailable", true],
    [429, "unavailable", true],
    [400, "invalidRequest", false],
    [401, "unknown", false],
    [403, "unknown", false],
  ] as const)("maps HTTP %i to %s", async (status, kind, retryable) => {
    handler = json(status, { error: "x" });
    const error = await registryError(client().association(KVARNEN));
    expect([error.kind, error.retryable, error.httpStatus]).toEqual([kind, retryable, status]);
  });

  it("reports a body that is not JSON as unknown", async () => {
    handler = (_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end("{ not json");
    const error = await registryError(client().association(KVARNEN));
    expect([error.kind, error.retryable]).toEqual(["unknown", false]);
  });

  it("reports JSON of the wrong shape as unknown", async () => {
    handler = json(200, [organisation]);
    expect((await registryError(client().association(KVARNEN))).kind).toBe("unknown");
  });

  it("gives up after the timeout with a retryable unavailable error", async () => {
    handler = () => undefined;
    const started = Date.now();
    const error = await registryError(client(150).association(KVARNEN));
    expect([error.kind, error.retryable]).toEqual(["unavailable", true]);
    expect(error.message).toMatch(/150 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("times out on a body that never finishes, too", async () => {
    handler = (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json" });
      res.write('{"organisationNumber":');
    };
    const error = await registryError(client(150).association(KVARNEN));
    expect(error.kind).toBe("unavailable");
  });

  it("reports a refused connection as unavailable", async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await registryError(client().association(KVARNEN));
    expect([error.kind, error.retryable]).toEqual(["unavailable", true]);
    server = createServer();
    server.listen(0, "127.0.0.1");
  });
});
