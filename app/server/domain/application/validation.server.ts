import type { TransferType } from "~/lib/transfer";
import { applicationFormSchema } from "~/schemas/application";
import { REQUIRED_DOCUMENT_BY_TYPE } from "../transfers/rules.server";
import type { ManagerFacts } from "./manager.server";
import {
  applicationParts,
  formContext,
  formValueOf,
  type StoredApplication,
  type ValidationError,
} from "./read.server";

import { messageText } from "../../platform/i18n.server";
/**
 * The server's validation result for the wizard's step 4 (spec 03 §5.7, "Kvar att göra för att kunna skicka
 * vidare:"): what is saved parsed again by the step-2 schema, the one the form and the JSON call use (with today's
 * date and the manager's rules of today),
 * the required documents of the type (§5.6), and a verified PersonalGuarantee when there are guarantors (§5.4).
 * Every error is a locale key with its Swedish text.
 */

const K = (key: string) => `transfer:application.${key}`;

const CATEGORY_BY_ROOT: Record<string, string> = {
  transferors: "Transferor",
  acquirers: "Acquirer",
  guarantors: "Guarantor",
  agreement: "Agreement",
  paymentNoticeRecipient: "PaymentNoticeRecipient",
};

/** ["acquirers", 0, "firstName"] -> "acquirers[0].firstName", the form's own field name. */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>((name, part) => {
    if (typeof part === "number") return `${name}[${part}]`;
    return name ? `${name}.${String(part)}` : String(part);
  }, "");
}

function error(category: string, property: string, message: string): ValidationError {
  return { category, property, message, text: messageText(message) };
}

function hasVerified(stored: StoredApplication, category: string): boolean {
  return stored.documents.some(
    (d) => d.category === category && d.status === "UploadVerified" && d.data_erased_at === null,
  );
}

export function validateStoredApplication(
  stored: StoredApplication,
  manager: ManagerFacts,
  now: Date,
): { isValid: boolean; errors: ValidationError[] } {
  const parts = applicationParts(stored, manager);
  const errors: ValidationError[] = [];
  const type = parts.transferType.selectedTransferType;

  if (!parts.transferType.possibleTransferTypes.includes(type)) {
    errors.push(error("TransferType", "transferType", K("transferTypeNotPossible")));
  }
  const required = ["MembershipApplication", ...REQUIRED_DOCUMENT_BY_TYPE[type as TransferType]];
  const missing =
    !hasVerified(stored, "MembershipApplication") ||
    !REQUIRED_DOCUMENT_BY_TYPE[type as TransferType].some((c) => hasVerified(stored, c));
  if (missing) errors.push(error("Document", required.join(","), K("missingRequiredDocuments")));

  const parsed = applicationFormSchema(formContext(parts, manager, now)).safeParse(formValueOf(parts));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const root = String(issue.path[0] ?? "");
    errors.push(error(CATEGORY_BY_ROOT[root] ?? "Application", fieldName(issue.path), issue.message));
  }

  if (parts.guarantors.length > 0 && !hasVerified(stored, "PersonalGuarantee")) {
    errors.push(error("Guarantor", "PersonalGuarantee", K("guarantorNeedsVerifiedGuarantee")));
  }
  return { isValid: errors.length === 0, errors };
}
