import type { TFunction } from "i18next";
import { forbidden } from "./errors.server";

/**
 * What every policy answers (ARCHITECTURE.md §3 rule 2): an offered action, enabled or disabled with the first
 * reason that holds. Features compute their actions from the viewer and the transfer's facts; the page shows
 * them and every use case checks the same answer again with `permit`.
 */

/** Every reason an action can be disabled for; the text is `policy:blockers.<code>` in locales/sv. */
export const BLOCKER_CODES = [
  "backgroundTask",
  "additionalInfoPending",
  "changeRequestPending",
  "creditCheckPending",
  "unresolvedMessages",
  "requiredDocumentMissing",
  "documentUploading",
  "documentUploadingByOtherUser",
  "unapprovedDeviations",
  "propertyManagerUnderMaintenance",
  "saleStopped",
  "underInvestigation",
  "membershipDecisionPending",
  "signSessionByOtherUser",
  "decisionMade",
  "noSupplementRecipient",
  "unsupportedIdentifierType",
  "orderAlreadyPresent",
  "creditCheckErased",
  "creditCheckUnavailable",
  "notInTransferReview",
  "noOpenDeviations",
  "messagePostingClosed",
] as const;
export type BlockerCode = (typeof BLOCKER_CODES)[number];

export interface PolicyAction<T> {
  type: T;
  disabled: boolean;
  reason: BlockerCode | null;
}

/** The i18next key of a blocker's Swedish text. */
export function blockerTextKey(code: BlockerCode): `policy:blockers.${BlockerCode}` {
  return `policy:blockers.${code}`;
}

/** The first code whose condition holds; conditions are given in precedence order. */
export function firstBlocker(conditions: ReadonlyArray<readonly [BlockerCode, boolean]>): BlockerCode | null {
  return conditions.find(([, applies]) => applies)?.[0] ?? null;
}

export function policyAction<T>(type: T, reason: BlockerCode | null): PolicyAction<T> {
  return { type, disabled: reason !== null, reason };
}

/** Refuses unless the policy offers the action enabled, with the blocker's text when it is disabled. */
export function permit(offered: PolicyAction<unknown> | null | undefined): void {
  if (!offered) throw forbidden();
  if (offered.disabled) throw forbidden(`blockers.${offered.reason ?? "notAllowed"}`);
}

/** An offered action as views show it: its type, whether it is disabled and the reason in Swedish. */
export function actionView<T extends string>(t: TFunction, action: PolicyAction<T>) {
  return {
    type: action.type,
    disabled: action.disabled,
    disabledReason: action.reason ? t(blockerTextKey(action.reason)) : null,
  };
}

/**
 * The private parts of the views: what is shown only to a viewer whom the owning feature's policy grants it (a
 * credit report is the board's). A view takes such a part through `disclose`, never directly, so a new private
 * part is hidden from everyone until a policy names who sees it.
 */
export type PrivatePart = "creditReport";
export type Grants = ReadonlySet<PrivatePart>;

/** The part's value when the viewer is granted it, else null (built only when granted). */
export function disclose<T>(grants: Grants, part: PrivatePart, value: () => T | null): T | null {
  return grants.has(part) ? value() : null;
}
