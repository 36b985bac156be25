import type { Db } from "../../db/kysely.server";
import type { PartyRow, TransferRow } from "../../db/schema.server";
import { sharePrecision } from "~/lib/share";
import { todayInStockholm } from "~/lib/dates";
import type { Identifier, IdentifierType } from "~/lib/identifier";
import { TRANSFER_TYPES, type Fraction, type TransferStatus, type TransferType } from "~/lib/transfer";
import {
  DEFAULT_COUNTRY,
  TRANSFEROR_CAN_ACQUIRE,
  shareToPercentInput,
  type Address,
  type ApplicationFormContext,
  type RawAcquirer,
  type RawApplication,
} from "~/schemas/application";
import type { ManagerFacts } from "./manager.server";

/**
 * The transfer application as the server reads it (spec 03 §3 "Transfer application as read from the server"): the
 * people, the agreement, the type, the analysis's proposal, the manager's rules and the server's validation result.
 */

export interface ApplicationPerson {
  id: string;
  firstName: string;
  lastName: string;
  identifier: Identifier;
  emailAddress: string | null;
  phoneNumber: string | null;
}

export interface ApplicationTransferor extends ApplicationPerson {
  newAddress: Address | null;
  ownerShare: Fraction;
  transferShare: Fraction | null;
}

export interface ApplicationAcquirer extends ApplicationPerson {
  address: Address | null;
  transferShare: Fraction | null;
  membershipStatus: string | null;
  /** The acquirer is one of the transferors (Inheritance, Gift, DivisionOfProperty). */
  isTransferor: boolean;
  transferorId: string | null;
}

export type ApplicationGuarantor = ApplicationPerson;

export interface ValidationError {
  /** Document, Transferor, Acquirer, Guarantor, Agreement, PaymentNoticeRecipient or TransferType. */
  category: string;
  /** The form field (`acquirers[0].firstName`) or the document category the error is about. */
  property: string;
  /** A locale key (`transfer:application.…`, values after a bar); `text` is its Swedish text. */
  message: string;
  text: string;
}

export interface ProposedApplication {
  status: "InProgress" | "Ready" | "Failed";
  acquirers: Array<{
    firstName: string;
    lastName: string;
    identifier: string | null;
    transferShare: Fraction | null;
  }>;
  agreement: { purchasePrice: number | null; contractDate: string | null; entryDate: string | null };
}

export interface Application {
  transferId: string;
  status: TransferStatus;
  version: number;
  transferors: ApplicationTransferor[];
  acquirers: ApplicationAcquirer[];
  guarantors: ApplicationGuarantor[];
  paymentNoticeRecipient: {
    type: "Transferor" | "Acquirer";
    selectedPaymentNoticeRecipientId: string;
  } | null;
  agreement: { purchasePrice: number | null; contractDate: string | null; entryDate: string | null };
  transferType: { selectedTransferType: TransferType; possibleTransferTypes: TransferType[] };
  proposedApplication: ProposedApplication | null;
  rules: { acquirer: { requirePhoneNumber: boolean; requireEmail: boolean } };
  /** Decimals a share may be typed with (spec 03 §5.2: the owner shares' decimals plus 2). */
  sharePrecision: number;
  validationResult: { isValid: boolean; errors: ValidationError[] };
}

/** Everything stored about one transfer's application, read in one round. */
export interface StoredApplication {
  row: TransferRow;
  parties: PartyRow[];
  documents: Array<{ category: string; status: string; data_erased_at: string | null }>;
}

export async function loadStoredApplication(db: Db, row: TransferRow): Promise<StoredApplication> {
  const [parties, documents] = await Promise.all([
    db
      .selectFrom("transfer_parties")
      .selectAll()
      .where("transfer_id", "=", row.id)
      .orderBy("sort_order")
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("documents")
      .select(["category", "status", "data_erased_at"])
      .where("transfer_id", "=", row.id)
      .execute(),
  ]);
  return { row, parties, documents };
}

function identifierOf(p: PartyRow): Identifier {
  return { type: p.identifier_type as IdentifierType, value: p.identifier_value };
}

