import { readDocument, type ReadDocument } from "./parse.server";
import type { ReadParty } from "./parse-parties.server";
import { PdfTooComplex, PdfUnreadable, readPdfText } from "./text.server";
import type {
  AgreementExtraction,
  AnalysisFailure,
  ExtractedDocument,
  ExtractedPerson,
} from "./types.server";

/**
 * The document analysis (decision 020): the text of a transfer's required documents, read with
 * pdf.js and parsed by rules into one AgreementExtraction. The agreement says who transfers to whom, at what
 * price and on which dates; the membership applications add the share each applicant acquires. Never throws:
 * a file pdf.js cannot open is Unreadable, one that breaks a limit of the reading (decision 044) TooComplex, a file
 * without a text layer NoText, a text without parties
 * NotRecognised.
 */

export interface DocumentToAnalyse {
  documentId: string;
  /** The category it was uploaded as. */
  category: string;
  /**
   * The file's bytes; null when the file is gone from storage. A function reads them when this document's turn
   * comes, and they are pdf.js's to keep (no copy) and dropped after it: documents of 25 MB are then held one at a
   * time, not all together.
   */
  bytes: Uint8Array | null | (() => Promise<Uint8Array | null>);
}

export type AnalysisOutcome =
  | { status: "Ready"; extraction: AgreementExtraction }
  | { status: "Failed"; failure: AnalysisFailure; documents: ExtractedDocument[] };

/** The agreement categories, in the order their parties count: a purchase agreement before an inventory. */
export const AGREEMENT_CATEGORIES = [
  "TransferAgreement",
  "DeedOfGift",
  "DivisionOfPropertyAgreement",
  "EstateDistribution",
  "EstateInventory",
] as const;

const TRANSFER_TYPE_OF: Record<string, string> = {
  TransferAgreement: "Purchase",
  DeedOfGift: "Gift",
  DivisionOfPropertyAgreement: "DivisionOfProperty",
  EstateDistribution: "Inheritance",
  EstateInventory: "Inheritance",
};

/** A bouppteckning is dated when the estate was inventoried, which is not the date of a contract. */
const DATED_WITH_THE_CONTRACT = new Set([
  "TransferAgreement",
  "DeedOfGift",
  "DivisionOfPropertyAgreement",
  "EstateDistribution",
]);

interface Analysed {
  input: DocumentToAnalyse;
  summary: ExtractedDocument;
  state: "read" | "noText" | "unreadable" | "tooComplex" | "missing";
  read: ReadDocument | null;
}

async function analyseOne(input: DocumentToAnalyse, now: Date): Promise<Analysed> {
  const summary = (detectedCategory: string | null, pages: string[][]): ExtractedDocument => ({
    documentId: input.documentId,
    category: input.category,
    detectedCategory,
    pageCount: pages.length,
    pagesWithText: pages.map((lines) => lines.length > 0),
  });
  const loaded = typeof input.bytes === "function";
  const bytes = typeof input.bytes === "function" ? await input.bytes() : input.bytes;
  if (bytes === null) return { input, summary: summary(null, []), state: "missing", read: null };
  let pages: string[][];
  try {
    ({ pages } = await readPdfText(bytes, { handOver: loaded }));
  } catch (error) {
    if (error instanceof PdfUnreadable) {
      return { input, summary: summary(null, []), state: "unreadable", read: null };
    }
    if (error instanceof PdfTooComplex) {
      return { input, summary: summary(null, []), state: "tooComplex", read: null };
    }
    throw error;
  }
  if (!pages.some((lines) => lines.length > 0)) {
    return { input, summary: summary(null, pages), state: "noText", read: null };
  }
  const read = readDocument(pages, now);
  return { input, summary: summary(read.detectedCategory, pages), state: "read", read };
}

const priority = (category: string) => {
  const index = (AGREEMENT_CATEGORIES as readonly string[]).indexOf(category);
  return index < 0 ? AGREEMENT_CATEGORIES.length : index;
};

function samePerson(a: ExtractedPerson, b: ExtractedPerson): boolean {
  if (a.identifier !== null && b.identifier !== null) return a.identifier === b.identifier;
  const name = (p: ExtractedPerson) => `${p.firstName} ${p.lastName}`.trim().toLocaleLowerCase("sv-SE");
  return name(a) === name(b);
}

