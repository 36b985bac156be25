import { beforeAll, describe, expect, it } from "vitest";
import * as tab from "~/routes/transfers.$id.documents._index";
import { getDb } from "~/server/db/db.server";
import { makePdf } from "~/server/demo/pdf.server";
import { buildUseCaseContext } from "~/server/context/use-case.server";
import { verifyDocument } from "~/server/domain/documents/lifecycle.server";
import { getStorage } from "~/server/integrations/storage/index.server";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";
import { deflateBombPdf } from "../support/pdfs";
import { WORLD, buildWorld, insertTransfer } from "../support/transfers";

/**
 * The Dokument tab (spec 02 §2.5) without JavaScript (decision 018) — the upload is a multipart post to the page's
 * action, streamed into storage; its refusals come back as the form's errors (400, 413 for size) with the category
 * kept.
 */

let maria: string;
let anders: string;
let erik: string;
const pdf = makePdf({ title: "Överlåtelseavtal", lines: ["Säljare: Åsa Öberg"] });

function uploadRequest(
  transferId: string,
  fields: Record<string, string>,
  file: File | null,
  cookie = maria,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file ?? new File([], ""));
  return request(`/transfers/${transferId}/documents`, {
    method: "POST",
    body: form,
    cookie,
    headers: { Origin: "http://localhost:3000" },
  });
}

const post = (req: Request, transferId = "tab-1") =>
  answered(tab.action({ request: req, params: { id: transferId }, context: {} }));

const load = async (transferId: string, cookie: string, query = "") => {
  const answer = await answered(
    tab.loader({
      request: request(`/transfers/${transferId}/documents${query}`, { cookie }),
      params: { id: transferId },
      context: {},
    }),
  );
  return answer;
};

type TabData = {
  uploadFailures: string[];
  documents: Array<{ id: string; fileName: string; status: string; canBeRemoved: boolean; category: string }>;
  upload: { disabled: boolean } | null;
  categories: Array<{ value: string; label: string }>;
  removals: Record<string, string>;
  remove: string | null;
  preview: string | null;
};

beforeAll(async () => {
  await startFreshApp();
  const db = getDb();
  await buildWorld(db);
  await insertTransfer(db, { id: "tab-1", objectId: WORLD.objectA });
  await insertTransfer(db, { id: "tab-empty", objectId: WORLD.objectA });
  await insertTransfer(db, { id: "tab-bomb", objectId: WORLD.objectA });
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
  erik = (await signedInSession("user-erik")).cookie;
});

