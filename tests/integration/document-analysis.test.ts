import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/server/db/db.server";
import { makePdf } from "~/server/demo/pdf.server";
import {
  documentAnalysisOf,
  proposedApplicationOf,
  requiredDocumentChanged,
  transferTypeChanged,
} from "~/server/domain/documents/analysis.server";
import { verifyDocument } from "~/server/domain/documents/lifecycle.server";
import type { LivePublisher } from "~/server/domain/core/events.server";
import { getStorage } from "~/server/integrations/storage/index.server";
import { createJobRunner } from "~/server/jobs/runner.server";
import "~/server/jobs/handlers/documents.server";
import { removeDocument } from "~/server/domain/documents/uploads.server";
import { startFreshApp } from "../support/app";
import { WORLD, actorFor, buildWorld, insertTransfer } from "../support/transfers";
import { imageOnlyPdf } from "../support/pdfs";
import { buildUseCaseContext } from "~/server/context/use-case.server";

import { jobQueue } from "~/server/context/job-queue.server";
/** The document analysis end to end (decision 020): stored files, verification, the job, the row. */

const NOW = new Date("2026-11-25T10:00:00.000Z");
const events: Array<{ group: string; event: string; payload: unknown }> = [];
const live: LivePublisher = {
  async publish(group, event, payload) {
    events.push({ group, event, payload });
  },
  async publishToUser() {},
  async accessChanged() {},
};
const runner = () => createJobRunner({ db: getDb(), kind: "sqlite", pollMs: 10, live, now: () => NOW });

const AGREEMENT = makePdf({
  title: "Överlåtelseavtal",
  lines: [
    "Bostadsrättsföreningen Kvarnen, organisationsnummer 769600-0004",
    "Lägenhetsnummer: 1102",
    "Säljare: Åsa Öberg, 19810212-1236",
    "Köpare: Erik Lind, 850709-9805",
    "Köpeskilling: 2 450 000 kr",
    "Tillträdesdag: 1 mars 2026",
    "Stockholm den 2 februari 2026",
    "Ort och datum: Stockholm, 2026-02-02",
  ],
});
const APPLICATION = makePdf({
  title: "Ansökan om medlemskap",
  lines: ["Sökande: Erik Lind, 19850709-9805", "Andel som förvärvas: 100 %"],
});

async function upload(transferId: string, id: string, category: string, bytes: Uint8Array) {
  const key = `transfers/${transferId}/${id}.pdf`;
  await getStorage().put(key, bytes);
  await getDb()
    .insertInto("documents")
    .values({
      id,
      transfer_id: transferId,
      file_name: `${id}.pdf`,
      category,
      status: "UploadPending",
      document_type: "pdf",
      size_in_bytes: bytes.byteLength,
      sensitive: 0,
      storage_key: key,
      uploaded_by_user_id: "user-maria",
      created_at: NOW.toISOString(),
    })
    .execute();
}

const analyseJobs = (transferId: string) =>
  getDb()
    .selectFrom("jobs")
    .select(["id", "state"])
    .where("type", "=", "document.analyse")
    .where("transfer_id", "=", transferId)
    .execute();

beforeAll(async () => {
  await startFreshApp();
  await buildWorld(getDb());
  for (const id of ["an-1", "an-2", "an-3", "an-4", "an-5"]) {
    await insertTransfer(getDb(), {
      id,
      objectId: WORLD.objectA,
      transfer_type: "Purchase",
      status: "Draft",
    });
  }
});

