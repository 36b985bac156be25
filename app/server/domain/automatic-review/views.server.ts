import { CHECK_TYPES, type CheckResult, type CheckType, type OfferedAction } from "~/lib/transfer";
import { personDisplayName } from "~/lib/person";
import { parseJsonList } from "../../db/json-columns.server";
import { loadTransferFacts } from "../transfers/load.server";
import { acceptDeviationAction } from "./policies.server";
import { blockerTextKey } from "../core/policy.server";
import { findScopedTransfer } from "../transfers/scope.server";
import type { ViewContext } from "../core/context.server";

/**
 * The Granskning tab and GET api/core/reviews/transfers/{id}/analysis (spec 02 §2.6, §3 "Automatic check"): the
 * checks of the automatic review with their result and the locale keys of their pass and fail texts, who accepted
 * a deviation and when, whether the review is running, and the AcceptDeviation action as the policy offers it.
 */

export interface AnalysisCheckView {
  id: string;
  type: CheckType;
  result: CheckResult;
  passTextKey: string;
  failTextKey: string;
  /** The text that applies: the fail text for a deviation (accepted or not), else the pass text. */
  text: string;
  acceptedBy: { userId: string; name: string } | null;
  acceptedAt: string | null;
}

export interface AnalysisView {
  transferId: string;
  version: number;
  /** The AutomaticReview task runs: the checks are about to be replaced. */
  running: boolean;
  /** Open deviations first, then accepted ones, each in the order of the checks. */
  deviations: AnalysisCheckView[];
  approved: AnalysisCheckView[];
  acceptDeviation: OfferedAction<"AcceptDeviation"> | null;
}

export type AnalysisLookup =
  | { kind: "found"; view: AnalysisView }
  | { kind: "notFound" }
  /** In scope, but the tab is the property manager's (a board member). */
  | { kind: "notPropertyManager" };

const order = (type: string) => CHECK_TYPES.indexOf(type as CheckType);

export async function analysisTab(ctx: ViewContext, transferId: string): Promise<AnalysisLookup> {
  const row = await findScopedTransfer(ctx.db, ctx.viewer, transferId);
  if (!row) return { kind: "notFound" };
  if (ctx.viewer.role !== "PropertyManager" || row.tenant_id !== ctx.viewer.tenantId) {
    return { kind: "notPropertyManager" };
  }
  const [facts, checks] = await Promise.all([
    loadTransferFacts(ctx.db, row),
    ctx.db
      .selectFrom("automatic_checks")
      .leftJoin("users", "users.id", "automatic_checks.accepted_by_user_id")
      .select([
        "automatic_checks.id",
        "automatic_checks.type",
        "automatic_checks.result",
        "automatic_checks.accepted_by_user_id",
        "automatic_checks.accepted_at",
        "users.first_name",
        "users.last_name",
      ])
      .where("automatic_checks.transfer_id", "=", row.id)
      .execute(),
  ]);
  const views = checks
    .filter((c) => order(c.type) >= 0)
    .sort((a, b) => order(a.type) - order(b.type))
    .map((c): AnalysisCheckView => {
      const type = c.type as CheckType;
      const result = c.result as CheckResult;
      const passTextKey = `review:analysis.checks.${type}.pass`;
      const failTextKey = `review:analysis.checks.${type}.fail`;
      return {
        id: c.id,
        type,
        result,
        passTextKey,
        failTextKey,
        text: ctx.t(result === "Valid" ? passTextKey : failTextKey),
        acceptedBy: c.accepted_by_user_id
          ? {
              userId: c.accepted_by_user_id,
              name: personDisplayName({ firstName: c.first_name, lastName: c.last_name }),
            }
          : null,
        acceptedAt: c.accepted_at,
      };
    });
  const offered = acceptDeviationAction(ctx.viewer, facts, ctx.now);
  return {
    kind: "found",
    view: {
      transferId: row.id,
      version: row.version,
      running: parseJsonList(row.running_tasks).includes("AutomaticReview"),
      deviations: [
        ...views.filter((c) => c.result === "Deviation"),
        ...views.filter((c) => c.result === "AcceptedDeviation"),
      ],
      approved: views.filter((c) => c.result === "Valid"),
      acceptDeviation: offered
        ? {
            type: offered.type,
            disabled: offered.disabled,
            disabledReason: offered.reason ? ctx.t(blockerTextKey(offered.reason)) : null,
          }
        : null,
    },
  };
}