describe("the Dokument tab", () => {
  it("shows the manager an empty transfer with the upload form and the type's categories; the board without it", async () => {
    const manager = (await (await load("tab-empty", maria)).json()) as TabData;
    expect(manager.documents).toEqual([]);
    expect(manager.upload).toEqual({ disabled: false, reason: null });
    expect(manager.categories.map((c) => c.value)).toEqual([
      "MembershipApplication",
      "TransferAgreement",
      "PersonalGuarantee",
    ]);
    const board = (await (await load("tab-empty", erik)).json()) as TabData;
    expect(board.upload).toBeNull();
    expect((await load("tab-empty", anders)).status).toBe(404);
  });

  it("uploads a PDF by a multipart post: 303 with a toast, the document pending, its file stored", async () => {
    const answer = await post(
      uploadRequest(
        "tab-1",
        { category: "TransferAgreement" },
        new File([pdf as BlobPart], "Överlåtelseavtal.pdf"),
      ),
    );
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toBe("/transfers/tab-1/documents");
    const data = (await (await load("tab-1", maria)).json()) as TabData;
    const uploaded = data.documents.find((d) => d.fileName === "Överlåtelseavtal.pdf")!;
    expect(uploaded.status).toBe("UploadPending");
    expect(uploaded.canBeRemoved).toBe(true);
    expect(data.removals[uploaded.id]).toBe("withdraw");
    expect(await getStorage().exists(`transfers/tab-1/${uploaded.id}.pdf`)).toBe(true);
  });

  it("answers every bad upload with its Swedish error on the form, keeping the category", async () => {
    const big = new Uint8Array(26 * 1024 * 1024);
    big.set(pdf.slice(0, 8));
    const cases: Array<[string, Request, number, string]> = [
      [
        "no file",
        uploadRequest("tab-1", { category: "TransferAgreement" }, null),
        400,
        "Välj en fil att ladda upp",
      ],
      [
        "not a PDF",
        uploadRequest("tab-1", { category: "TransferAgreement" }, new File(["hej"], "bild.pdf")),
        400,
        "bild.pdf är ingen PDF. Det går bara att ladda upp PDF-filer.",
      ],
      [
        "26 MB",
        uploadRequest("tab-1", { category: "TransferAgreement" }, new File([big as BlobPart], "stor.pdf")),
        413,
        "stor.pdf är för stor. Maximal godkända filstorlek är 25MB",
      ],
      [
        "a control character in the name",
        uploadRequest(
          "tab-1",
          { category: "TransferAgreement" },
          new File([pdf as BlobPart], "avtal\u0007.pdf"),
        ),
        400,
        'Filnamnet får inte innehålla styrtecken eller något av tecknen : " < > | * ? \\ /',
      ],
    ];
    for (const [name, req, status, message] of cases) {
      const answer = await post(req);
      expect(answer.status, name).toBe(status);
      const reply = await formReplyOf(answer);
      expect(reply.fields.file, name).toEqual([message]);
      expect(reply.values.category, name).toBe("TransferAgreement");
    }
    const noCategory = await post(
      uploadRequest("tab-1", { category: "" }, new File([pdf as BlobPart], "a.pdf")),
    );
    expect(noCategory.status).toBe(400);
    expect((await formReplyOf(noCategory)).fields.category).toEqual(["Välj kategori"]);
    const wrongCategory = await post(
      uploadRequest("tab-1", { category: "DeedOfGift" }, new File([pdf as BlobPart], "a.pdf")),
    );
    expect(wrongCategory.status).toBe(400);
    expect((await formReplyOf(wrongCategory)).fields.category).toEqual([
      "Kategorin går inte att välja för den här överlåtelsen",
    ]);
    // None of them left a row (only the one good upload of the test before is there).
    const rows = await getDb()
      .selectFrom("documents")
      .select("file_name")
      .where("transfer_id", "=", "tab-1")
      .execute();
    expect(rows.map((r) => r.file_name)).toEqual(["Överlåtelseavtal.pdf"]);
  });

  it("refuses an upload from outside the scope as missing and from the board as not allowed", async () => {
    const outside = await post(
      uploadRequest("tab-1", { category: "TransferAgreement" }, new File([pdf as BlobPart], "x.pdf"), anders),
    );
    expect(outside.status).toBe(404);
    const board = await post(
      uploadRequest("tab-1", { category: "TransferAgreement" }, new File([pdf as BlobPart], "x.pdf"), erik),
    );
    // Spec 02 §8: the form says what failed, then why, and keeps the category.
    expect(board.status).toBe(403);
    const reply = await formReplyOf(board);
    expect(reply.form[0]).toBe("Kunde inte skapa dokument");
    expect(reply.form).toHaveLength(2);
    expect(reply.values.category).toBe("TransferAgreement");
    const rows = await getDb()
      .selectFrom("documents")
      .select("file_name")
      .where("file_name", "=", "x.pdf")
      .execute();
    expect(rows).toEqual([]);
  });

  it("changes the category, then asks before removing, and removes the manager's own upload", async () => {
    const data = (await (await load("tab-1", maria)).json()) as TabData;
    const id = data.documents[0]!.id;
    const changed = await post(
      formRequest(
        "/transfers/tab-1/documents",
        { intent: "changeCategory", documentId: id, category: "MembershipApplication" },
        { cookie: maria },
      ),
    );
    expect(changed.status).toBe(303);
    expect(
      (await getDb().selectFrom("documents").select("category").where("id", "=", id).executeTakeFirst())
        ?.category,
    ).toBe("MembershipApplication");
    const asking = (await (await load("tab-1", maria, `?remove=${id}`)).json()) as TabData;
    expect(asking.remove).toBe(id);
    expect(((await (await load("tab-1", maria, "?remove=nope")).json()) as TabData).remove).toBeNull();
    expect(
      (
        await post(
          formRequest("/transfers/tab-1/documents", { intent: "remove", documentId: id }, { cookie: anders }),
        )
      ).status,
    ).toBe(404);
    const removed = await post(
      formRequest("/transfers/tab-1/documents", { intent: "remove", documentId: id }, { cookie: maria }),
    );
    expect(removed.status).toBe(303);
    expect(
      await getDb().selectFrom("documents").select("id").where("id", "=", id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await getStorage().exists(`transfers/tab-1/${id}.pdf`)).toBe(false);
  });

  it("tells the uploader, and only them, that the verification rejected a PDF that inflates past the limit", async () => {
    const bomb = await deflateBombPdf(100);
    const answer = await post(
      uploadRequest("tab-bomb", { category: "TransferAgreement" }, new File([bomb as BlobPart], "avtal.pdf")),
      "tab-bomb",
    );
    expect(answer.status).toBe(303);
    const { id } = (await getDb()
      .selectFrom("documents")
      .select("id")
      .where("transfer_id", "=", "tab-bomb")
      .executeTakeFirstOrThrow())!;
    const ctx = buildUseCaseContext(getDb(), "system", { now: new Date() });
    expect(await verifyDocument(ctx, id)).toEqual({ outcome: "rejected", reason: "tooComplex" });
    const uploader = (await (await load("tab-bomb", maria)).json()) as TabData;
    expect(uploader.documents).toEqual([]);
    expect(uploader.uploadFailures).toEqual([
      "Det gick inte ladda upp avtal.pdf på grund av att filen har för många sidor eller för mycket innehåll för att kunna granskas.",
    ]);
    const board = (await (await load("tab-bomb", erik)).json()) as TabData;
    expect(board.uploadFailures).toEqual([]);
  });

  it("answers an unknown intent with the form's Swedish 400", async () => {
    const answer = await post(
      formRequest("/transfers/tab-1/documents", { intent: "nope" }, { cookie: maria }),
    );
    expect(answer.status).toBe(400);
  });
});
