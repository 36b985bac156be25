import crypto from "node:crypto";
import type { Db } from "../../db/kysely.server";
import type { TransferRow } from "../../db/schema.server";
import { svT } from "../../platform/i18n.server";
import type { SupplementPersonType } from "~/lib/transfer";
import { CreateSupplementSchema } from "~/schemas/supplements";
import { actorName, userOf, type UseCaseContext } from "../core/context.server";
import { invalid } from "../core/errors.server";
import { parse } from "../core/parse.server";
import { run } from "../core/pipeline.server";
import { enqueueMail } from "../mail.server";
import { transferAction } from "../transfers/policies.server";
import { composeMail, mailParts, supplementCategories, templateFor } from "./descriptions.server";

/**
 * Supplements (kompletteringar; spec 02 §2.7, §3, §4 "Supplementary request", §5, §7; decision 025). A property
 * manager or board member asks for one document (and, for a personal guarantee, the guarantors) from the answering
 * party, who is e-mailed through the mail job (decision 021). The private party builds a draft answer
 * (`answer-document`, `guarantors`), sends it (`submit`, `Skicka svar`), and the association or manager accepts it
 * (`accept`), which applies it to the transfer, or rejects it with a reason (`reject`).
 */

export interface AnsweringParty {
  kind: "intermediary" | "privateParty";
  name: string;
  /** Where the request is e-mailed; null: the private party sees it in the portal only. */
  email: string | null;
}

/**
 * Who answers a request (the rule is `supplementRecipient`): the broker of the transfer by e-mail, or the private
 * party who created it, in the portal and by e-mail while they are active. null: nobody would see a request.
 */
export async function answeringParty(db: Db, row: TransferRow): Promise<AnsweringParty | null> {
  const email = row.intermediary_email?.trim();
  if (email) {
    const name = [row.intermediary_first_name, row.intermediary_last_name].filter(Boolean).join(" ");
    return { kind: "intermediary", name: name || email, email };
  }
  if (row.initiator_role !== "PrivateIntermediary" || !row.created_by_user_id) return null;
  const user = await db
    .selectFrom("users")
    .select(["first_name", "last_name", "email", "status"])
    .where("id", "=", row.created_by_user_id)
    .executeTakeFirst();
  if (!user) return null;
  return {
    kind: "privateParty",
    name: `${user.first_name} ${user.last_name}`,
    email: user.email && user.status === "Active" ? user.email : null,
  };
}

/** Who would answer a new request on this transfer (read after the caller's scope check). */
export async function answeringPartyOf(db: Db, transferId: string): Promise<AnsweringParty | null> {
  const row = await db.selectFrom("transfers").selectAll().where("id", "=", transferId).executeTakeFirst();
  return row ? answeringParty(db, row) : null;
}

/**
 * `Övrigt` names no document: its template (`Vänligen komplettera med följande gällande {name}: `) only starts a
 * request, and sent as it is, with any name, it asks for nothing.
 */
export function isBareOtherTemplate(message: string): boolean {
  const marker = "\u0000";
  const [before = "", after = ""] = templateFor(svT(), "Other", marker).split(marker);
  const text = message.trim();
  const middle = text.slice(before.length, text.length - after.trim().length);
  return (
    text.startsWith(before) &&
    text.endsWith(after.trim()) &&
    text.length >= before.length + after.trim().length &&
    !middle.includes(after.trim() || "\u0000")
  );
}

/**
 * POST api/core/transfers/{id}/additionalinformationrequests and the `Ny komplettering` form: a new open request
 * (the transfer waits for the answer, AwaitingInfoRequestAnswer), e-mailed to the answering party in the same
 * transaction. The type must be one the transfer offers; a type about acquirers or guarantors needs one of them,
 * on this transfer.
 */
export async function createSupplementRequest(
  ctx: UseCaseContext,
  transferId: string,
  input: unknown,
): Promise<{ requestId: string }> {
  const data = parse(CreateSupplementSchema, input);
  userOf(ctx);
  const requestId = crypto.randomUUID();
  let personType: SupplementPersonType = "None";
  await run(ctx, transferId, {
    useCase: "requestAdditionalInfo",
    offered: transferAction("RequestAdditionalInfo"),
    patch: (_row, facts) => {
      const description = supplementCategories(facts.transferType).find((d) => d.category === data.category);
      if (!description) throw invalid({ category: ["supplements.typeNotOffered"] });
      if (description.personTypes.length === 0) {
        if (data.personId) throw invalid({ personId: ["supplements.invalidAnswer"] });
        return { awaiting_info_request_answer: 1 };
      }
      const person = facts.parties.find(
        (p) =>
          p.id === data.personId &&
          (description.personTypes as string[]).includes(p.kind) &&
          (data.personType === "None" || data.personType === p.kind),
      );
      if (!data.personId) throw invalid({ personId: ["supplements.personRequired"] });
      if (!person) throw invalid({ personId: ["supplements.invalidAnswer"] });
      if (data.category === "Other" && isBareOtherTemplate(data.message))
        throw invalid({ message: ["supplements.otherUnedited"] });
      personType = person.kind as SupplementPersonType;
      return { awaiting_info_request_answer: 1 };
    },
    write: async (trx, row, at) => {
      const actor = userOf(ctx);
      await trx
        .insertInto("supplement_requests")
        .values({
          id: requestId,
          transfer_id: row.id,
          category: data.category,
          message: data.message,
          person_id: personType === "None" ? null : data.personId,
          person_type: personType,
          initiator_role: actor.viewer.role === "PropertyManager" ? "PropertyManager" : "BoardMember",
          status: "Open",
          created_by_user_id: actor.viewer.id,
          created_by_name: actorName(ctx),
          created_at: at,
        })
        .execute();
      const to = (await answeringParty(trx, row))?.email;
      if (to) {
        const parts = mailParts(svT(), row);
        await enqueueMail(
          ctx.jobs,
          trx,
          { to, subject: parts.subject, text: composeMail(parts, data.message) },
          { transferId: row.id, dedupeKey: `mail:supplement:${requestId}`, now: new Date(at) },
        );
      }
    },
  });
  return { requestId };
}