function fractionOf(n: number | null, d: number | null): Fraction | null {
  return n === null || d === null ? null : { numerator: n, denominator: d };
}

function addressOf(p: PartyRow): Address | null {
  if (p.street === null && p.postal_code === null && p.city === null) return null;
  return {
    street: p.street ?? "",
    postalCode: p.postal_code ?? "",
    city: p.city ?? "",
    country: p.country ?? "",
  };
}

function sameIdentifier(a: Identifier, b: Identifier): boolean {
  return a.type === b.type && a.value === b.value;
}

function person(p: PartyRow): ApplicationPerson {
  return {
    id: p.id,
    firstName: p.first_name,
    lastName: p.last_name,
    identifier: identifierOf(p),
    emailAddress: p.email,
    phoneNumber: p.phone,
  };
}

/**
 * Inheritance and division of property happen to people: with an organisation among the transferors only a
 * purchase or a gift is possible.
 */
export function possibleTransferTypes(
  transferors: ReadonlyArray<{ identifier: Identifier }>,
): TransferType[] {
  const onlyPeople = transferors.every((t) => t.identifier.type === "SocialSecurityNumber");
  return TRANSFER_TYPES.filter(
    (type) => onlyPeople || (type !== "Inheritance" && type !== "DivisionOfProperty"),
  );
}

/** The people and the agreement of a stored application, with owner shares from the manager where it knows them. */
export function applicationParts(stored: StoredApplication, manager: ManagerFacts) {
  const { row, parties } = stored;
  const transferors: ApplicationTransferor[] = parties
    .filter((p) => p.kind === "Transferor")
    .map((p) => {
      const owner = manager.owners.find((o) => sameIdentifier(o.identifier, identifierOf(p)));
      const ownerShare = owner?.share ??
        fractionOf(p.owner_share_numerator, p.owner_share_denominator) ?? { numerator: 1, denominator: 1 };
      return {
        ...person(p),
        newAddress: addressOf(p),
        ownerShare,
        transferShare: fractionOf(p.transfer_share_numerator, p.transfer_share_denominator),
      };
    });
  const acquirers: ApplicationAcquirer[] = parties
    .filter((p) => p.kind === "Acquirer")
    .map((p) => {
      const transferor = transferors.find((t) => sameIdentifier(t.identifier, identifierOf(p)));
      return {
        ...person(p),
        address: addressOf(p),
        transferShare: fractionOf(p.transfer_share_numerator, p.transfer_share_denominator),
        membershipStatus: p.membership_status,
        isTransferor: transferor !== undefined,
        transferorId: transferor?.id ?? null,
      };
    });
  const guarantors: ApplicationGuarantor[] = parties.filter((p) => p.kind === "Guarantor").map(person);
  const recipientRow = parties.find(
    (p) => p.is_payment_notice_recipient === 1 && (p.kind === "Transferor" || p.kind === "Acquirer"),
  );
  const paymentNoticeRecipient = recipientRow
    ? {
        type: recipientRow.kind as "Transferor" | "Acquirer",
        selectedPaymentNoticeRecipientId: recipientRow.id,
      }
    : null;
  return {
    transferors,
    acquirers,
    guarantors,
    paymentNoticeRecipient,
    agreement: {
      purchasePrice: row.purchase_price,
      contractDate: row.contract_date,
      entryDate: row.entry_date,
    },
    transferType: {
      selectedTransferType: row.transfer_type as TransferType,
      possibleTransferTypes: possibleTransferTypes(transferors),
    },
    sharePrecision: sharePrecision(transferors.map((t) => t.ownerShare)),
  };
}

export type ApplicationParts = ReturnType<typeof applicationParts>;

/** The schema's context for this transfer (the page gives the browser the same). */
export function formContext(
  parts: ApplicationParts,
  manager: ManagerFacts,
  now: Date,
): ApplicationFormContext {
  return {
    transferType: parts.transferType.selectedTransferType,
    rules: manager.rules,
    transferors: parts.transferors.map((t) => ({
      id: t.id,
      ownerShare: t.ownerShare,
      identifier: t.identifier,
    })),
    acquirerIds: parts.acquirers.map((a) => a.id),
    guarantorIds: parts.guarantors.map((g) => g.id),
    today: todayInStockholm(now),
  };
}

