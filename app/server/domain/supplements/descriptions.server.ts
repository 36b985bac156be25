import type { TFunction } from "i18next";
import type { Db } from "../../db/kysely.server";
import type { TransferRow } from "../../db/schema.server";
import { svT } from "../../platform/i18n.server";
import { personDisplayName } from "~/lib/person";
import type { DocumentCategory, SupplementPersonType, TransferType } from "~/lib/transfer";
import { notFound } from "../core/errors.server";
import type { Viewer } from "../transfers/facts.server";
import { loadTransferFacts } from "../transfers/load.server";
import { canRequestAdditionalInformation, transferActions } from "../transfers/policies.server";
import { REQUIRED_DOCUMENT_BY_TYPE } from "../transfers/rules.server";
import { findScopedTransfer } from "../transfers/scope.server";

/**
 * What a supplement request can be, and the e-mail that carries it: the request types a transfer offers with their
 * message templates, the persons a request may concern, and the e-mail's header, footer and subject. Read-only; the
 * request itself is made in `create-request.server.ts`.
 */

export interface RequestDescription {
  category: DocumentCategory;
  /** The message template; `{fullName}` where the person's full name goes (the API's placeholder). */
  template: string;
  personTypes: Array<Exclude<SupplementPersonType, "None">>;
}

/** The placeholder of a template for the person's full name, as the API shows it. */
export const FULL_NAME_PLACEHOLDER = "{fullName}";

/** The request types a transfer of this type offers, in the order the form lists them. */
export function supplementCategories(type: TransferType): Array<{
  category: DocumentCategory;
  personTypes: RequestDescription["personTypes"];
}> {
  return [
    { category: "PersonalGuarantee", personTypes: ["Acquirer"] },
    { category: "MembershipApplication", personTypes: ["Acquirer"] },
    ...REQUIRED_DOCUMENT_BY_TYPE[type].map((category) => ({ category, personTypes: [] })),
    { category: "Other", personTypes: ["Acquirer", "Guarantor"] },
  ];
}

export function templateFor(t: TFunction, category: DocumentCategory, fullName: string): string {
  return t(`review:additionals.template.${category}`, { fullName, interpolation: { escapeValue: false } });
}

/** The e-mail's header, footer and subject for a transfer, in the locale of `t`. */
export function mailParts(t: TFunction, row: Pick<TransferRow, "object_number" | "association_name">) {
  const values = {
    object: row.object_number,
    association: row.association_name,
    interpolation: { escapeValue: false },
  };
  return {
    emailHeader: t("review:additionals.mail.header", values),
    emailFooter: t("review:additionals.mail.footer", values),
    subject: t("review:additionals.mail.subject", values),
  };
}

/**
 * GET …/additionalinformationrequests/descriptions: the request types with their templates and person types, and
 * the e-mail's header and footer; only for a viewer who may request supplements on this transfer.
 */
export async function supplementDescriptions(
  db: Db,
  viewer: Viewer,
  transferId: string,
  now: Date,
  t: TFunction = svT(),
) {
  const { row, facts } = await readScoped(db, viewer, transferId);
  if (!canRequestAdditionalInformation(viewer, facts)) throw notFound();
  const action = transferActions(viewer, facts, now).find((a) => a.type === "RequestAdditionalInfo");
  const { emailHeader, emailFooter } = mailParts(t, row);
  return {
    descriptions: supplementCategories(facts.transferType).map((d): RequestDescription => ({
      ...d,
      template: templateFor(t, d.category, FULL_NAME_PLACEHOLDER),
    })),
    emailHeader,
    emailFooter,
    disabled: action?.disabled ?? true,
    disabledReason: action?.reason ? t(`policy:blockers.${action.reason}`) : null,
  };
}

async function readScoped(db: Db, viewer: Viewer, transferId: string) {
  const row = await findScopedTransfer(db, viewer, transferId);
  if (!row) throw notFound();
  return { row, facts: await loadTransferFacts(db, row) };
}

/** The acquirers and guarantors a request may concern, with their full names. */
export async function supplementPersons(db: Db, transferId: string) {
  const rows = await db
    .selectFrom("transfer_parties")
    .select(["id", "kind", "first_name", "last_name"])
    .where("transfer_id", "=", transferId)
    .where("kind", "in", ["Acquirer", "Guarantor"])
    .orderBy("sort_order")
    .execute();
  return rows.map((p) => ({
    id: p.id,
    personType: p.kind as "Acquirer" | "Guarantor",
    name: personDisplayName({ firstName: p.first_name, lastName: p.last_name }),
  }));
}

/** The e-mail of a request: the header, the message and the footer (what `Förhandsgranska e-post` shows). */
export function composeMail(parts: { emailHeader: string; emailFooter: string }, message: string): string {
  return `${parts.emailHeader}\n\n${message}\n\n${parts.emailFooter}`;
}

/** The preview of a request's e-mail for the page (header, message, footer, and its subject). */
export async function previewSupplementMail(db: Db, viewer: Viewer, transferId: string, message: string) {
  const { row } = await readScoped(db, viewer, transferId);
  const parts = mailParts(svT(), row);
  return { subject: parts.subject, header: parts.emailHeader, message, footer: parts.emailFooter };
}
