import { beforeAll, describe, expect, it } from "vitest";
import * as bare from "~/routes/transfers.$id._index";
import * as reviewDocuments from "~/routes/transfers.$id.documents._index";
import * as reviewOverview from "~/routes/transfers.$id.overview";
import * as privateBare from "~/routes/transfers.private.$id._index";
import * as privateDocuments from "~/routes/transfers.private.$id.documents";
import * as privateOverview from "~/routes/transfers.private.$id.overview";
import * as privateReview from "~/routes/api.core.reviews.private.transfers.$id";
import { getDb } from "~/server/db/db.server";
import { getStorage } from "~/server/integrations/storage/index.server";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";
import { testPdf } from "../support/documents";

/**
 * Spec 02 §2.2: the private party's transfer page, /transfers/private/{id} with its Översikt and Dokument tabs,
 * scoped to their own private transfers (the demo's: Elin Sandberg's Lärkan, Karin Lindqvist's Vasaparken), and
 * /transfers/{id} by role. Everything else is `Överlåtelsen hittades inte` (404).
 */

const ELIN_OWN = "t-larkan-elin-private"; // TransferReviewInProgress, Nordhem
const KARIN_OWN = "t-vasaparken-karin-private"; // DraftTransfer, Stadsbo
const KARIN_BOARD = "t-kvarnen-review-ready"; // Kvarnen 3, where Karin sits on the board
const MANAGERS = "t-sjoutsikten-draft"; // created by a Stadsbo manager

let elin: string;
let karin: string;
let maria: string;
let anders: string;
let erik: string;

type Loader = (args: { request: Request; params: Record<string, string>; context: object }) => unknown;
const call = (fn: Loader, path: string, params: Record<string, string>, cookie: string) =>
  answered(fn({ request: request(path, { cookie }), params, context: {} }));

const overview = (id: string, cookie: string) =>
  call(privateOverview.loader as Loader, `/transfers/private/${id}/overview`, { id }, cookie);
const documents = (id: string, cookie: string, query = "") =>
  call(privateDocuments.loader as Loader, `/transfers/private/${id}/documents${query}`, { id }, cookie);
const postDocuments = (id: string, req: Request) =>
  answered(privateDocuments.action({ request: req, params: { id }, context: {} }));

function uploadRequest(id: string, category: string, file: File, cookie: string) {
  const form = new FormData();
  form.append("category", category);
  form.append("file", file);
  return request(`/transfers/private/${id}/documents`, {
    method: "POST",
    body: form,
    cookie,
    headers: { Origin: "http://localhost:3000" },
  });
}

async function expectNotFound(answer: Promise<Response>) {
  const response = await answer;
  expect(response.status).toBe(404);
  expect(await response.json()).toEqual({ title: "Överlåtelsen hittades inte" });
}

type OverviewData = {
  review: {
    id: string;
    initiatorRole: string;
    intermediary: unknown;
    acquirers: Array<{ firstName: string; transferShare: { value: number } | null }>;
    transferors: Array<{ firstName: string }>;
  };
  role: string;
  basePath: string;
  tabs: string[] | null;
};
type TabData = {
  documents: Array<{ id: string; fileName: string; status: string; canBeRemoved: boolean }>;
  upload: { disabled: boolean; reason: string | null } | null;
  categories: Array<{ value: string }>;
  removals: Record<string, string>;
  basePath: string;
  tabs: string[] | null;
};

beforeAll(async () => {
  await startFreshApp();
  elin = (await signedInSession("user-elin")).cookie;
  karin = (await signedInSession("user-karin")).cookie;
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  anders = (await signedInSession("user-anders", "nordhem")).cookie;
  erik = (await signedInSession("user-erik")).cookie;
});