function unique(people: ExtractedPerson[]): ExtractedPerson[] {
  const out: ExtractedPerson[] = [];
  for (const person of people) if (!out.some((p) => samePerson(p, person))) out.push(person);
  return out;
}

const peopleOf = (read: ReadDocument, role: ReadParty["role"]) =>
  read.parties.filter((p) => p.role === role).map((p) => ({ ...p.person }));

/** The first value in document order that is not null. */
function firstOf<T>(docs: ReadDocument[], pick: (read: ReadDocument) => T | null): T | null {
  for (const read of docs) {
    const value = pick(read);
    if (value !== null) return value;
  }
  return null;
}

/** Reads every document and puts what they say together; `now` decides the century of a 10-digit number. */
export async function analyseDocuments(
  inputs: DocumentToAnalyse[],
  { now = new Date() }: { now?: Date } = {},
): Promise<AnalysisOutcome> {
  const analysed: Analysed[] = [];
  for (const input of inputs) analysed.push(await analyseOne(input, now));
  const documents = analysed.map((a) => a.summary);
  // A file that broke a limit fails the whole run, whatever its category: nothing it says is read.
  if (analysed.some((a) => a.state === "tooComplex"))
    return { status: "Failed", failure: "TooComplex", documents };

  const agreements = analysed
    .filter((a) => priority(a.input.category) < AGREEMENT_CATEGORIES.length)
    .sort((a, b) => priority(a.input.category) - priority(b.input.category));
  if (agreements.length === 0 || agreements.some((a) => a.state === "missing")) {
    return { status: "Failed", failure: "MissingDocument", documents };
  }
  const readAgreements = agreements.flatMap((a) =>
    a.read ? [{ ...a.read, category: a.input.category }] : [],
  );
  if (readAgreements.length === 0) {
    const failure = agreements.some((a) => a.state === "unreadable") ? "Unreadable" : "NoText";
    return { status: "Failed", failure, documents };
  }
  const applications = analysed
    .filter((a) => a.input.category === "MembershipApplication")
    .flatMap((a) => (a.read ? [a.read] : []));
  const everything = [...readAgreements, ...applications];

  const transferors =
    firstOf(readAgreements, (r) => {
      const people = peopleOf(r, "transferor");
      return people.length > 0 ? people : null;
    }) ?? [];
  const applicants = unique(
    applications.flatMap((r) =>
      peopleOf(r, "applicant").map((p) => ({ ...p, share: p.share ?? r.appliedShare })),
    ),
  );
  const agreedAcquirers = firstOf(readAgreements, (r) => {
    const people = peopleOf(r, "acquirer");
    return people.length > 0 ? people : null;
  });
  const acquirers = (agreedAcquirers ?? applicants).map((acquirer) => {
    if (acquirer.share !== null) return acquirer;
    const applicant = applicants.find((a) => samePerson(a, acquirer));
    return { ...acquirer, share: applicant?.share ?? null };
  });
  if (transferors.length === 0 && acquirers.length === 0) {
    return { status: "Failed", failure: "NotRecognised", documents };
  }

  const detectedTypes = new Set(
    readAgreements.flatMap((r) =>
      r.detectedCategory && TRANSFER_TYPE_OF[r.detectedCategory]
        ? [TRANSFER_TYPE_OF[r.detectedCategory]!]
        : [],
    ),
  );
  const clauses = { ...readAgreements[0]!.clauses };
  for (const read of everything) {
    for (const key of Object.keys(clauses) as Array<keyof typeof clauses>) clauses[key] ||= read.clauses[key];
  }

  const extraction: AgreementExtraction = {
    documents,
    transferType: detectedTypes.size === 1 ? [...detectedTypes][0]! : null,
    purchasePrice: firstOf(readAgreements, (r) => r.purchasePrice),
    contractDate:
      firstOf(readAgreements, (r) => r.contractDate) ??
      firstOf(
        readAgreements.filter((r) => DATED_WITH_THE_CONTRACT.has(r.category)),
        (r) => r.signedOn,
      ),
    entryDate: firstOf(everything, (r) => r.entryDate),
    transferors,
    acquirers,
    guarantors: unique(everything.flatMap((r) => peopleOf(r, "guarantor"))),
    applicants,
    objectNumber: firstOf(everything, (r) => r.objectNumber),
    associationOrganisationNumber: firstOf(everything, (r) => r.associationOrganisationNumber),
    clauses,
  };
  return { status: "Ready", extraction };
}
