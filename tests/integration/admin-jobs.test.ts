import { beforeAll, describe, expect, it } from "vitest";
import * as adminJobs from "~/routes/admin.jobs";
import { getDb } from "~/server/db/db.server";
import { jobsOf } from "~/server/jobs/admin.server";
import { enqueueJob } from "~/server/context/job-queue.server";
import { answered, formReplyOf, formRequest, request, signedInSession, startFreshApp } from "../support/app";

/** The operators' job page (decision 016): only OPERATORS see it; a dead job can be run again, nothing else. */

let maria: string;
let johan: string;
let deadId: string;
let doneId: string;

beforeAll(async () => {
  process.env.OPERATORS = "197904122319";
  await startFreshApp();
  delete process.env.OPERATORS;
  maria = (await signedInSession("user-maria", "stadsbo")).cookie;
  johan = (await signedInSession("user-johan", "stadsbo")).cookie;
  const db = getDb();
  deadId = (await enqueueJob(db, { type: "retention.apply", payload: { slot: "dead" } }))!;
  doneId = (await enqueueJob(db, { type: "retention.apply", payload: { slot: "done" } }))!;
  await db
    .updateTable("jobs")
    .set({ state: "dead", attempts: 5, last_error: "storage down" })
    .where("id", "=", deadId)
    .execute();
  await db
    .updateTable("jobs")
    .set({ state: "done", attempts: 1, result: '{"counts":{}}' })
    .where("id", "=", doneId)
    .execute();
});

const args = (req: Request) => ({ request: req, params: {}, context: {} });

describe("/admin/jobs", () => {
  it("shows operators the jobs, filtered by state, and answers anyone else as a page that does not exist", async () => {
    const all = await (await adminJobs.loader(args(request("/admin/jobs", { cookie: maria })))).json();
    expect(all.jobs.map((j: { id: string }) => j.id)).toEqual(expect.arrayContaining([deadId, doneId]));
    const dead = await (
      await adminJobs.loader(args(request("/admin/jobs?state=dead", { cookie: maria })))
    ).json();
    expect(dead.jobs.map((j: { id: string; lastError: string | null }) => [j.id, j.lastError])).toEqual([
      [deadId, "storage down"],
    ]);
    expect((await answered(adminJobs.loader(args(request("/admin/jobs", { cookie: johan }))))).status).toBe(
      404,
    );
    expect(
      (
        await answered(
          adminJobs.action(
            args(formRequest("/admin/jobs", { intent: "retry", id: deadId }, { cookie: johan })),
          ),
        )
      ).status,
    ).toBe(404);
  });

  it("runs a dead job again; a job that is not dead or failed is refused with its reason", async () => {
    const retried = await answered(
      adminJobs.action(args(formRequest("/admin/jobs", { intent: "retry", id: deadId }, { cookie: maria }))),
    );
    expect(retried.status).toBe(303);
    expect((await jobsOf(getDb(), { id: deadId }))[0]).toMatchObject({ state: "queued", attempts: 0 });
    const refused = await answered(
      adminJobs.action(args(formRequest("/admin/jobs", { intent: "retry", id: doneId }, { cookie: maria }))),
    );
    expect(refused.status).toBe(409);
    expect((await formReplyOf(refused)).form).toEqual([
      "Jobbet kan inte köras igen: det är inte dött eller misslyckat längre.",
    ]);
    const empty = await answered(
      adminJobs.action(args(formRequest("/admin/jobs", { intent: "retry", id: " " }, { cookie: maria }))),
    );
    expect(empty.status).toBe(400);
  });
});
