import type { TransferStatus } from "~/lib/transfer";
import {
  nextStatus,
  previousReviewStatusAfter,
  type ReviewStatus,
  type UseCase,
} from "../../domain/transfers/lifecycle.server";
import { objectOf, type SeedObject } from "../associations.server";
import type { Person } from "../people.server";
import { automaticChecks } from "./automatic-review.server";
import { changeRequests } from "./change-requests.server";
import { addMinutes, FOLLOW_UP_MINUTES, stepSchedule, type Clock, type When } from "./clock.server";
import { creditChecks } from "./credit-checks.server";
import { decision } from "./decision.server";
import { applicationDocuments } from "./documents.server";
import { history } from "./history.server";
import type { PartyInput, SupplementInput, TransferInput } from "./inputs.server";
import { messages, notes } from "./messages.server";
import { parties } from "./parties.server";
import type { TransferSeedRows } from "./rows.server";
import { supplements } from "./supplements.server";
import { transferRow } from "./transfer-row.server";

/**
 * The builder: one compact transfer description (inputs.server) in, its rows out. The transfer's state lives
 * here (its object, its path replayed through the lifecycle and the times of its steps, its parties); each part
 * of the transfer (history, parties, documents, checks, supplements, ...) has a module of its own that adds that
 * part's rows, in the order `build` calls them.
 */

const TENANT_MANAGER: Record<string, string | null> = {
  stadsbo: "user-maria",
  nordhem: "user-anders",
  kvarnstaden: null,
};

export type PartyRef = { id: string; who: Person };

interface ReplayedStep {
  useCase: UseCase;
  before: TransferStatus | null;
  after: TransferStatus;
  when: When | undefined;
}

/** Turns one transfer literal into its rows, checking on the way that the literal tells a consistent story. */
export class TransferBuilder {
  readonly object: SeedObject;
  readonly manager: string | null;
  readonly createdAt: string;
  readonly times: string[];
  readonly steps: ReplayedStep[];
  readonly stepTimes: string[];
  readonly previousReview: ReviewStatus | null;
  readonly supplementsByTime: SupplementInput[];
  readonly partyRefs = new Map<string, PartyRef>();
  documentCount = 0;

  constructor(
    readonly t: TransferInput,
    readonly clock: Clock,
    readonly rows: TransferSeedRows,
  ) {
    this.object = objectOf(t.object);
    this.manager = TENANT_MANAGER[this.object.association.tenantId] ?? null;
    this.createdAt = clock.at(t.created);
    this.times = [this.createdAt];
    this.supplementsByTime = [...(t.supplements ?? [])].sort((x, y) =>
      clock.at(x.at).localeCompare(clock.at(y.at)),
    );
    const replay = this.replay();
    this.steps = replay.steps;
    this.previousReview = replay.previousReview;
    this.stepTimes = stepSchedule(
      this.anchors(),
      this.steps.map((s) => (s.when ? undefined : FOLLOW_UP_MINUTES[s.useCase])),
      clock,
      (why) => this.fail(why),
    );
    this.stepTimes.forEach((iso) => this.touch(iso));
  }

  build(): void {
    history(this);
    parties(this);
    const summaryDocumentId = applicationDocuments(this);
    automaticChecks(this);
    supplements(this);
    changeRequests(this);
    creditChecks(this);
    messages(this);
    notes(this);
    decision(this);
    transferRow(this, summaryDocumentId);
  }

  fail(why: string): never {
    throw new Error(`Seed transfer ${this.t.id}: ${why}`);
  }

  /** Every time a row of the transfer gets passes through here, so that modified_at is the latest. */
  touch(iso: string): string {
    this.times.push(iso);
    return iso;
  }

  at(when: When): string {
    return this.touch(this.clock.at(when));
  }

  stepAt(useCase: UseCase): string | null {
    const i = this.steps.findIndex((s) => s.useCase === useCase);
    return i >= 0 ? this.stepTimes[i]! : null;
  }

  reached(useCase: UseCase): boolean {
    return this.steps.some((s) => s.useCase === useCase);
  }

  party(ref: string): PartyRef {
    return this.partyRefs.get(ref) ?? this.fail(`no party ${ref}`);
  }

  get acquirers(): PartyInput[] {
    return this.t.acquirers ?? [];
  }

  /** The party that fills in the application and answers supplements, as a user id (null for a broker). */
  get applicant(): string | null {
    const { t } = this;
    if (t.initiator === "Intermediary") return null;
    if (t.initiator === "PrivateIntermediary") return t.createdBy ?? null;
    return t.createdBy ?? this.manager;
  }

  // ---- The path replayed through the lifecycle, each step with a time

  private replay() {
    let status: TransferStatus | null = null;
    let previousReview: ReviewStatus | null = null;
    const steps = this.t.path.map((step): ReplayedStep => {
      const [useCase, when] = Array.isArray(step) ? step : [step, undefined];
      const before: TransferStatus | null = status;
      const after = nextStatus(useCase, before, previousReview);
      previousReview = previousReviewStatusAfter(useCase, before, previousReview);
      status = after;
      return { useCase, before, after, when };
    });
    if (status !== this.t.status) this.fail(`path ends in ${String(status)}, not ${this.t.status}`);
    return { steps, previousReview: previousReview as ReviewStatus | null };
  }

  /** The times the literal fixes: its own, the decision's, the flags', the requests'; null where free. */
  private anchors(): Array<string | null> {
    const { t, clock, steps } = this;
    let requestIndex = 0;
    return steps.map((step, i) => {
      if (step.when) return clock.at(step.when);
      switch (step.useCase) {
        case "approveMembership":
        case "rejectMembership":
          return t.decision ? clock.at(t.decision.at) : this.fail("a decision step needs a decision");
        case "startDecisionSigning":
          if (t.pendingSign) return clock.at(t.pendingSign.at);
          return t.decision ? addMinutes(clock.at(t.decision.at), -3) : this.fail("signing needs a decision");
        case "markSaleStopped":
          return t.saleStopped ? clock.at(t.saleStopped) : this.fail("markSaleStopped needs saleStopped");
        case "markUnderInvestigation":
          return t.investigation
            ? clock.at(t.investigation)
            : this.fail("markUnderInvestigation needs investigation");
        case "markPartsNotified":
          return t.partsNotified
            ? clock.at(t.partsNotified)
            : this.fail("markPartsNotified needs partsNotified");
        case "requestAdditionalInfo": {
          const request = this.supplementsByTime[requestIndex++];
          return request
            ? clock.at(request.at)
            : this.fail("more requestAdditionalInfo steps than supplements");
        }
        default: {
          if (i === 0) return this.createdAt;
          if (i === steps.length - 1) return clock.at(t.updated);
          // A system step that ends the path pulls the step it follows along.
          const last = steps[i + 1]!;
          const followUp = i === steps.length - 2 && !last.when ? FOLLOW_UP_MINUTES[last.useCase] : undefined;
          return followUp === undefined ? null : addMinutes(clock.at(t.updated), -followUp);
        }
      }
    });
  }
}
