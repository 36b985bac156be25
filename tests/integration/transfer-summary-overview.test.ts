import { beforeAll, describe, expect, it } from "vitest";
import * as overview from "~/routes/transfers.$id.overview";
import type { TransferReview } from "~/schemas/transfer-views";
import { getDb } from "~/server/db/db.server";
import { answered, request, signedInSession, startFreshApp } from "../support/app";

/** Spec 02 §2.4: the overview's decision box offers the transfer summary, or says it is being created. */

beforeAll(async () => {
  await startFreshApp();
});

describe("the transfer summary on the overview", () => {
  it("the overview offers the summary once made, and says it is being created until then", async () => {
    const db = getDb();
    const maria = (await signedInSession("user-maria", "stadsbo")).cookie;
    const reviewOf = async (id: string) => {
      const response = await answered(
        overview.loader({
          request: request(`/transfers/${id}/overview`, { cookie: maria }),
          params: { id },
          context: {},
        }),
      );
      expect(response.status).toBe(200);
      return ((await response.json()) as { review: TransferReview }).review;
    };
    const sent = await db
      .selectFrom("transfers")
      .select(["id", "summary_document_id"])
      .where("tenant_id", "=", "stadsbo")
      .where("status", "=", "MembershipReviewInProgress")
      .where("summary_document_id", "is not", null)
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect(await reviewOf(sent.id)).toMatchObject({
      transferSummaryDocument: { id: sent.summary_document_id, fileName: expect.any(String) },
      transferSummaryPending: false,
    });

    await db.updateTable("transfers").set({ summary_document_id: null }).where("id", "=", sent.id).execute();
    expect(await reviewOf(sent.id)).toMatchObject({
      transferSummaryDocument: null,
      transferSummaryPending: true,
    });

    const early = await db
      .selectFrom("transfers")
      .select("id")
      .where("tenant_id", "=", "stadsbo")
      .where("status", "=", "TransferReviewInProgress")
      .orderBy("id")
      .executeTakeFirstOrThrow();
    expect(await reviewOf(early.id)).toMatchObject({
      transferSummaryDocument: null,
      transferSummaryPending: false,
    });
  });
});
