import type { Db } from "../../db/kysely.server";
import {
  DEFAULT_COUNTRY,
  TRANSFEROR_CAN_ACQUIRE,
  shareToPercentInput,
  type RawApplication,
} from "~/schemas/application";
import type { Fraction, TransferType } from "~/lib/transfer";
import { recipientOptions } from "~/schemas/wizard-form";
import type { ApplicationAcquirer, ApplicationTransferor, ProposedApplication } from "./read.server";

/**
 * What the wizard's step 2 (`Uppgifter`) needs beyond the application itself: the form's values pre-filled from
 * the document analysis's proposal (spec 03 §4.2), whether a verified PersonalGuarantee is there (§5.4), and the
 * transfer's current version after a lost save.
 */

export interface PrefillSource {
  transferType: { selectedTransferType: TransferType };
  transferors: ApplicationTransferor[];
  acquirers: ApplicationAcquirer[];
  paymentNoticeRecipient: unknown;
  agreement: { purchasePrice: number | null; contractDate: string | null; entryDate: string | null };
  proposedApplication: ProposedApplication | null;
  sharePrecision: number;
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/**
 * The saved form's values with what the analysis read filled in where nothing is saved yet (spec 03 §4.2 "On Ready,
 * the proposed values are used to pre-fill the form"): the acquirers when none is saved (a transferor the proposal
 * names is switched on where the type allows it), and each empty agreement field. What the user saved always wins.
 */
export function prefillFromProposal(
  value: RawApplication,
  app: PrefillSource,
): { value: RawApplication; prefilled: boolean } {
  const proposed = app.proposedApplication;
  if (proposed?.status !== "Ready") return { value, prefilled: false };
  const percent = (f: Fraction | null) => (f ? shareToPercentInput(f, app.sharePrecision) : "");
  let prefilled = false;
  const acquirers = [...value.acquirers];
  if (app.acquirers.length === 0) {
    const transferorsAcquire = TRANSFEROR_CAN_ACQUIRE.includes(app.transferType.selectedTransferType);
    for (const p of proposed.acquirers) {
      const transferor = app.transferors.find(
        (t) => p.identifier !== null && t.identifier.value === p.identifier,
      );
      const row = transferor ? acquirers.findIndex((a) => text(a?.transferorId) === transferor.id) : -1;
      if (transferor && (!transferorsAcquire || row === -1)) continue;
      prefilled = true;
      if (row !== -1) {
        acquirers[row] = { ...acquirers[row]!, enabled: "on", transferShare: percent(p.transferShare) };
        continue;
      }
      acquirers.push({
        firstName: p.firstName,
        lastName: p.lastName,
        identifier: p.identifier ?? "",
        emailAddress: "",
        phoneNumber: "",
        address: { street: "", postalCode: "", city: "", country: DEFAULT_COUNTRY },
        transferShare: percent(p.transferShare),
      });
    }
  }
  const saved = value.agreement;
  const agreement = {
    purchasePrice: text(saved?.purchasePrice),
    contractDate: text(saved?.contractDate),
    entryDate: text(saved?.entryDate),
  };
  if (app.agreement.purchasePrice === null && proposed.agreement.purchasePrice !== null) {
    agreement.purchasePrice = String(proposed.agreement.purchasePrice);
    prefilled = true;
  }
  if (app.agreement.contractDate === null && proposed.agreement.contractDate) {
    agreement.contractDate = proposed.agreement.contractDate;
    prefilled = true;
  }
  if (app.agreement.entryDate === null && proposed.agreement.entryDate) {
    agreement.entryDate = proposed.agreement.entryDate;
    prefilled = true;
  }
  const next: RawApplication = { ...value, acquirers, agreement };
  if (app.paymentNoticeRecipient === null) next.paymentNoticeRecipient = recipientOptions(next)[0] ?? "";
  return { value: next, prefilled };
}

/** A verified PersonalGuarantee that is not erased (spec 03 §5.4: guarantors need one before submission). */
export async function hasVerifiedGuarantee(db: Db, transferId: string): Promise<boolean> {
  const row = await db
    .selectFrom("documents")
    .select("id")
    .where("transfer_id", "=", transferId)
    .where("category", "=", "PersonalGuarantee")
    .where("status", "=", "UploadVerified")
    .where("data_erased_at", "is", null)
    .executeTakeFirst();
  return row !== undefined;
}

/** The transfer's version now (after a save lost to someone else's). */
export async function currentVersion(db: Db, transferId: string): Promise<number | null> {
  const row = await db
    .selectFrom("transfers")
    .select("version")
    .where("id", "=", transferId)
    .executeTakeFirst();
  return row?.version ?? null;
}
