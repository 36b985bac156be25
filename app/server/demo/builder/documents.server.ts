import type { DocumentCategory, TransferType } from "~/lib/transfer";
import type { Person } from "../people.server";
import { makePdf } from "../pdf.server";
import { pdfFor, type PdfContext } from "../pdf-content.server";
import { addMinutes } from "./clock.server";
import type { TransferBuilder } from "./transfer.server";

/** The documents: a real PDF on disk for each, unless erased. */

const AGREEMENT_CATEGORIES: Record<TransferType, DocumentCategory[]> = {
  Purchase: ["TransferAgreement"],
  Gift: ["DeedOfGift"],
  Inheritance: ["EstateInventory", "EstateDistribution"],
  DivisionOfProperty: ["DivisionOfPropertyAgreement"],
};

const FILE_NAMES: Record<DocumentCategory, string> = {
  MembershipApplication: "Medlemsansökan",
  TransferAgreement: "Överlåtelseavtal",
  EstateDistribution: "Arvskifteshandling",
  EstateInventory: "Bouppteckning",
  DeedOfGift: "Gåvobrev",
  DivisionOfPropertyAgreement: "Bodelningsavtal",
  PersonalGuarantee: "Borgensförbindelse",
  AdditionalAgreement: "Tilläggsavtal",
  MembershipDecision: "Protokollsutdrag styrelsemöte",
  TransferSummary: "Sammanställning överlåtelse",
  Other: "Anställningsavtal och lönespecifikationer",
};

/** Documents the parties sign together with the agreement, dated with the contract date. */
const SIGNED_WITH_THE_AGREEMENT: ReadonlySet<DocumentCategory> = new Set([
  "MembershipApplication",
  "TransferAgreement",
  "DeedOfGift",
  "DivisionOfPropertyAgreement",
  "EstateDistribution",
]);

const SENSITIVE: ReadonlySet<DocumentCategory> = new Set(["EstateInventory", "PersonalGuarantee", "Other"]);

interface DocumentOptions {
  belongsTo?: string;
  uploadedBy?: string | null;
  answerId?: string;
  person?: Person;
  guarantors?: Person[];
  line?: string;
  suffix?: string;
}

export function addDocument(
  b: TransferBuilder,
  category: DocumentCategory,
  createdIso: string,
  options: DocumentOptions = {},
): string {
  const { t, clock } = b;
  const id = `${t.id}-doc-${++b.documentCount}`;
  const erased = t.erased?.category === category ? clock.at(t.erased.at) : null;
  const archived = t.archived?.category === category ? clock.at(t.archived.at) : null;
  const pending = t.uploadPending === category;
  const storageKey = erased ? null : `transfers/${t.id}/${id}.pdf`;
  const context: PdfContext = {
    transfer: t,
    object: b.object,
    clock,
    transferors: t.transferors.map((p) => p.who),
    acquirers: b.acquirers,
    signedOn:
      SIGNED_WITH_THE_AGREEMENT.has(category) && t.contract !== undefined
        ? clock.date(t.contract)
        : clock.dateOf(createdIso),
  };
  const bytes = makePdf(pdfFor(category, context, options));
  if (storageKey) b.rows.files.push({ storageKey, bytes });
  b.rows.documents.push({
    id,
    transfer_id: t.id,
    file_name: `${FILE_NAMES[category]}${options.suffix ?? ""}.pdf`,
    category,
    status: pending ? "UploadPending" : "UploadVerified",
    document_type: "pdf",
    size_in_bytes: bytes.length,
    belongs_to: options.belongsTo ?? null,
    sensitive: SENSITIVE.has(category) ? 1 : 0,
    storage_key: storageKey,
    uploaded_by_user_id: options.uploadedBy ?? null,
    supplement_answer_id: options.answerId ?? null,
    created_at: b.touch(createdIso),
    verified_at: pending ? null : addMinutes(createdIso, 1),
    data_erased_at: erased,
    archived_at: archived,
  });
  return id;
}

/** The agreement, the membership applications and the summary; returns the summary's id. */
export function applicationDocuments(b: TransferBuilder): string | null {
  const { t, acquirers } = b;
  const appliedAt =
    b.stepAt("submitApplication") ?? b.stepAt("registerFromIntermediary") ?? b.stepTimes.at(-1)!;
  const mode =
    t.documents ??
    (t.status === "Initiated"
      ? "none"
      : ["Draft", "DraftTransfer", "OngoingApplications"].includes(t.status)
        ? "agreement"
        : "full");
  if (mode !== "none") {
    for (const category of AGREEMENT_CATEGORIES[t.type]) {
      addDocument(b, category, appliedAt, { uploadedBy: b.applicant });
    }
  }
  if (mode === "full") {
    acquirers.forEach((p, i) =>
      addDocument(b, "MembershipApplication", addMinutes(appliedAt, i + 1), {
        belongsTo: b.party(`a${i + 1}`).id,
        uploadedBy: b.applicant,
        person: p.who,
        suffix: acquirers.length > 1 ? ` förvärvare ${i + 1}` : "",
      }),
    );
  }
  const sentAt = b.stepAt("sendToMembershipReview");
  return sentAt ? addDocument(b, "TransferSummary", addMinutes(sentAt, 1)) : null;
}
