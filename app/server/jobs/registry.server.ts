import type * as z from "zod";
import type { Db } from "../db/kysely.server";
import type { UseCaseContext } from "../domain/core/context.server";
import type { LivePublisher } from "../live/events.server";

/** What a job handler gets besides its payload. */
export interface JobContext {
  db: Db;
  jobId: string;
  transferId: string | null;
  attempt: number;
  now: () => Date;
  log: (message: string) => void;
  /** Where the job's live events go (absent in tests that do not listen). */
  live?: LivePublisher;
  /** The use cases' context for this job (the system acting, the clock read now, the configured ports). */
  context: () => UseCaseContext;
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  type: string;
  schema: S;
  maxAttempts?: number;
  /** What it returns is recorded as the job's result (shown to operators). */
  handler: (payload: z.infer<S>, ctx: JobContext) => Promise<void | Record<string, unknown>>;
}

const definitions = new Map<string, JobDefinition>();

/** Declares a job type; its handler runs with the payload parsed by `schema`. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  if (definitions.has(definition.type)) throw new Error(`Job type ${definition.type} is defined twice`);
  definitions.set(definition.type, definition as unknown as JobDefinition);
  return definition;
}

export function jobDefinition(type: string): JobDefinition | undefined {
  return definitions.get(type);
}
