import { beforeAll, describe, expect, it } from "vitest";
import * as apiDocuments from "~/routes/api.core.transfers.$id.documents";
import * as upload from "~/routes/api.uploads.$documentId";
import * as tab from "~/routes/transfers.$id.documents._index";
import { getDb } from "~/server/db/db.server";
import { makePdf } from "~/server/demo/pdf.server";
import { getStorage } from "~/server/integrations/storage/index.server";
import { BODY_TIMEOUTS } from "~/server/platform/body-timeouts.server";
import { MAX_UPLOADS_PER_USER } from "~/server/platform/upload-slots.server";
import { answered, request, signedInSession, startFreshApp } from "../support/app";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

/**
 * A slow sender is cut and one user's uploads at once are capped (decision 012): a body that trickles a byte at a
 * time gets 408 within the grace period and its connection's source is cancelled, whether it is an upload (the
 * JavaScript flow's PUT, the form's multipart post) or a small JSON call; a fourth upload of one user while three
 * stream is refused with 429, and nobody else's is held up.
 */

let maria: string;
let anders: string;
const pdf = makePdf({ title: "Överlåtelseavtal", lines: ["Säljare: Åsa Öberg"] });
const encoder = new TextEncoder();

const json = (path: string, cookie: string, body: BodyInit) =>
  request(path, {
    method: "POST",
    cookie,
    headers: { "Content-Type": "application/json", Origin: "http://localhost:3000" },
    body,
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit & { cookie: string });

async function created(transferId: string, fileName: string, cookie = maria) {
  const answer = await answered(
    apiDocuments.action({
      request: json(
        `/api/core/transfers/${transferId}/documents`,
        cookie,
        JSON.stringify({ fileName, category: "TransferAgreement" }),
      ),
      params: { id: transferId },
      context: {},
    }),
  );
  expect(answer.status).toBe(201);
  return (await answer.json()) as { id: string; uploadUrl: string };
}

function put(uploadUrl: string, body: Uint8Array | ReadableStream<Uint8Array>) {
  const url = new URL(uploadUrl, "http://localhost:3000");
  return answered(
    upload.action({
      request: new Request(url, {
        method: "PUT",
        body: body as BodyInit,
        headers: { "Content-Type": "application/pdf" },
        ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit),
      params: { documentId: url.pathname.split("/")[3]! },
      context: {},
    }),
  );
}

/** A body that sends `head`, then one byte every `everyMs` for as long as it is read; `cancelled` once it is cut. */
function trickle(head: Uint8Array, everyMs = 400) {
  const state = { cancelled: false, sent: 0 };
  let timer: ReturnType<typeof setInterval> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
      timer = setInterval(() => {
        state.sent++;
        controller.enqueue(encoder.encode("0"));
      }, everyMs);
    },
    cancel() {
      state.cancelled = true;
      clearInterval(timer);
    },
  });
  return { stream, state, stop: () => clearInterval(timer) };
}

/** A body that sends `head` and then waits until `finish` sends the rest and ends it. */
function held(head: Uint8Array, rest: Uint8Array) {
  let finish = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(head);
      finish = () => {
        controller.enqueue(rest);
        controller.close();
      };
    },
  });
  return { stream, finish: () => finish() };
}

const documentRow = (id: string) =>
  getDb().selectFrom("documents").selectAll().where("id", "=", id).executeTakeFirst();

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error("the uploads never started streaming");
}

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "slow-1", objectId: WORLD.objectA });
  await insertTransfer(db, { id: "slow-nordhem", objectId: WORLD.objectB });
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
});

const CUT_WITHIN_MS = BODY_TIMEOUTS.graceMs + 3000;

