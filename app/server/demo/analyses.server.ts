import { analysedCategories } from "../domain/documents/analysis.server";
import { REQUIRED_DOCUMENT_BY_TYPE } from "../domain/transfers/rules.server";
import type { AgreementExtraction, ExtractedPerson } from "../integrations/document-analysis/types.server";
import { stockholmDateParts } from "~/lib/format";
import type { TransferType } from "~/lib/transfer";
import type { TransferSeedRows } from "./builder/rows.server";

export interface SeedAnalysisRow {
  transfer_id: string;
  status: string;
  extraction: string | null;
  failure: string | null;
  document_ids: string;
  created_at: string;
  updated_at: string;
}

/** The documents the analysis job would read for a seeded transfer, or null when a required one is missing. */
export function seededAnalysedDocuments(rows: TransferSeedRows, transferId: string) {
  const transfer = rows.transfers.find((t) => t.id === transferId)!;
  const type = transfer.transfer_type as TransferType;
  const categories = analysedCategories(type);
  // In the job's order (domain/documents/analysis.server): by creation time, then id.
  const documents = rows.documents
    .filter(
      (d) =>
        d.transfer_id === transfer.id &&
        categories.includes(d.category) &&
        d.status === "UploadVerified" &&
        d.data_erased_at === null,
    )
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
  const has = (list: readonly string[]) => documents.some((d) => list.includes(d.category));
  return has(["MembershipApplication"]) && has(REQUIRED_DOCUMENT_BY_TYPE[type]) ? documents : null;
}

const dateOf = (iso: string) => {
  const p = stockholmDateParts(iso);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
};

/** Categories whose seeded PDF is dated with the contract date ("Ort och datum"), as pdfFor writes them. */
const DATED_WITH_THE_CONTRACT = [
  "TransferAgreement",
  "DeedOfGift",
  "DivisionOfPropertyAgreement",
  "EstateDistribution",
];

/**
 * The document analysis of every demo transfer whose required documents are verified, as the job would have
 * written it a minute after the last of them was verified (decision 020). Made from the data the seed writes
 * into its PDFs rather than by running pdf.js on them at every reset: analyses.server.test runs the real
 * analysis on every seeded PDF and asserts it equals these rows, so the two cannot drift apart. The bulk seed
 * writes no documents and so has nothing to analyse.
 */
export function seededAnalyses(rows: TransferSeedRows): SeedAnalysisRow[] {
  const out: SeedAnalysisRow[] = [];
  for (const transfer of rows.transfers) {
    const documents = seededAnalysedDocuments(rows, transfer.id);
    if (!documents) continue;
    const type = transfer.transfer_type as TransferType;
    const association = rows.associations.find((a) => a.id === transfer.association_id)!;
    const parties = rows.parties.filter((p) => p.transfer_id === transfer.id);
    const share = (n: number | null | undefined, d: number | null | undefined) =>
      n === null || n === undefined || !d ? null : n / d;
    const person = (p: (typeof parties)[number], withShare: boolean): ExtractedPerson => ({
      firstName: p.first_name,
      lastName: p.last_name,
      identifier: p.identifier_value,
      share: withShare ? share(p.transfer_share_numerator, p.transfer_share_denominator) : null,
    });
    const transferors = parties.filter((p) => p.kind === "Transferor");
    // A gåvobrev or bodelning names the giver's share in one sentence: one giver's, or nobody's.
    const giverShare = (type === "Gift" || type === "DivisionOfProperty") && transferors.length === 1;
    const applicants = documents
      .filter((d) => d.category === "MembershipApplication")
      .map((d) => parties.find((p) => p.id === d.belongs_to)!)
      .filter((p, i, list) => list.indexOf(p) === i);
    const agreement = documents.find((d) => DATED_WITH_THE_CONTRACT.includes(d.category));
    const extraction: AgreementExtraction = {
      documents: documents.map((d) => ({
        documentId: d.id,
        category: d.category,
        detectedCategory: d.category,
        pageCount: 1,
        pagesWithText: [true],
      })),
      transferType: type,
      purchasePrice: type === "Purchase" ? (transfer.purchase_price ?? 0) : null,
      contractDate: agreement ? (transfer.contract_date ?? dateOf(agreement.created_at)) : null,
      entryDate: transfer.entry_date || null,
      transferors: transferors.map((p) => person(p, giverShare)),
      acquirers: parties.filter((p) => p.kind === "Acquirer").map((p) => person(p, true)),
      guarantors: [],
      applicants: applicants.map((p) => person(p, true)),
      objectNumber: transfer.object_number,
      associationOrganisationNumber: association.organisation_number,
      clauses: {
        cancellationAgreement: false,
        guarantor: false,
        trustee: false,
        // An arvskifte names the estate as "Dödsbo: …"; any agreement may name a party "Dödsbo efter …".
        estateOfDeceased:
          documents.some((d) => d.category === "EstateDistribution") ||
          transferors.some((p) => /^dödsbo/iu.test(p.first_name)),
        powerOfAttorney: false,
        privateAgreement: false,
      },
    };
    const verified = documents.map((d) => d.verified_at ?? d.created_at).sort();
    const at = new Date(Date.parse(verified.at(-1)!) + 60_000).toISOString();
    out.push({
      transfer_id: transfer.id,
      status: "Ready",
      extraction: JSON.stringify(extraction),
      failure: null,
      document_ids: JSON.stringify(documents.map((d) => d.id)),
      created_at: at,
      updated_at: at,
    });
  }
  return out;
}
