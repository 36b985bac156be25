import type { z } from "zod";
import { compareFractions } from "~/lib/share";
import { withValues } from "~/lib/messages";
import type { Fraction } from "~/lib/transfer";
import {
  K,
  MAX_ACQUIRERS,
  MAX_GUARANTORS,
  NAME_MAX,
  PHONE_MAX,
  TRANSFEROR_CAN_ACQUIRE,
  acquirerIdentifier,
  guarantorIdentifier,
  type Add,
  type FieldChecks,
} from "./fields";
import type { RawApplicationSchema } from "./raw";
import type { AcquirerInput, ApplicationFormContext, GuarantorInput, TransferorInput } from "./types";
import { isOn, percentText, readSharePercent, sharesAgree, textOf } from "./values";

/**
 * The people of step 2 (spec 03 §5.2-5.4), a section each: the transferors, the acquirers and the guarantors.
 * Each reads its rows, adds the issues at the rows' own paths, and answers what it could read.
 */

type Raw = z.infer<typeof RawApplicationSchema>;

/** What every section checks against: the transfer, the field checks, and the share precision. */
export interface SectionCheck {
  ctx: ApplicationFormContext;
  add: Add;
  fields: FieldChecks;
  precision: number;
  /** The transfer's own transferors by id. */
  known: Map<string, ApplicationFormContext["transferors"][number]>;
}

const NONE: Fraction = { numerator: 0, denominator: 1 };

/** Transferors: each of the transfer's own, once; a share up to what they own. */
export function checkTransferors(rows: Raw["transferors"], check: SectionCheck): TransferorInput[] {
  const { add, fields, precision, known } = check;
  const seen = new Set<string>();
  const transferors: TransferorInput[] = [];
  rows.forEach((row, i) => {
    const path = ["transferors", i];
    const id = textOf(row?.id);
    const transferor = known.get(id);
    if (!transferor || seen.has(id)) {
      add([...path, "id"], K("unknownPerson"));
      return;
    }
    seen.add(id);
    let share = NONE;
    const reading = readSharePercent(row?.transferShare, precision);
    if (!reading.ok) fields.shareError(reading, [...path, "transferShare"], K("transferShareRequired"));
    else if (reading.negative) add([...path, "transferShare"], K("transferShareNegative"));
    else if (sharesAgree(reading.fraction, transferor.ownerShare, precision)) share = transferor.ownerShare;
    else if (compareFractions(reading.fraction, transferor.ownerShare) > 0) {
      add(
        [...path, "transferShare"],
        withValues(K("transferShareAboveOwned"), { n: percentText(transferor.ownerShare) }),
      );
    } else share = reading.fraction;
    const a = row?.newAddress;
    const anyAddress = a && [a.street, a.postalCode, a.city].some((v) => textOf(v) !== "");
    transferors.push({
      id,
      transferShare: share,
      // A new address is optional; once begun, it is a whole address.
      newAddress: anyAddress ? fields.address(a, [...path, "newAddress"]) : null,
      emailAddress: fields.email(row?.emailAddress, [...path, "emailAddress"], false),
      phoneNumber: fields.phone(row?.phoneNumber, [...path, "phoneNumber"], false),
    });
  });
  return transferors;
}

/** Whether every transferor of the transfer was read (said only when nothing else is wrong). */
export function everyTransferorRead(transferors: readonly TransferorInput[], check: SectionCheck): boolean {
  return new Set(transferors.map((t) => t.id)).size === check.known.size;
}

/** The acquirers that take part, and which row each came from. */
export interface AcquirersRead {
  acquirers: AcquirerInput[];
  /** The form's row of each acquirer taking part → its index among them. */
  indexOfRow: Map<number, number>;
}