describe("the analysis job", () => {
  it("starts when the last required document is verified, and writes Ready with what the agreement says", async () => {
    await upload("an-1", "an-1-agreement", "TransferAgreement", AGREEMENT);
    await upload("an-1", "an-1-application", "MembershipApplication", APPLICATION);
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-1-agreement");
    // One required document is not an analysis yet.
    expect(await analyseJobs("an-1")).toEqual([]);
    expect(await documentAnalysisOf(getDb(), "an-1")).toBeNull();
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-1-application");
    expect((await documentAnalysisOf(getDb(), "an-1"))?.status).toBe("InProgress");
    expect((await proposedApplicationOf(getDb(), "an-1"))?.status).toBe("InProgress");

    await runner().drain();
    const analysis = await documentAnalysisOf(getDb(), "an-1");
    expect(analysis).toMatchObject({ status: "Ready", failure: null });
    expect([...analysis!.documentIds].sort()).toEqual(["an-1-agreement", "an-1-application"]);
    expect(analysis!.extraction).toMatchObject({
      transferType: "Purchase",
      purchasePrice: 2_450_000,
      contractDate: "2026-02-02",
      entryDate: "2026-03-01",
      transferors: [{ firstName: "Åsa", lastName: "Öberg", identifier: "198102121236", share: null }],
      acquirers: [{ firstName: "Erik", lastName: "Lind", identifier: "198507099805", share: 1 }],
      objectNumber: "1102",
      associationOrganisationNumber: "7696000004",
    });
    expect(await proposedApplicationOf(getDb(), "an-1")).toEqual({
      status: "Ready",
      acquirers: [
        {
          firstName: "Erik",
          lastName: "Lind",
          identifier: { type: "SocialSecurityNumber", value: "198507099805" },
          transferShare: 1,
        },
      ],
      agreement: { purchasePrice: 2_450_000, contractDate: "2026-02-02", entryDate: "2026-03-01" },
    });
    expect(events.filter((e) => e.event === "proposedApplicationUpdated")).toEqual([
      {
        group: "transfer:an-1",
        event: "proposedApplicationUpdated",
        payload: { transferId: "an-1", status: "Ready" },
      },
    ]);
  });

  it("fails with NoText on a scanned agreement, never throwing out of the job", async () => {
    await upload("an-2", "an-2-agreement", "TransferAgreement", imageOnlyPdf());
    await upload("an-2", "an-2-application", "MembershipApplication", APPLICATION);
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-2-agreement");
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-2-application");
    await runner().drain();
    expect(await documentAnalysisOf(getDb(), "an-2")).toMatchObject({
      status: "Failed",
      failure: "NoText",
      extraction: null,
    });
    expect(await proposedApplicationOf(getDb(), "an-2")).toEqual({
      status: "Failed",
      acquirers: [],
      agreement: { purchasePrice: null, contractDate: null, entryDate: null },
    });
    expect((await analyseJobs("an-2")).map((j) => j.state)).toEqual(["done"]);
  });

  it("coalesces: two verifications before the job runs make one analysis", async () => {
    await upload("an-3", "an-3-agreement", "TransferAgreement", AGREEMENT);
    await upload("an-3", "an-3-application-1", "MembershipApplication", APPLICATION);
    await upload("an-3", "an-3-application-2", "MembershipApplication", APPLICATION);
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-3-agreement");
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-3-application-1");
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-3-application-2");
    expect(await analyseJobs("an-3")).toHaveLength(1);
    await runner().drain();
    expect((await analyseJobs("an-3")).map((j) => j.state)).toEqual(["done"]);
    expect((await documentAnalysisOf(getDb(), "an-3"))?.documentIds).toHaveLength(3);
  });

  it("analyses again when a required document goes: MissingDocument", async () => {
    await upload("an-4", "an-4-agreement", "TransferAgreement", AGREEMENT);
    await upload("an-4", "an-4-application", "MembershipApplication", APPLICATION);
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-4-agreement");
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-4-application");
    await runner().drain();
    expect((await documentAnalysisOf(getDb(), "an-4"))?.status).toBe("Ready");
    // The file is lost from storage behind the row's back, and the agreement is analysed again.
    await getStorage().delete("transfers/an-4/an-4-agreement.pdf");
    expect(await requiredDocumentChanged(jobQueue, getDb(), "an-4", ["TransferAgreement"], NOW)).toBe(true);
    expect(await requiredDocumentChanged(jobQueue, getDb(), "an-4", ["Other"], NOW)).toBe(false);
    await runner().drain();
    expect(await documentAnalysisOf(getDb(), "an-4")).toMatchObject({
      status: "Failed",
      failure: "MissingDocument",
    });
    // The erased agreement: no longer a required document, the analysis says what is missing.
    await getDb()
      .updateTable("documents")
      .set({ data_erased_at: NOW.toISOString(), storage_key: null })
      .where("id", "=", "an-4-agreement")
      .execute();
    await requiredDocumentChanged(jobQueue, getDb(), "an-4", ["TransferAgreement"], NOW);
    await runner().drain();
    expect(await documentAnalysisOf(getDb(), "an-4")).toMatchObject({
      status: "Failed",
      failure: "MissingDocument",
      documentIds: ["an-4-application"],
    });
  });

  it("analyses again when the uploader withdraws the agreement in the wizard, not when another category comes", async () => {
    await upload("an-5", "an-5-agreement", "TransferAgreement", AGREEMENT);
    await upload("an-5", "an-5-application", "MembershipApplication", APPLICATION);
    await upload("an-5", "an-5-other", "Other", APPLICATION);
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-5-agreement");
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-5-application");
    await runner().drain();
    expect((await documentAnalysisOf(getDb(), "an-5"))?.status).toBe("Ready");
    await verifyDocument(buildUseCaseContext(getDb(), "system", { now: NOW, live }), "an-5-other");
    expect(await analyseJobs("an-5")).toHaveLength(1);

    const ctx = buildUseCaseContext(getDb(), await actorFor(getDb(), "user-maria"), { now: NOW });
    const removed = await removeDocument(ctx, {
      transferId: "an-5",
      documentId: "an-5-agreement",
    });
    expect(removed.kind).toBe("withdrawn");
    expect((await documentAnalysisOf(getDb(), "an-5"))?.status).toBe("InProgress");
    await runner().drain();
    expect(await documentAnalysisOf(getDb(), "an-5")).toMatchObject({
      status: "Failed",
      failure: "MissingDocument",
      documentIds: ["an-5-application"],
    });
    expect(await analyseJobs("an-5")).toHaveLength(2);
  });

  it("a changed transfer type analyses again against the new type's documents", async () => {
    // an-1 is an analysed purchase; as a gift it lacks a deed of gift.
    await getDb().updateTable("transfers").set({ transfer_type: "Gift" }).where("id", "=", "an-1").execute();
    expect(await transferTypeChanged(jobQueue, getDb(), "an-1", NOW)).toBe(true);
    await runner().drain();
    expect(await documentAnalysisOf(getDb(), "an-1")).toMatchObject({
      status: "Failed",
      failure: "MissingDocument",
      documentIds: ["an-1-application"],
    });
    await getDb()
      .updateTable("transfers")
      .set({ transfer_type: "Purchase" })
      .where("id", "=", "an-1")
      .execute();
    await transferTypeChanged(jobQueue, getDb(), "an-1", NOW);
    await runner().drain();
    expect((await documentAnalysisOf(getDb(), "an-1"))?.status).toBe("Ready");
  });

  it("reads a damaged row as Failed/Unreadable instead of trusting or throwing", async () => {
    await getDb()
      .updateTable("document_analyses")
      .set({ status: "Ready", extraction: '{"purchasePrice": "lots"}' })
      .where("transfer_id", "=", "an-1")
      .execute();
    expect(await documentAnalysisOf(getDb(), "an-1")).toMatchObject({
      status: "Failed",
      failure: "Unreadable",
      extraction: null,
    });
  });
});
