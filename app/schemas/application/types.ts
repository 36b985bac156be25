import type { Identifier } from "~/lib/identifier";
import type { Fraction, TransferType } from "~/lib/transfer";

/** What the wizard's step 2 reads (the transfer's facts it is checked against) and what it gives the server. */

export interface ApplicationFormContext {
  transferType: TransferType;
  rules: { requirePhoneNumber: boolean; requireEmail: boolean };
  /** The transfer's transferors (they are not added or removed in the wizard) with what they own. */
  transferors: ReadonlyArray<{ id: string; ownerShare: Fraction; identifier?: Identifier }>;
  /** Ids of the acquirers and guarantors already saved on this transfer; any other id is refused. */
  acquirerIds: readonly string[];
  guarantorIds: readonly string[];
  /** YYYY-MM-DD in Sweden. */
  today: string;
}

export interface Address {
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface TransferorInput {
  id: string;
  transferShare: Fraction;
  newAddress: Address | null;
  emailAddress: string | null;
  phoneNumber: string | null;
}

export interface AcquirerInput {
  /** A saved acquirer's id, or null for a new one. */
  id: string | null;
  /** Set when the acquirer is one of the transferors (names and identifier are the transferor's). */
  transferorId: string | null;
  firstName: string;
  lastName: string;
  identifier: Identifier | null;
  emailAddress: string | null;
  phoneNumber: string | null;
  address: Address;
  transferShare: Fraction;
}

export interface GuarantorInput {
  id: string | null;
  identifier: Identifier;
  firstName: string;
  lastName: string;
  emailAddress: string | null;
  phoneNumber: string | null;
}

export type PaymentNoticeRecipientInput =
  { type: "Transferor"; transferorId: string } | { type: "Acquirer"; acquirerIndex: number };

export interface ApplicationInput {
  version?: number;
  transferors: TransferorInput[];
  /** Only the acquirers that take part (a transferor switched off is left out). */
  acquirers: AcquirerInput[];
  guarantors: GuarantorInput[];
  paymentNoticeRecipient: PaymentNoticeRecipientInput;
  agreement: { purchasePrice: number | null; contractDate: string; entryDate: string };
}
