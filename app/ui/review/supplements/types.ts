import type { SupplementView } from "~/schemas/transfer-views";
import type { lastResultOf } from "~/ui/use-page-form";

/** An action the server offers on a request or its answer, with why it is disabled when it is. */
export type Action = { type: string; disabled: boolean; disabledReason: string | null };

/** `Ny komplettering`: offered or not (and why), the types and persons to choose from, and what is chosen. */
export type NewRequestData = {
  disabled: boolean;
  disabledReason: string | null;
  /** Who will receive the request, as a sentence; null only when the action is disabled for want of anyone. */
  recipient: string | null;
  open: boolean;
  types: Array<{ value: string; label: string; personTypes: string[]; template: string }>;
  persons: Array<{ id: string; personType: string; name: string }>;
  chosen: { category: string | null; personId: string | null };
  ready: boolean;
  message: string;
};

/** The supplements of the tab and its page state: which question (cancel, replace, reject) is open. */
export interface SupplementsData {
  side: "review" | "private";
  supplements: SupplementView[];
  newRequest: NewRequestData | null;
  cancelling: string | null;
  replacing: string | null;
  rejecting: string | null;
}

/** The e-mail a new request would send, as the `Förhandsgranska` post answers it. */
export interface Preview {
  subject: string;
  header: string;
  message: string;
  footer: string;
}

/** The reply of the last failed post, if any. */
export type LastResult = ReturnType<typeof lastResultOf>;
