import type { z } from "zod";
import { addFractions, compareFractions, sharePrecision } from "~/lib/share";
import { withValues } from "~/lib/messages";
import { K, fieldChecks, type Add, type Issue, type Path } from "./fields";
import {
  checkAcquiredOnce,
  checkAcquirers,
  checkGuarantors,
  checkTransferors,
  everyTransferorRead,
  type AcquirersRead,
  type SectionCheck,
} from "./people";
import { readRecipient, type RawApplicationSchema } from "./raw";
import type {
  ApplicationFormContext,
  ApplicationInput,
  PaymentNoticeRecipientInput,
  TransferorInput,
} from "./types";
import { percentText, readDate, readPrice, sharesAgree, textOf, type Scalar } from "./values";

type Raw = z.infer<typeof RawApplicationSchema>;

/**
 * Every rule of spec 03 §5.2-5.5 over the raw form, with the issues at the form's own field paths: the sections
 * (people.ts), then the rules across them (the shares' sum, the recipient, the agreement's dates). Every section
 * is checked whatever the others found, so one post shows every issue at once; the sum is checked once every share
 * could be read. The step-2 schema (`applicationFormSchema`) runs it for the browser, the page action, the JSON call
 * and the submission check, which parses what was saved.
 */
export function checkApplication(
  raw: Raw,
  ctx: ApplicationFormContext,
): { issues: Issue[]; value: ApplicationInput | null } {
  const issues: Issue[] = [];
  const add: Add = (path, message) => issues.push({ path, message });
  const precision = sharePrecision(ctx.transferors.map((t) => t.ownerShare));
  const check: SectionCheck = {
    ctx,
    add,
    fields: fieldChecks(add, precision),
    precision,
    known: new Map(ctx.transferors.map((t) => [t.id, t])),
  };

  const transferors = checkTransferors(raw.transferors, check);
  if (!everyTransferorRead(transferors, check) && issues.length === 0)
    add(["transferors"], K("unknownPerson"));
  const acquirersRead = checkAcquirers(raw.acquirers, check);
  checkAcquiredOnce(acquirersRead, check);
  checkSharesSum(transferors, acquirersRead, issues, check);
  const guarantors = checkGuarantors(raw.guarantors, check);
  const paymentNoticeRecipient = checkRecipient(raw.paymentNoticeRecipient, transferors, acquirersRead, add);
  const agreement = checkAgreement(raw.agreement, ctx, add);
  const version = checkVersion(raw.version, add);

  if (issues.length > 0 || !paymentNoticeRecipient || !agreement) return { issues, value: null };
  return {
    issues,
    value: {
      version,
      transferors,
      acquirers: acquirersRead.acquirers,
      guarantors,
      paymentNoticeRecipient,
      agreement,
    },
  };
}

/** The acquired shares add up to the transferred ones, once every share could be read. */
function checkSharesSum(
  transferors: readonly TransferorInput[],
  { acquirers }: AcquirersRead,
  issues: readonly Issue[],
  { add, precision }: SectionCheck,
): void {
  const shareIssue = issues.some((i) => i.path.at(-1) === "transferShare");
  if (shareIssue || acquirers.length === 0) return;
  const transferred = addFractions(...transferors.map((t) => t.transferShare));
  const acquired = addFractions(...acquirers.map((a) => a.transferShare));
  if (sharesAgree(acquired, transferred, precision)) return;
  const values = { x: percentText(acquired), y: percentText(transferred) };
  add(
    ["acquirers"],
    withValues(K(compareFractions(acquired, transferred) > 0 ? "acquiredAbove" : "acquiredBelow"), values),
  );
}

/** The payment-notice recipient: a transferor or an acquirer who takes part. */
function checkRecipient(
  raw: Raw["paymentNoticeRecipient"],
  transferors: readonly TransferorInput[],
  { indexOfRow }: AcquirersRead,
  add: Add,
): PaymentNoticeRecipientInput | null {
  const recipient = readRecipient(raw);
  if (recipient?.type === "Transferor" && transferors[recipient.index]) {
    return { type: "Transferor", transferorId: transferors[recipient.index]!.id };
  }
  if (recipient?.type === "Acquirer" && indexOfRow.has(recipient.index)) {
    return { type: "Acquirer", acquirerIndex: indexOfRow.get(recipient.index)! };
  }
  add(["paymentNoticeRecipient"], K("paymentNoticeRecipientRequired"));
  return null;
}

/** The agreement: the price (required for a purchase), the contract date (not ahead) and the entry date after it. */
function checkAgreement(
  raw: Raw["agreement"],
  ctx: ApplicationFormContext,
  add: Add,
): ApplicationInput["agreement"] | null {
  const agreement = raw ?? { purchasePrice: undefined, contractDate: undefined, entryDate: undefined };
  let purchasePrice: number | null = null;
  const price = readPrice(agreement.purchasePrice);
  if (price.ok) purchasePrice = price.value;
  else if (price.error === "empty") {
    if (ctx.transferType === "Purchase") add(["agreement", "purchasePrice"], K("purchasePriceRequired"));
  } else if (price.error === "minimum") add(["agreement", "purchasePrice"], K("purchasePriceMinimum"));
  else if (price.error === "decimals") add(["agreement", "purchasePrice"], K("purchasePriceWholeKronor"));
  else add(["agreement", "purchasePrice"], K("format"));

  const date = (value: Scalar, path: Path, required: string): string | null => {
    if (textOf(value) === "") {
      add(path, required);
      return null;
    }
    const iso = readDate(value);
    if (!iso) add(path, K("dateInvalid"));
    return iso;
  };
  const contractDate = date(agreement.contractDate, ["agreement", "contractDate"], K("contractDateRequired"));
  const entryDate = date(agreement.entryDate, ["agreement", "entryDate"], K("entryDateRequired"));
  if (contractDate && contractDate > ctx.today) add(["agreement", "contractDate"], K("contractDateInFuture"));
  if (contractDate && entryDate && entryDate < contractDate) {
    add(["agreement", "entryDate"], K("entryBeforeContract"));
  }
  return contractDate && entryDate ? { purchasePrice, contractDate, entryDate } : null;
}

/** The version the page saw, when it sent one. */
function checkVersion(raw: Scalar, add: Add): number | undefined {
  const versionText = textOf(raw);
  const version = /^\d{1,9}$/.test(versionText) && Number(versionText) > 0 ? Number(versionText) : undefined;
  if (versionText !== "" && version === undefined) add(["version"], "common:zod.integer");
  return version;
}
