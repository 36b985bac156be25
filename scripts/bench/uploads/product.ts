import fs from "node:fs";
import type { DbHandle } from "~/server/db/kysely.server";
import { tail, type RunningServer } from "../server";
import { BOUNDARY, chunked, multipartBody } from "./bodies";
import { sleep } from "./memory";

// The upload benchmark's calls to the product: a transfer that takes uploads, the two ways to upload, and the
// documents' state in the database and through the API.

/**
 * fetch, once more when a kept-alive socket turned out closed by the server (its keep-alive timeout, 5 s, passes
 * while this script waits for a verification): the request never reached the server, so repeating it is safe.
 */
export async function fetch(input: string | URL, init?: RequestInit): Promise<Response> {
  try {
    return await globalThis.fetch(input, init);
  } catch (error) {
    const stale = String((error as Error).cause).includes("other side closed");
    if (!stale || init?.body instanceof ReadableStream) throw error;
    return globalThis.fetch(input, init);
  }
}

const VERIFY_TIMEOUT_MS = 180_000;

export const MANAGER = { userId: "user-maria", tenantId: "stadsbo" };

export type Path = "form" | "put";

export interface Session {
  server: RunningServer;
  handle: DbHandle;
  headers: Record<string, string>;
  transferId: string;
  category: string;
}

