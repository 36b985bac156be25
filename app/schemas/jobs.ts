import * as z from "zod";
import "./zod-errors";

/** Kör igen on the operators' job page (/admin/jobs). */
export const RetryJobSchema = z.object({
  id: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(100),
});

/** A background job's states (decision 013); the jobs table's check constraint holds the same list. */
export const JOB_STATES = ["queued", "running", "done", "failed", "dead"] as const;
export type JobState = (typeof JOB_STATES)[number];
