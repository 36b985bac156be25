import { demoUser } from "../users.server";
import { kronor } from "../pdf-content.server";
import { addMinutes } from "./clock.server";
import { addDocument } from "./documents.server";
import type { TransferBuilder } from "./transfer.server";

/** Agreement change requests: the transfer holds the accepted values. */

export function changeRequests(b: TransferBuilder): void {
  const { t, clock } = b;
  (t.changes ?? []).forEach((c, i) => {
    const accepted = c.decision?.value === "Accepted";
    const agrees = (current: number | undefined, pair: [number, number] | undefined) =>
      !pair || current === (accepted ? pair[1] : pair[0]);
    if (!agrees(t.price, c.price) || !agrees(t.entry, c.entry) || !agrees(t.contract, c.contract)) {
      b.fail(`the agreement does not match change request ${i + 1}`);
    }
    const createdIso = b.at(c.at);
    const line = c.price
      ? `Köpeskillingen ändras från ${kronor(c.price[0])} till ${kronor(c.price[1])}.`
      : c.entry
        ? `Tillträdesdagen ändras från ${clock.date(c.entry[0])} till ${clock.date(c.entry[1])}.`
        : undefined;
    const creator = demoUser(c.by);
    b.rows.changeRequests.push({
      id: `${t.id}-cr${i + 1}`,
      transfer_id: t.id,
      created_by_user_id: c.by,
      created_by_first_name: creator.first,
      created_by_last_name: creator.last,
      created_at: createdIso,
      purchase_price_previous: c.price?.[0] ?? null,
      purchase_price_new: c.price?.[1] ?? null,
      entry_date_previous: c.entry ? clock.date(c.entry[0]) : null,
      entry_date_new: c.entry ? clock.date(c.entry[1]) : null,
      contract_date_previous: c.contract ? clock.date(c.contract[0]) : null,
      contract_date_new: c.contract ? clock.date(c.contract[1]) : null,
      additional_agreement_document_id: c.agreement
        ? addDocument(b, "AdditionalAgreement", addMinutes(createdIso, -2), { uploadedBy: c.by, line })
        : null,
      decision: c.decision?.value ?? null,
      decided_at: c.decision ? b.at(c.decision.at) : null,
      decided_by: c.decision ? demoUser(c.decision.by).name : null,
      decided_by_user_id: c.decision?.by ?? null,
      rejected_reason: c.decision?.reason ?? null,
    });
  });
}