describe("/transfers/private/{id}", () => {
  it("opens the private party's own transfer at its overview, and nothing else", async () => {
    const own = await call(
      privateBare.loader as Loader,
      `/transfers/private/${ELIN_OWN}`,
      { id: ELIN_OWN },
      elin,
    );
    expect(own.status).toBe(302);
    expect(own.headers.get("Location")).toBe(`/transfers/private/${ELIN_OWN}/overview`);
    for (const id of [KARIN_OWN, MANAGERS, "t-finns-inte"]) {
      await expectNotFound(call(privateBare.loader as Loader, `/transfers/private/${id}`, { id }, elin));
    }
  });

  it("shows the overview of the own transfer: the facts, its tabs, no notes and no actions", async () => {
    const answer = await overview(ELIN_OWN, elin);
    expect(answer.status).toBe(200);
    const data = (await answer.json()) as OverviewData & Record<string, unknown>;
    expect(data.review.id).toBe(ELIN_OWN);
    expect(data.review.initiatorRole).toBe("PrivateIntermediary");
    expect(data.review.transferors.map((p) => p.firstName)).toEqual(["Elin"]);
    expect(data.review.acquirers.map((p) => [p.firstName, p.transferShare?.value])).toEqual([
      ["Ronja", 0.5],
      ["Anton", 0.5],
    ]);
    expect(data.basePath).toBe(`/transfers/private/${ELIN_OWN}`);
    expect(data.tabs).toEqual(["overview", "documents", "additionals", "messages"]);
    expect(data).not.toHaveProperty("notes");
    expect(data).not.toHaveProperty("actions");
  });

  it("answers another person's private transfer, a manager's, a board's and an unknown id as not found", async () => {
    await expectNotFound(overview(KARIN_OWN, elin));
    await expectNotFound(overview(MANAGERS, elin));
    await expectNotFound(overview("t-finns-inte", elin));
    // Karin sees Kvarnen 3 as its board member, but it is not her private transfer.
    await expectNotFound(overview(KARIN_BOARD, karin));
    await expectNotFound(documents(KARIN_BOARD, karin));
    await expectNotFound(documents(KARIN_OWN, elin));
    expect((await overview(KARIN_OWN, karin)).status).toBe(200);
  });

  it("is not a page for a property manager or a board member without the private feature", async () => {
    for (const cookie of [maria, erik]) {
      const refused = await overview(KARIN_OWN, cookie);
      expect(refused.status).toBe(302);
      expect(refused.headers.get("Location")).toBe("/");
      expect((await documents(KARIN_OWN, cookie)).status).toBe(302);
    }
  });
});