const addressValue = (a: Address | null, withDefaultCountry: boolean) => ({
  street: a?.street ?? "",
  postalCode: a?.postalCode ?? "",
  city: a?.city ?? "",
  country: a?.country || (withDefaultCountry ? DEFAULT_COUNTRY : ""),
});

/**
 * The saved application as the step-2 form's values (conform's `defaultValue`): shares as percent text, every
 * transferor offered as an acquirer where the type allows it (switched on when saved so), and the payment-notice
 * recipient as `Type:index` into the form's lists, defaulting to the first option when the saved one is gone.
 */
export function formValueOf(parts: ApplicationParts): RawApplication {
  const precision = parts.sharePrecision;
  const percent = (f: Fraction | null) => (f ? shareToPercentInput(f, precision) : "");
  const transferorsAcquire = TRANSFEROR_CAN_ACQUIRE.includes(parts.transferType.selectedTransferType);
  const acquirerRows: Array<{ id: string | null; value: RawAcquirer }> = [];
  if (transferorsAcquire) {
    for (const t of parts.transferors) {
      const saved = parts.acquirers.find((a) => a.transferorId === t.id);
      acquirerRows.push({
        id: saved?.id ?? null,
        value: {
          id: saved?.id ?? "",
          isTransferor: "on",
          transferorId: t.id,
          enabled: saved ? "on" : "",
          firstName: t.firstName,
          lastName: t.lastName,
          emailAddress: saved?.emailAddress ?? t.emailAddress ?? "",
          phoneNumber: saved?.phoneNumber ?? t.phoneNumber ?? "",
          address: addressValue(saved?.address ?? null, true),
          // Off by default with an empty share (spec 03 §4.3).
          transferShare: saved ? percent(saved.transferShare) : "",
        },
      });
    }
  }
  for (const a of parts.acquirers) {
    if (transferorsAcquire && a.isTransferor) continue;
    acquirerRows.push({
      id: a.id,
      value: {
        id: a.id,
        ...(a.isTransferor ? { isTransferor: "on", transferorId: a.transferorId ?? "", enabled: "on" } : {}),
        firstName: a.firstName,
        lastName: a.lastName,
        identifier: a.identifier.value,
        emailAddress: a.emailAddress ?? "",
        phoneNumber: a.phoneNumber ?? "",
        address: addressValue(a.address, true),
        transferShare: percent(a.transferShare),
      },
    });
  }

  const options = [
    ...acquirerRows.flatMap((r, index) =>
      r.value.isTransferor && r.value.enabled !== "on" ? [] : [{ id: r.id, key: `Acquirer:${index}` }],
    ),
    ...parts.transferors.map((t, index) => ({ id: t.id, key: `Transferor:${index}` })),
  ];
  const chosen = parts.paymentNoticeRecipient?.selectedPaymentNoticeRecipientId;
  const recipient = options.find((o) => o.id !== null && o.id === chosen) ?? options[0];

  return {
    transferors: parts.transferors.map((t) => ({
      id: t.id,
      transferShare: percent(t.transferShare),
      newAddress: addressValue(t.newAddress, false),
      emailAddress: t.emailAddress ?? "",
      phoneNumber: t.phoneNumber ?? "",
    })),
    acquirers: acquirerRows.map((r) => r.value),
    guarantors: parts.guarantors.map((g) => ({
      id: g.id,
      identifier: g.identifier.value,
      firstName: g.firstName,
      lastName: g.lastName,
      emailAddress: g.emailAddress ?? "",
      phoneNumber: g.phoneNumber ?? "",
    })),
    paymentNoticeRecipient: recipient?.key ?? "",
    agreement: {
      purchasePrice: parts.agreement.purchasePrice === null ? "" : String(parts.agreement.purchasePrice),
      contractDate: parts.agreement.contractDate ?? "",
      entryDate: parts.agreement.entryDate ?? "",
    },
  };
}
