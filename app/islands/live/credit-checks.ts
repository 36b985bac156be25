import { useRef } from "react";
import { personDisplayName } from "~/lib/person";
import type { TransferReview } from "~/schemas/transfer-views";
import { showToast } from "~/ui/Toasts";
import { useTransferEvents } from "./transfer-events";

interface CreditCheckEvent {
  orderId?: string;
  status?: string;
  identifier?: { type?: string; value?: string };
}

/**
 * Live credit checks on the overview (spec 02 §4 "Credit check per person", "Live events"):
 * `creditCheckOrderStatusUpdated` reloads the page's data, in which the server attaches the order to every acquirer
 * and guarantor with its identifier, and a final answer is said as a toast: `Kreditupplysning för {name} är
 * tillgänglig`, or `Kreditupplysning är inte tillgänglig för {name}`. Only to a viewer offered credit check actions
 * for that person. Baseline without JavaScript: a reload shows the order's state in the person's row.
 */
export function useCreditCheckEvents(review: TransferReview, reload: () => void, since: number) {
  const people = useRef(review);
  people.current = review;
  useTransferEvents(
    review.id,
    ["creditCheckOrderStatusUpdated"],
    (payload) => {
      reload();
      const news = payload as CreditCheckEvent | undefined;
      if (!news?.status || news.status === "Pending" || !news.identifier?.value) return;
      const { acquirers, guarantors } = people.current;
      const person = [...acquirers, ...guarantors].find(
        (p) => p.identifier.value === news.identifier?.value && p.actions.length > 0,
      );
      if (!person) return;
      const name = personDisplayName(person);
      if (news.status === "Success") {
        showToast({ type: "success", key: "review:creditCheck.available", values: { name } });
      } else {
        showToast({ type: "error", key: "review:creditCheck.notAvailable", values: { transferId: name } });
      }
    },
    { since },
  );
}
