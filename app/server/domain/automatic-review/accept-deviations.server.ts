import { AcceptDeviationsSchema } from "~/schemas/transfer";
import { userOf, type UseCaseContext } from "../core/context.server";
import { conflict, invalid } from "../core/errors.server";
import { parse } from "../core/parse.server";
import { run } from "../core/pipeline.server";
import { acceptDeviationAction } from "./policies.server";

/**
 * The property manager accepts deviations of the automatic review (spec 02 §5 "Accept deviation"): only ids of
 * checks of this transfer whose result is Deviation, only when the policy offers AcceptDeviation enabled (status
 * TransferReviewInProgress, no background task). Who and when is kept on each check.
 */
export function acceptDeviations(ctx: UseCaseContext, input: unknown) {
  const { transferId, checkIds, version } = parse(AcceptDeviationsSchema, input);
  const actor = userOf(ctx);
  const ids = [...new Set(checkIds)];
  return run(ctx, transferId, {
    offered: (viewer, facts, now) => acceptDeviationAction(viewer, facts, now),
    expectedVersion: version,
    useCase: null,
    audit: ({ row }) => ({
      entity: "automatic_check",
      entityId: row.id,
      action: "acceptDeviations",
      before: { checkIds: ids, result: "Deviation" },
      after: { checkIds: ids, result: "AcceptedDeviation" },
    }),
    patch: (_row, facts) => {
      const open = facts.checks.filter((c) => c.result === "Deviation");
      if (ids.some((id) => !open.some((c) => c.id === id)))
        throw invalid({ checkIds: ["analysis.notADeviation"] });
      return { has_deviations: open.some((c) => !ids.includes(c.id)) ? 1 : 0 };
    },
    write: async (trx, row, at) => {
      const changed = await trx
        .updateTable("automatic_checks")
        .set({ result: "AcceptedDeviation", accepted_by_user_id: actor.viewer.id, accepted_at: at })
        .where("transfer_id", "=", row.id)
        .where("id", "in", ids)
        .where("result", "=", "Deviation")
        .executeTakeFirst();
      if (Number(changed.numUpdatedRows) !== ids.length) throw conflict();
    },
  });
}
