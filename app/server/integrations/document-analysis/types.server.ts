/**
 * What the document analysis (decision 020; spec 03 §4.2) reads out of a transfer's required documents, and what the
 * automatic review (spec 02 §2.6, docs/automatic-review.md) compares with the application and the manager's owner
 * records.
 *
 * This is the contract between the two: the analysis writes it (JSON) into `document_analyses.extraction`;
 * the rules engine reads it. Every field is what the text said, or null/empty when the text did not say it;
 * the analysis never guesses a value it did not read.
 */

export const ANALYSIS_STATUSES = ["InProgress", "Ready", "Failed"] as const;
export type AnalysisStatus = (typeof ANALYSIS_STATUSES)[number];

/** Why an analysis failed (recorded for operators; the user sees spec 03 §4.2's one text). */
export const ANALYSIS_FAILURES = [
  /** No text layer: a scanned image, or a PDF pdf.js cannot read. */
  "NoText",
  /** Text, but not a document of the expected kind (no parties, no object found). */
  "NotRecognised",
  /** A required document is missing, erased or not verified. */
  "MissingDocument",
  /** The file could not be read from storage or parsed. */
  "Unreadable",
  /** A file broke a limit of the reading (decoded bytes, pages, text items, memory, time; decision 044). */
  "TooComplex",
] as const;
export type AnalysisFailure = (typeof ANALYSIS_FAILURES)[number];

/** A person as a document names them. */
export interface ExtractedPerson {
  firstName: string;
  lastName: string;
  /** Digits as written, normalised to 12 digits for a personnummer/samordningsnummer, else as read; null when absent. */
  identifier: string | null;
  /** The share as a fraction in [0, 1], when the document states one (e.g. "1/2", "50 %"). */
  share: number | null;
}

/** What one analysed document said (one per analysed document, in analysis order). */
export interface ExtractedDocument {
  documentId: string;
  /** The category the document was uploaded as. */
  category: string;
  /** What the text says the document is, e.g. "TransferAgreement" for "Överlåtelseavtal"; null when unknown. */
  detectedCategory: string | null;
  pageCount: number;
  /** Whether each page had readable text (false for a page that is a scanned image). */
  pagesWithText: boolean[];
}

export interface AgreementExtraction {
  documents: ExtractedDocument[];
  /** The transfer type the agreement implies (Purchase, Inheritance, Gift, DivisionOfProperty), null when unclear. */
  transferType: string | null;
  /** Köpeskilling in whole kronor. */
  purchasePrice: number | null;
  /** YYYY-MM-DD */
  contractDate: string | null;
  /** YYYY-MM-DD (tillträdesdag) */
  entryDate: string | null;
  transferors: ExtractedPerson[];
  acquirers: ExtractedPerson[];
  guarantors: ExtractedPerson[];
  /**
   * The applicants of the membership applications (their "Sökande"), each with the share the application says
   * they acquire. Optional: added after the contract was first written; absent means not read.
   */
  applicants?: ExtractedPerson[];
  /** The object's number (lägenhetsnummer / objektnummer) as written on the agreement. */
  objectNumber: string | null;
  /** The association's organisation number (10 digits) as written on the agreement. */
  associationOrganisationNumber: string | null;
  /**
   * Clauses the automatic review must not find (spec 02 §2.6 "absence of"): true when the text has one.
   * cancellationAgreement: hävning/återgång; trustee: god man/förvaltare för part; estateOfDeceased: dödsbo
   * as a party; powerOfAttorney: fullmakt; privateAgreement: a private sale without a broker;
   * guarantor: borgen/borgensman.
   */
  clauses: {
    cancellationAgreement: boolean;
    guarantor: boolean;
    trustee: boolean;
    estateOfDeceased: boolean;
    powerOfAttorney: boolean;
    privateAgreement: boolean;
  };
}

/** One row of `document_analyses` as the domain reads it. */
export interface DocumentAnalysis {
  transferId: string;
  status: AnalysisStatus;
  extraction: AgreementExtraction | null;
  failure: AnalysisFailure | null;
  /** The documents the analysis read (so a new upload can tell whether it is stale). */
  documentIds: string[];
  updatedAt: string;
}
