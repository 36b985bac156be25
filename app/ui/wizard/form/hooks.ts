import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { recipientOptions } from "~/schemas/wizard-form";
import { FORM_ID, str, type RawFields, type RawFormMetadata, type RawValue } from "./raw-form";

type Counts = { acquirers: number; guarantors: number };

/**
 * A person added: the focus goes to their first field (GOV.UK's "add another"). Without JavaScript the server's
 * page after the insert marks that field autofocus; with it, conform adds the row here and an effect moves focus.
 * Returns whether a row is the one just inserted (for its field's autofocus).
 */
export function useFocusOnListChange(reply: SubmissionResult<string[]> | undefined, counts: Counts) {
  const inserted = reply?.intent?.type === "insert" ? String(reply.intent.payload.name ?? "") : null;
  const previousCounts = useRef(counts);
  useEffect(() => {
    const before = previousCounts.current;
    previousCounts.current = counts;
    const shrunk = (["acquirers", "guarantors"] as const).find((name) => counts[name] < before[name]);
    // A person removed: their button is gone, so the focus goes to the top of the list rather than the page's.
    if (shrunk) document.getElementById(`${FORM_ID}-${shrunk}`)?.focus();
    const grown = (["acquirers", "guarantors"] as const).find((name) => counts[name] > before[name]);
    if (!grown) return;
    const field = grown === "acquirers" ? "firstName" : "identifier";
    document.getElementById(`${FORM_ID}-${grown}[${counts[grown] - 1}].${field}`)?.focus();
    // The counts are the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [counts.acquirers, counts.guarantors]);
  return (name: "acquirers" | "guarantors", index: number) => inserted === name && index === counts[name] - 1;
}

/**
 * The payment-notice recipient follows the acquirer it named as rows come and go, and falls back to the first
 * option when that person is gone (spec 03 §4.3). Without JavaScript the server does the same on a removal.
 * Returns the options.
 */
export function useRecipientFollowsAcquirers(
  form: RawFormMetadata,
  fields: RawFields,
  acquirerList: ReturnType<RawFields["acquirers"]["getFieldList"]>,
  value: RawValue,
) {
  const options = recipientOptions({
    acquirers: value.acquirers ?? [],
    transferors: value.transferors ?? [],
  } as never);
  const acquirerKeys = acquirerList.map((a) => a.key ?? "");
  const previousKeys = useRef(acquirerKeys);
  const chosen = str(value.paymentNoticeRecipient);
  const signature = `${acquirerKeys.join(",")}|${options.join(",")}|${chosen}`;
  useEffect(() => {
    const before = previousKeys.current;
    previousKeys.current = acquirerKeys;
    let next = chosen;
    const match = /^Acquirer:(\d+)$/.exec(chosen);
    if (match) {
      const at = acquirerKeys.indexOf(before[Number(match[1])] ?? "");
      next = at === -1 ? "" : `Acquirer:${at}`;
    }
    if (!options.includes(next)) next = options[0] ?? "";
    if (next !== chosen) form.update({ name: fields.paymentNoticeRecipient.name, value: next });
    // `signature` stands for the keys, the options and the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature]);
  return options;
}
