import type { Person } from "../people.server";
import type { Fraction, PartyInput } from "./inputs.server";
import type { TransferBuilder } from "./transfer.server";

/** The parties: transferors, acquirers and guarantors, with their shares and the notice recipient. */

function parseFraction(value: Fraction): { n: number; d: number } {
  const [n, d] = value.split("/").map(Number) as [number, number];
  return { n, d };
}

export function parties(b: TransferBuilder): void {
  const { t, acquirers } = b;
  const reviewed = b.reached("completeAutomaticReview");
  const noticeIndex = Math.max(
    0,
    acquirers.findIndex((p) => p.notice),
  );
  let sortOrder = 0;
  const add = (
    kind: "Transferor" | "Acquirer" | "Guarantor",
    ref: string,
    input: Partial<PartyInput> & { who: Person },
  ) => {
    const id = `${t.id}-${ref}`;
    b.partyRefs.set(ref, { id, who: input.who });
    // Two people of one family on the same side of the deal live together.
    const household = b.rows.parties.find(
      (p) => p.transfer_id === t.id && p.kind === kind && p.last_name === input.who.last,
    );
    const owner = input.owner ? parseFraction(input.owner) : null;
    const share = input.share ? parseFraction(input.share) : null;
    const notice =
      kind === "Acquirer"
        ? ref === `a${noticeIndex + 1}`
        : kind === "Transferor" && acquirers.length === 0 && ref === "t1";
    b.rows.parties.push({
      id,
      transfer_id: t.id,
      kind,
      identifier_type: input.who.identifierType,
      identifier_value: input.who.identifier,
      first_name: input.who.first,
      last_name: input.who.last,
      email: input.who.email,
      phone: input.who.phone,
      street: household?.street ?? input.who.street,
      postal_code: household?.postal_code ?? input.who.postal,
      city: household?.city ?? input.who.city,
      country: "Sverige",
      owner_share_numerator: owner?.n ?? null,
      owner_share_denominator: owner?.d ?? null,
      transfer_share_numerator: share?.n ?? null,
      transfer_share_denominator: share?.d ?? null,
      membership_status: kind === "Acquirer" ? (input.member ?? (reviewed ? "NOTMEMBER" : "UNKNOWN")) : null,
      is_payment_notice_recipient: notice ? 1 : 0,
      sort_order: sortOrder++,
      created_at: b.createdAt,
    });
  };
  t.transferors.forEach((p, i) => add("Transferor", `t${i + 1}`, p));
  acquirers.forEach((p, i) => add("Acquirer", `a${i + 1}`, p));
  (t.guarantors ?? []).forEach((who, i) => add("Guarantor", `g${i + 1}`, { who }));
}
