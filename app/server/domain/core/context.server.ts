import type { TFunction } from "i18next";
import type { Db } from "../../db/kysely.server";
import type { BankIdClient } from "../../integrations/bankid/types.server";
import type { CompanyRegistryClient } from "../../integrations/company-registry/types.server";
import type { CreditBureau } from "../../integrations/credit-bureau/types.server";
import type {
  ObjectSearchOptions,
  ObjectSearchRequest,
  PropertyManagerSystem,
  SearchOutcome,
} from "../../integrations/property-managers/index.server";
import type { FileStorage } from "../../integrations/storage/types.server";
import { personDisplayName } from "~/lib/person";
import type { Viewer } from "../transfers/facts.server";
import { forbidden } from "./errors.server";
import type { LivePublisher } from "./events.server";
import type { TransferHook } from "./hooks.server";

/**
 * What a use case runs with (decision 033): who acts, the database, the clock, and the ports to the world outside
 * (each an integration's client or its simulator, chosen by configuration). The composition root
 * (app/server/context) builds it once per request and once per job; nothing in the domain reaches for a
 * configured client by itself.
 */

export interface Actor {
  viewer: Viewer;
  firstName: string;
  lastName: string;
}

/** A background job to enqueue in the transaction of the change that needs it (decision 013). */
export interface NewJob {
  type: string;
  payload: unknown;
  transferId?: string | null;
  runAt?: Date;
  maxAttempts?: number;
  /** A key that already exists enqueues nothing (a periodic slot, or one job per change). */
  dedupeKey?: string;
  /**
   * With a dedupeKey: the key stands for "a run is still to come" rather than "once ever". An enqueue that meets
   * the key joins the waiting job; the handler gives the key up (`release`) before it reads anything, so a change
   * after that point enqueues a new run.
   */
  coalesce?: boolean;
}

/** The job queue: rows of the jobs table, written in the caller's transaction. */
export interface JobQueue {
  /** The new job's id, or null when its dedupe key stood already. */
  enqueue(trx: Db, job: NewJob, now?: Date): Promise<string | null>;
  /** A coalescing job, as it starts: later enqueues with its key make a new job instead of joining this one. */
  release(db: Db, jobId: string): Promise<void>;
}

/** The property managers' systems (decision 019). */
export interface PropertyManagers {
  /** One provider's system, or null when none is configured for it. */
  systemOf(providerId: string): PropertyManagerSystem | null;
  /** The object search over every system, within the configured time limit. */
  search(
    request: ObjectSearchRequest,
    options: Pick<ObjectSearchOptions, "live" | "signal" | "register">,
  ): Promise<SearchOutcome>;
  /** The configured systems of this process: their answers about an object may be reused for a minute. */
  readonly cacheable: boolean;
}

export interface Ports {
  storage: FileStorage;
  bankid: BankIdClient;
  propertyManagers: PropertyManagers;
  creditBureau: CreditBureau;
  companyRegistry: CompanyRegistryClient;
  jobs: JobQueue;
  /** Where live events go after a commit (absent where nobody listens: scripts, some tests). */
  live?: LivePublisher;
}

export interface UseCaseContext extends Ports {
  db: Db;
  /** The signed-in user, or "system" for jobs and integrations (no scope, no policy). */
  actor: Actor | "system";
  now?: Date;
  /** The features' reactions to a changed transfer, run by the pipeline (hooks.server). */
  hooks: readonly TransferHook[];
}

/** What a view of a transfer is built for: the viewer, the clock and the language. */
export interface ViewContext {
  db: Db;
  viewer: Viewer;
  now: Date;
  t: TFunction;
}

/** The signed-in user of a use case that only a user runs; for a job it is Forbidden. */
export function userOf(ctx: Pick<UseCaseContext, "actor">): Actor {
  if (ctx.actor === "system") throw forbidden();
  return ctx.actor;
}

export function actorUserId(ctx: Pick<UseCaseContext, "actor">): string | null {
  return ctx.actor === "system" ? null : ctx.actor.viewer.id;
}

export function actorName(ctx: Pick<UseCaseContext, "actor">): string {
  return ctx.actor === "system" ? "" : personDisplayName(ctx.actor);
}

/** The same context acting as the system (a step a user's use case hands to the system, e.g. `initiate`). */
export function asSystem(ctx: UseCaseContext): UseCaseContext {
  return { ...ctx, actor: "system" };
}