/** Acquirers: new people, saved ones, and (for some types) transferors switched on. */
export function checkAcquirers(rows: Raw["acquirers"], check: SectionCheck): AcquirersRead {
  const { ctx, add, fields, precision, known } = check;
  if (rows.length > MAX_ACQUIRERS) add(["acquirers"], K("tooManyPeople"));
  const acquirers: AcquirerInput[] = [];
  const indexOfRow = new Map<number, number>();
  const usedAcquirerIds = new Set<string>();
  const usedTransferorIds = new Set<string>();
  rows.slice(0, MAX_ACQUIRERS).forEach((row, i) => {
    const path = ["acquirers", i];
    const isTransferor = isOn(row?.isTransferor) || textOf(row?.transferorId) !== "";
    if (isTransferor && !isOn(row?.enabled)) return;
    const id = textOf(row?.id);
    if (id !== "" && (!ctx.acquirerIds.includes(id) || usedAcquirerIds.has(id))) {
      add([...path, "id"], K("unknownPerson"));
      return;
    }
    if (id) usedAcquirerIds.add(id);
    let transferorId: string | null = null;
    if (isTransferor) {
      transferorId = textOf(row?.transferorId);
      if (!known.has(transferorId) || usedTransferorIds.has(transferorId)) {
        add([...path, "transferorId"], K("unknownPerson"));
        return;
      }
      usedTransferorIds.add(transferorId);
      if (!TRANSFEROR_CAN_ACQUIRE.includes(ctx.transferType)) {
        add([...path, "enabled"], K("transferorAsAcquirerNotAllowed"));
      }
    }
    let share = NONE;
    const reading = readSharePercent(row?.transferShare, precision);
    if (!reading.ok) fields.shareError(reading, [...path, "transferShare"], K("acquirerShareRequired"));
    else if (
      reading.negative ||
      compareFractions(reading.fraction, { numerator: 1, denominator: 10_000 }) < 0
    ) {
      add([...path, "transferShare"], K("acquirerShareMinimum"));
    } else share = reading.fraction;
    indexOfRow.set(i, acquirers.length);
    acquirers.push({
      id: id || null,
      transferorId,
      // A transferor's names and identifier are the transferor's own; the server fills them in.
      firstName: isTransferor
        ? ""
        : fields.requiredText(row?.firstName, [...path, "firstName"], K("firstNameRequired"), NAME_MAX),
      lastName: isTransferor
        ? ""
        : fields.requiredText(row?.lastName, [...path, "lastName"], K("lastNameRequired"), NAME_MAX),
      identifier: isTransferor
        ? null
        : acquirerIdentifier(row?.identifier, [...path, "identifier"], add, ctx.today),
      emailAddress: fields.email(row?.emailAddress, [...path, "emailAddress"], ctx.rules.requireEmail),
      phoneNumber: fields.phone(row?.phoneNumber, [...path, "phoneNumber"], ctx.rules.requirePhoneNumber),
      address: fields.address(row?.address, [...path, "address"]),
      transferShare: share,
    });
  });
  if (acquirers.length === 0) add(["acquirers"], K("acquirerRequired"));
  return { acquirers, indexOfRow };
}

/** One person acquires once; a transferor typed in by hand is a transferor acquiring. */
export function checkAcquiredOnce({ acquirers, indexOfRow }: AcquirersRead, check: SectionCheck): void {
  const { ctx, add, known } = check;
  const acquirerKeys = new Set<string>();
  acquirers.forEach((a, index) => {
    const row = [...indexOfRow].find(([, at]) => at === index)![0];
    const identifier = a.transferorId ? known.get(a.transferorId)?.identifier : a.identifier;
    if (!identifier) return;
    const key = `${identifier.type}:${identifier.value}`;
    if (acquirerKeys.has(key)) add(["acquirers", row, "identifier"], K("duplicateAcquirer"));
    acquirerKeys.add(key);
    const isTransferor = ctx.transferors.some(
      (t) => t.identifier?.type === identifier.type && t.identifier.value === identifier.value,
    );
    if (!a.transferorId && isTransferor && !TRANSFEROR_CAN_ACQUIRE.includes(ctx.transferType)) {
      add(["acquirers", row, "identifier"], K("transferorAsAcquirerNotAllowed"));
    }
  });
}

/** Guarantors: people with a Swedish personal number, each once. */
export function checkGuarantors(rows: Raw["guarantors"], check: SectionCheck): GuarantorInput[] {
  const { ctx, add, fields } = check;
  if (rows.length > MAX_GUARANTORS) add(["guarantors"], K("tooManyPeople"));
  const guarantors: GuarantorInput[] = [];
  const usedGuarantorIds = new Set<string>();
  rows.slice(0, MAX_GUARANTORS).forEach((row, i) => {
    const path = ["guarantors", i];
    const id = textOf(row?.id);
    if (id !== "" && (!ctx.guarantorIds.includes(id) || usedGuarantorIds.has(id))) {
      add([...path, "id"], K("unknownPerson"));
      return;
    }
    if (id) usedGuarantorIds.add(id);
    const identifier = guarantorIdentifier(row?.identifier, [...path, "identifier"], add, ctx.today);
    if (identifier && guarantors.some((g) => g.identifier.value === identifier.value)) {
      add([...path, "identifier"], K("duplicateGuarantor"));
    }
    guarantors.push({
      id: id || null,
      identifier: identifier ?? { type: "SocialSecurityNumber", value: "" },
      firstName: fields.requiredText(
        row?.firstName,
        [...path, "firstName"],
        K("firstNameRequired"),
        NAME_MAX,
      ),
      lastName: fields.requiredText(row?.lastName, [...path, "lastName"], K("lastNameRequired"), NAME_MAX),
      emailAddress: fields.email(row?.emailAddress, [...path, "emailAddress"], false),
      phoneNumber: fields.optionalText(row?.phoneNumber, [...path, "phoneNumber"], PHONE_MAX),
    });
  });
  return guarantors;
}