describe("a body that trickles", () => {
  it("is cut with 408 when it is an upload's PUT; the row waits for a retry and no file is kept", async () => {
    const { id, uploadUrl } = await created("slow-1", "långsam.pdf");
    const body = trickle(pdf.slice(0, 100));
    const started = Date.now();
    const answer = await put(uploadUrl, body.stream);
    body.stop();
    expect(answer.status).toBe(408);
    expect(Date.now() - started).toBeLessThan(CUT_WITHIN_MS);
    expect(body.state.cancelled).toBe(true);
    expect(await answer.json()).toMatchObject({
      errors: { file: ["Uppladdningen av långsam.pdf gick för långsamt och avbröts. Försök igen."] },
    });
    expect((await documentRow(id))?.status).toBe("UploadProgressing");
    expect(await getStorage().exists(`transfers/slow-1/${id}.pdf`)).toBe(false);
  }, 20_000);

  it("is cut with 408 when it is the upload form's multipart post", async () => {
    const boundary = "----gransen";
    const head = encoder.encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="category"\r\n\r\nTransferAgreement\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="sakta.pdf"\r\n` +
        `Content-Type: application/pdf\r\n\r\n%PDF-1.7\n`,
    );
    const body = trickle(head);
    const started = Date.now();
    const answer = await answered(
      tab.action({
        request: request("/transfers/slow-1/documents", {
          method: "POST",
          cookie: maria,
          headers: {
            Origin: "http://localhost:3000",
            "Content-Type": `multipart/form-data; boundary=${boundary}`,
          },
          body: body.stream,
          duplex: "half",
        } as RequestInit & { cookie: string }),
        params: { id: "slow-1" },
        context: {},
      }),
    );
    body.stop();
    expect(answer.status).toBe(408);
    expect(await answer.text()).toBe("Begäran kom för långsamt och avbröts. Försök igen.");
    expect(Date.now() - started).toBeLessThan(CUT_WITHIN_MS);
    expect(body.state.cancelled).toBe(true);
  }, 20_000);

  it("is cut with 408 when it is a JSON call", async () => {
    const body = trickle(encoder.encode('{"fileName": "'));
    const started = Date.now();
    const answer = await answered(
      apiDocuments.action({
        request: json("/api/core/transfers/slow-1/documents", maria, body.stream),
        params: { id: "slow-1" },
        context: {},
      }),
    );
    body.stop();
    expect(answer.status).toBe(408);
    expect(Date.now() - started).toBeLessThan(CUT_WITHIN_MS);
    expect(body.state.cancelled).toBe(true);
  }, 20_000);
});

describe("one user's uploads at once", () => {
  it(`are at most ${MAX_UPLOADS_PER_USER}: the next is refused with 429 until one ends; others upload meanwhile`, async () => {
    const streaming = await Promise.all(
      Array.from({ length: MAX_UPLOADS_PER_USER }, (_, i) => created("slow-1", `pågår-${i}.pdf`)),
    );
    const bodies = streaming.map(() => held(pdf.slice(0, 50), pdf.slice(50)));
    const answers = streaming.map(({ uploadUrl }, i) => put(uploadUrl, bodies[i]!.stream));
    await until(async () => {
      const rows = await Promise.all(streaming.map(({ id }) => documentRow(id)));
      return rows.every((row) => row?.status === "UploadProgressing");
    });

    const over = await created("slow-1", "en-till.pdf");
    const refused = await put(over.uploadUrl, pdf);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({
      errors: {
        file: [
          "en-till.pdf laddades inte upp eftersom du redan har flera uppladdningar igång. Vänta tills de är klara och försök igen.",
        ],
      },
    });
    expect(await documentRow(over.id)).toBeUndefined();

    const other = await created("slow-nordhem", "annan.pdf", anders);
    expect((await put(other.uploadUrl, pdf)).status).toBe(201);

    bodies[0]!.finish();
    expect((await answers[0]!).status).toBe(201);
    const after = await created("slow-1", "sedan.pdf");
    expect((await put(after.uploadUrl, pdf)).status).toBe(201);

    for (const body of bodies.slice(1)) body.finish();
    for (const answer of answers.slice(1)) expect((await answer).status).toBe(201);
  });
});
