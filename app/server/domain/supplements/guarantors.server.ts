import crypto from "node:crypto";
import { isValidPersonnummer, parsePersonnummer } from "~/lib/personnummer";
import { SetGuarantorsSchema, type AnswerGuarantorInput } from "~/schemas/supplements";
import { userOf, type UseCaseContext } from "../core/context.server";
import { invalid } from "../core/errors.server";
import { parse } from "../core/parse.server";
import { run } from "../core/pipeline.server";
import { answerOffered, draftAnswerOf, requestOf } from "./answer-state.server";

/** A guarantor's identifier as stored: a valid personal number normalised to 12 digits, anything else as typed. */
function storedIdentifier(value: string): string {
  const parsed = parsePersonnummer(value);
  return parsed.ok ? parsed.value.normalized12 : value;
}

/**
 * A guarantor's validation result (spec 02 §3 validationResult, §8): the personal number is required and must be
 * a valid personal number ('Ogiltigt personnummer, checksiffra stämmer inte vid verifiering.'); first and last name
 * are required. Messages are locale keys.
 */
export function guarantorErrors(g: {
  identifier_value: string;
  first_name: string;
  last_name: string;
}): Array<{ message: string; property: string }> {
  const errors: Array<{ message: string; property: string }> = [];
  if (g.identifier_value.trim() === "")
    errors.push({ message: "domain:supplements.guarantorIdentifierRequired", property: "identifier" });
  else if (!isValidPersonnummer(g.identifier_value))
    errors.push({ message: "identifier:checksumServer", property: "identifier" });
  if (g.first_name.trim() === "")
    errors.push({ message: "domain:supplements.guarantorFirstNameRequired", property: "firstName" });
  if (g.last_name.trim() === "")
    errors.push({ message: "domain:supplements.guarantorLastNameRequired", property: "lastName" });
  return errors;
}

/**
 * PUT …/answers/guarantors {guarantors}: the draft answer's guarantors, replaced by the list as typed (an
 * incomplete guarantor is kept with its validation errors). Only for a personal guarantee. An empty list leaves one
 * empty guarantor (removing the last one resets it, spec 02 §4), keeping the id of the first one if any.
 */
export async function setAnswerGuarantors(
  ctx: UseCaseContext,
  input: { transferId: string; requestId: string; guarantors: unknown },
): Promise<{ guarantorIds: string[] }> {
  const { guarantors } = parse(SetGuarantorsSchema, { guarantors: input.guarantors });
  userOf(ctx);
  const ids: string[] = [];
  await run(ctx, input.transferId, {
    offered: (viewer, facts, now) => {
      if (requestOf(facts, input.requestId).category !== "PersonalGuarantee")
        throw invalid({ guarantors: ["supplements.guarantorsNotAsked"] });
      return answerOffered(input.requestId)(viewer, facts, now);
    },
    useCase: null,
    changesTransfer: false,
    audit: () => ({
      entity: "supplement_answer",
      entityId: input.requestId,
      action: "supplement.guarantors",
      before: null,
      after: { guarantors: ids.length },
    }),
    write: async (trx, _row, at) => {
      const answer = await draftAnswerOf(trx, input.requestId, at);
      const previous = await trx
        .selectFrom("supplement_answer_guarantors")
        .select("id")
        .where("answer_id", "=", answer.id)
        .orderBy("sort_order")
        .execute();
      const known = new Set(previous.map((p) => p.id));
      const list: AnswerGuarantorInput[] =
        guarantors.length > 0
          ? guarantors
          : [{ id: previous[0]?.id, identifier: "", firstName: "", lastName: "" }];
      await trx.deleteFrom("supplement_answer_guarantors").where("answer_id", "=", answer.id).execute();
      for (const [index, g] of list.entries()) {
        const id = g.id && known.has(g.id) && !ids.includes(g.id) ? g.id : crypto.randomUUID();
        ids.push(id);
        await trx
          .insertInto("supplement_answer_guarantors")
          .values({
            id,
            answer_id: answer.id,
            identifier_value: storedIdentifier(g.identifier),
            first_name: g.firstName,
            last_name: g.lastName,
            email: null,
            phone: null,
            sort_order: index,
          })
          .execute();
      }
    },
  });
  return { guarantorIds: ids };
}