describe("/transfers/private/{id}/documents", () => {
  it("lets the private party upload a PDF without JavaScript, lists it, and remove it after asking", async () => {
    const before = (await (await documents(ELIN_OWN, elin)).json()) as TabData;
    expect(before.upload).toEqual({ disabled: false, reason: null });
    expect(before.tabs).toEqual(["overview", "documents", "additionals", "messages"]);
    expect(before.categories.map((c) => c.value)).toContain("MembershipApplication");

    const uploaded = await postDocuments(
      ELIN_OWN,
      uploadRequest(
        ELIN_OWN,
        "MembershipApplication",
        new File([testPdf as BlobPart], "Medlemsansökan.pdf"),
        elin,
      ),
    );
    expect(uploaded.status).toBe(303);
    expect(uploaded.headers.get("Location")).toBe(`/transfers/private/${ELIN_OWN}/documents`);
    const after = (await (await documents(ELIN_OWN, elin)).json()) as TabData;
    const mine = after.documents.find((d) => d.fileName === "Medlemsansökan.pdf")!;
    expect(mine.status).toBe("UploadPending");
    expect(mine.canBeRemoved).toBe(true);
    expect(after.removals[mine.id]).toBe("withdraw");
    // The seeded documents are not hers to remove.
    expect(after.documents.filter((d) => d.id !== mine.id && d.canBeRemoved)).toEqual([]);

    // Nobody else removes it through the private page, not even Karin on her own private page's route.
    await expectNotFound(
      postDocuments(
        ELIN_OWN,
        formRequest(
          `/transfers/private/${ELIN_OWN}/documents`,
          { intent: "remove", documentId: mine.id },
          { cookie: karin },
        ),
      ),
    );
    const removed = await postDocuments(
      ELIN_OWN,
      formRequest(
        `/transfers/private/${ELIN_OWN}/documents`,
        { intent: "remove", documentId: mine.id },
        { cookie: elin },
      ),
    );
    expect(removed.status).toBe(303);
    expect(removed.headers.get("Set-Cookie") ?? "").toMatch(/^__flash=/);
    expect(
      await getDb().selectFrom("documents").select("id").where("id", "=", mine.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await getStorage().exists(`transfers/${ELIN_OWN}/${mine.id}.pdf`)).toBe(false);
  });

  it("answers a bad upload with the form's Swedish error, keeping the category", async () => {
    const answer = await postDocuments(
      ELIN_OWN,
      uploadRequest(ELIN_OWN, "MembershipApplication", new File(["hej"], "bild.pdf"), elin),
    );
    expect(answer.status).toBe(400);
    const reply = await formReplyOf(answer);
    expect(reply.fields.file).toEqual(["bild.pdf är ingen PDF. Det går bara att ladda upp PDF-filer."]);
    expect(reply.values.category).toBe("MembershipApplication");
  });

  it("refuses an upload to another's transfer as missing, leaving no row", async () => {
    await expectNotFound(
      postDocuments(
        KARIN_OWN,
        uploadRequest(KARIN_OWN, "MembershipApplication", new File([testPdf as BlobPart], "x.pdf"), elin),
      ),
    );
    await expectNotFound(
      postDocuments(
        KARIN_BOARD,
        uploadRequest(KARIN_BOARD, "MembershipApplication", new File([testPdf as BlobPart], "x.pdf"), karin),
      ),
    );
    const rows = await getDb()
      .selectFrom("documents")
      .select("id")
      .where("file_name", "=", "x.pdf")
      .execute();
    expect(rows).toEqual([]);
  });
});

describe("/transfers/{id} by role", () => {
  const open = (id: string, cookie: string) =>
    call(bare.loader as Loader, `/transfers/${id}`, { id }, cookie);

  it("leads managers and board members to the overview, a private party's own transfer to its private page", async () => {
    const cases: Array<[string, string, string]> = [
      [maria, MANAGERS, `/transfers/${MANAGERS}/overview`],
      [erik, KARIN_BOARD, `/transfers/${KARIN_BOARD}/overview`],
      [karin, KARIN_BOARD, `/transfers/${KARIN_BOARD}/overview`],
      // Her manager reviews Elin's private transfer as any other.
      [anders, ELIN_OWN, `/transfers/${ELIN_OWN}/overview`],
      [elin, ELIN_OWN, `/transfers/private/${ELIN_OWN}/overview`],
      [karin, KARIN_OWN, `/transfers/private/${KARIN_OWN}/overview`],
    ];
    for (const [cookie, id, to] of cases) {
      const answer = await open(id, cookie);
      expect(answer.status, `${id} → ${to}`).toBe(302);
      expect(answer.headers.get("Location")).toBe(to);
    }
  });

  it("answers an unknown id or one outside the user's scope as not found", async () => {
    await expectNotFound(open("t-finns-inte", maria));
    await expectNotFound(open(ELIN_OWN, maria)); // Nordhem's, not Stadsbo's
    await expectNotFound(open(KARIN_OWN, elin));
    await expectNotFound(open(MANAGERS, elin));
  });

  it("sends a private party from the review tabs of their own transfer to its private tabs", async () => {
    const fromOverview = await call(
      reviewOverview.loader as Loader,
      `/transfers/${ELIN_OWN}/overview`,
      { id: ELIN_OWN },
      elin,
    );
    expect(fromOverview.status).toBe(302);
    expect(fromOverview.headers.get("Location")).toBe(`/transfers/private/${ELIN_OWN}/overview`);
    const fromDocuments = await call(
      reviewDocuments.loader as Loader,
      `/transfers/${ELIN_OWN}/documents`,
      { id: ELIN_OWN },
      elin,
    );
    expect(fromDocuments.status).toBe(302);
    expect(fromDocuments.headers.get("Location")).toBe(`/transfers/private/${ELIN_OWN}/documents`);
    // Her manager stays on the review side.
    expect(
      (
        await call(
          reviewOverview.loader as Loader,
          `/transfers/${ELIN_OWN}/overview`,
          { id: ELIN_OWN },
          anders,
        )
      ).status,
    ).toBe(200);
  });
});

describe("GET api/core/reviews/private/transfers/{id}", () => {
  const api = (id: string, cookie: string) =>
    call(privateReview.loader as Loader, `/api/core/reviews/private/transfers/${id}`, { id }, cookie);

  it("answers the private party's own transfer as the private overview shows it", async () => {
    const answer = await api(ELIN_OWN, elin);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const page = (await (await overview(ELIN_OWN, elin)).json()) as OverviewData;
    expect(await answer.json()).toEqual(page.review);
    expect((await api(KARIN_OWN, karin)).status).toBe(200);
  });

  it("answers anything but the caller's own private transfer as a missing one, and no session with 401", async () => {
    const missing = await api("t-finns-inte", elin);
    expect(missing.status).toBe(404);
    const body = await missing.json();
    // Another person's private transfer; her board's transfer, which the review call shows Karin; the manager's own
    // transfers and a board member without the private feature, who are not private parties at all.
    for (const [id, cookie] of [
      [KARIN_OWN, elin],
      [MANAGERS, elin],
      [KARIN_BOARD, karin],
      [KARIN_OWN, maria],
      [ELIN_OWN, anders],
      [KARIN_BOARD, erik],
    ] as const) {
      const answer = await api(id, cookie);
      expect({ id, status: answer.status, body: await answer.json() }).toEqual({ id, status: 404, body });
    }
    expect((await api(ELIN_OWN, "")).status).toBe(401);
  });
});