export async function documentIds(session: Session): Promise<Set<string>> {
  const rows = await session.handle.db
    .selectFrom("documents")
    .select("id")
    .where("transfer_id", "=", session.transferId)
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Waits until every document is UploadVerified; a document that is gone was rejected (an error here). */
export async function waitVerified(session: Session, ids: string[]): Promise<void> {
  const deadline = Date.now() + VERIFY_TIMEOUT_MS;
  for (;;) {
    const rows = await session.handle.db
      .selectFrom("documents")
      .select(["id", "status"])
      .where("id", "in", ids)
      .execute();
    if (rows.length < ids.length) {
      const gone = ids.filter((id) => !rows.some((r) => r.id === id));
      throw new Error(`documents rejected or removed: ${gone.join(", ")}\n${tail(session.server.logFile)}`);
    }
    if (rows.every((r) => r.status === "UploadVerified")) return;
    if (Date.now() > deadline) {
      throw new Error(`not verified after ${VERIFY_TIMEOUT_MS / 1000} s: ${JSON.stringify(rows)}`);
    }
    await sleep(100);
  }
}

export async function countVerified(session: Session, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await session.handle.db
    .selectFrom("documents")
    .select("id")
    .where("id", "in", ids)
    .where("status", "=", "UploadVerified")
    .execute();
  return rows.length;
}

export interface Upload {
  status: number;
  /** Wall time of the request carrying the bytes (the PUT, or the form post), as this client saw it. */
  ms: number;
  documentId: string | null;
}

async function createForPut(session: Session): Promise<{ id: string; uploadUrl: string }> {
  const response = await fetch(
    `${session.server.origin}/api/core/transfers/${session.transferId}/documents`,
    {
      method: "POST",
      headers: { ...session.headers, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ fileName: "bench.pdf", category: session.category }),
    },
  );
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST …/documents answered ${response.status}: ${text}`);
  return JSON.parse(text) as { id: string; uploadUrl: string };
}

async function putUpload(session: Session, pdf: Buffer, stream = false): Promise<Upload> {
  const created = await createForPut(session);
  const started = performance.now();
  const response = await fetch(new URL(created.uploadUrl, session.server.origin), {
    method: "PUT",
    headers: { Origin: session.server.origin, "Content-Type": "application/pdf" },
    body: stream ? chunked(pdf) : pdf,
    duplex: "half",
  } as RequestInit);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started, documentId: created.id };
}

async function formUpload(session: Session, pdf: Buffer, stream = false): Promise<Upload> {
  const body = multipartBody(session.category, pdf);
  const started = performance.now();
  const response = await fetch(`${session.server.origin}/transfers/${session.transferId}/documents`, {
    method: "POST",
    headers: {
      ...session.headers,
      "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
      Accept: "text/html",
    },
    body: stream ? chunked(body) : body,
    duplex: "half",
    redirect: "manual",
  } as RequestInit);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started, documentId: null };
}

export const upload = (kind: Path, session: Session, pdf: Buffer, stream = false) =>
  kind === "put" ? putUpload(session, pdf, stream) : formUpload(session, pdf, stream);
export const expected: Record<Path, number> = { form: 303, put: 201 };

/** One upload, checked, with its new document's id (the form's redirect does not name it). */
export async function uploadOne(
  kind: Path,
  session: Session,
  pdf: Buffer,
): Promise<Upload & { documentId: string }> {
  const before = await documentIds(session);
  const result = await upload(kind, session, pdf);
  if (result.status !== expected[kind]) {
    throw new Error(`${kind} upload answered ${result.status}\n${tail(session.server.logFile)}`);
  }
  const documentId = result.documentId ?? [...(await documentIds(session))].find((id) => !before.has(id));
  if (!documentId) throw new Error(`${kind} upload answered ${result.status} but made no document`);
  return { ...result, documentId };
}

/** The access log's response times (request start to answer) of the last `count` lines of a route and method. */
export function serverTimes(logFile: string, method: string, routeId: string, count: number): number[] {
  const lines = fs.readFileSync(logFile, "utf8").split("\n");
  const times: number[] = [];
  for (const line of lines) {
    if (!line.startsWith("{")) continue;
    const entry = JSON.parse(line) as { msg?: string; method?: string; route?: string; ms?: number };
    if (
      entry.msg === "request" &&
      entry.method === method &&
      entry.route === routeId &&
      entry.ms !== undefined
    )
      times.push(entry.ms);
  }
  return times.slice(-count);
}

/**
 * A Purchase transfer of the manager's tenant that takes an upload now: candidates from the database, each tried
 * with the real call (document requirements, then POST …/documents); the document made by the probe is uploaded
 * (a warm-up, not measured) so the first measured upload finds pdf.js loaded.
 */
export async function findTransfer(
  server: RunningServer,
  handle: DbHandle,
  headers: Record<string, string>,
): Promise<{ transferId: string; category: string; probe: { id: string; uploadUrl: string } }> {
  const candidates = await handle.db
    .selectFrom("transfers")
    .select(["id", "status"])
    .where("tenant_id", "=", MANAGER.tenantId)
    .where("transfer_type", "=", "Purchase")
    .where("aborting", "=", 0)
    .orderBy("id")
    .execute();
  const tried: string[] = [];
  for (const candidate of candidates) {
    const requirements = await fetch(
      `${server.origin}/api/core/transfers/${candidate.id}/documentrequirements`,
      { headers: { ...headers, Accept: "application/json" } },
    );
    if (requirements.status !== 200) {
      tried.push(`${candidate.id} (${candidate.status}): requirements ${requirements.status}`);
      await requirements.arrayBuffer();
      continue;
    }
    const { uploadableCategories } = (await requirements.json()) as { uploadableCategories: string[] };
    const category = uploadableCategories.includes("TransferAgreement")
      ? "TransferAgreement"
      : uploadableCategories[0];
    if (!category) continue;
    const session = { server, handle, headers, transferId: candidate.id, category } as Session;
    try {
      const probe = await createForPut(session);
      return { transferId: candidate.id, category, probe };
    } catch (error) {
      tried.push(`${candidate.id} (${candidate.status}): ${(error as Error).message.slice(0, 80)}`);
    }
  }
  throw new Error(`no transfer of ${MANAGER.tenantId} takes an upload:\n  ${tried.join("\n  ")}`);
}

/** The GET …/documents call says the document is UploadVerified (the API's view, not only the table's). */
export async function verifiedByApi(session: Session, documentId: string): Promise<string> {
  const response = await fetch(
    `${session.server.origin}/api/core/transfers/${session.transferId}/documents`,
    { headers: { ...session.headers, Accept: "application/json" } },
  );
  const body = (await response.json()) as unknown;
  const list = (Array.isArray(body) ? body : ((body as { documents?: unknown[] }).documents ?? [])) as Array<{
    id: string;
    status: string;
  }>;
  return list.find((d) => d.id === documentId)?.status ?? `missing (${response.status})`;
}
