import { beforeAll, describe, expect, it } from "vitest";
import { makePdf } from "~/server/demo/pdf.server";
import type { TransferSeedRows } from "~/server/demo/builder/rows.server";
import { buildTransferSeed } from "~/server/demo/transfers.server";
import { seededAnalysedDocuments, seededAnalyses } from "~/server/demo/analyses.server";
import { imageOnlyPdf, placedTextPdf } from "../../../../tests/support/pdfs";
import { analyseDocuments, type AnalysisOutcome } from "./analyse.server";
import { readAmount, readDate, readShare } from "./parse-values.server";
import { readPdfText } from "./text.server";
import type { AgreementExtraction } from "./types.server";

const NOW = new Date("2026-11-25T10:00:00.000Z");

/** The real analysis (pdf.js and the parser) of every demo transfer's seeded PDFs, as the job would run it. */
async function analyseSeededPdfs(rows: TransferSeedRows) {
  const bytes = new Map(rows.files.map((f) => [f.storageKey, f.bytes]));
  const out = [];
  for (const transfer of rows.transfers) {
    const documents = seededAnalysedDocuments(rows, transfer.id);
    if (!documents) continue;
    const outcome = await analyseDocuments(
      documents.map((d) => ({
        documentId: d.id,
        category: d.category,
        bytes: (d.storage_key && bytes.get(d.storage_key)) || null,
      })),
      { now: NOW },
    );
    out.push({ transferId: transfer.id, outcome, documentIds: documents.map((d) => d.id) });
  }
  return out;
}

const fraction = (n: number | null, d: number | null) => (n === null || d === null ? null : n / d);

describe("the seeded agreements, read back", () => {
  let rows: TransferSeedRows;
  let analysed: Awaited<ReturnType<typeof analyseSeededPdfs>>;
  let analyses: Array<{ transfer_id: string; status: string; extraction: string | null }>;
  beforeAll(async () => {
    rows = buildTransferSeed(NOW);
    analysed = await analyseSeededPdfs(rows);
    analyses = analysed.map((a) => ({
      transfer_id: a.transferId,
      status: a.outcome.status,
      extraction: a.outcome.status === "Ready" ? JSON.stringify(a.outcome.extraction) : null,
    }));
  }, 120_000);

  it("is what the seed writes into document_analyses (made from its data, without pdf.js)", () => {
    const seeded = seededAnalyses(rows);
    expect(seeded.map((row) => row.transfer_id)).toEqual(analysed.map((a) => a.transferId));
    for (const [i, row] of seeded.entries()) {
      const real = analysed[i]!;
      expect(row.status, row.transfer_id).toBe(real.outcome.status);
      expect(JSON.parse(row.document_ids)).toEqual(real.documentIds);
      expect(JSON.parse(row.extraction!), row.transfer_id).toEqual(
        real.outcome.status === "Ready" ? real.outcome.extraction : null,
      );
    }
  });

  it("covers every category the analysis reads", () => {
    const detected = new Set(
      analyses.flatMap((a) =>
        (JSON.parse(a.extraction!) as AgreementExtraction).documents.map((d) => d.detectedCategory),
      ),
    );
    expect([...detected].sort()).toEqual([
      "DeedOfGift",
      "DivisionOfPropertyAgreement",
      "EstateDistribution",
      "EstateInventory",
      "MembershipApplication",
      "TransferAgreement",
    ]);
    // Every document is what it was uploaded as.
    for (const a of analyses) {
      for (const d of (JSON.parse(a.extraction!) as AgreementExtraction).documents) {
        expect(d.detectedCategory).toBe(d.category);
        expect(d.pagesWithText).toEqual([true]);
      }
    }
  });

  it("reads, for every demo transfer with its documents verified, exactly the seed's own data", () => {
    expect(analyses.length).toBeGreaterThan(40);
    for (const analysis of analyses) {
      expect(analysis.status).toBe("Ready");
      const e = JSON.parse(analysis.extraction!) as AgreementExtraction;
      const transfer = rows.transfers.find((t) => t.id === analysis.transfer_id)!;
      const association = rows.associations.find((a) => a.id === transfer.association_id)!;
      const parties = (kind: string) =>
        rows.parties.filter((p) => p.transfer_id === transfer.id && p.kind === kind);
      const context = `transfer ${transfer.id}`;
      expect(e.transferType, context).toBe(transfer.transfer_type);
      expect(e.purchasePrice, context).toBe(transfer.purchase_price ?? null);
      expect(e.entryDate, context).toBe(transfer.entry_date ?? null);
      expect(e.contractDate, context).toBe(transfer.contract_date ?? null);
      expect(e.objectNumber, context).toBe(transfer.object_number);
      expect(e.associationOrganisationNumber, context).toBe(association.organisation_number);
      // A gåvobrev or bodelning states the giver's share in one sentence ("sin andel 1/2"), which names one
      // share: read for one giver, ambiguous (null) for two.
      const givesShare =
        (transfer.transfer_type === "Gift" || transfer.transfer_type === "DivisionOfProperty") &&
        parties("Transferor").length === 1;
      expect(e.transferors, context).toEqual(
        parties("Transferor").map((p) => ({
          firstName: p.first_name,
          lastName: p.last_name,
          identifier: p.identifier_value,
          share: givesShare
            ? fraction(p.transfer_share_numerator ?? null, p.transfer_share_denominator ?? null)
            : null,
        })),
      );
      expect(e.acquirers, context).toEqual(
        parties("Acquirer").map((p) => ({
          firstName: p.first_name,
          lastName: p.last_name,
          identifier: p.identifier_value,
          share: fraction(p.transfer_share_numerator ?? null, p.transfer_share_denominator ?? null),
        })),
      );
      expect(e.clauses, context).toEqual({
        cancellationAgreement: false,
        guarantor: false,
        trustee: false,
        estateOfDeceased: parties("Transferor").some((p) => p.first_name.startsWith("Dödsbo")),
        powerOfAttorney: false,
        privateAgreement: false,
      });
    }
  });
});

async function analyse(...documents: Array<[string, Uint8Array | null]>): Promise<AnalysisOutcome> {
  return analyseDocuments(
    documents.map(([category, bytes], i) => ({ documentId: `d${i + 1}`, category, bytes })),
    { now: NOW },
  );
}

const ready = (outcome: AnalysisOutcome): AgreementExtraction => {
  if (outcome.status !== "Ready") throw new Error(`not ready: ${outcome.failure}`);
  return outcome.extraction;
};

describe("the text layer", () => {
  it("makes lines of the pieces on one baseline, left to right, top to bottom, whatever order the PDF draws them", async () => {
    const pdf = placedTextPdf([
      { x: 300, y: 700, text: "2 450 000 kr" },
      { x: 56, y: 760, text: "Överlåtelseavtal" },
      { x: 56, y: 700.4, text: "Köpeskilling:" },
      { x: 56, y: 730, text: "Säljare:" },
      { x: 140, y: 730, text: "Åsa Öberg, 19810212-1236" },
    ]);
    expect(await readPdfText(pdf)).toEqual({
      pages: [["Överlåtelseavtal", "Säljare: Åsa Öberg, 19810212-1236", "Köpeskilling: 2 450 000 kr"]],
    });
  });
});

describe("variants a Swedish agreement uses", () => {
  it("reads labels without colons, SEK and :- amounts, written dates, samordningsnummer and 10-digit numbers", async () => {
    const agreement = makePdf({
      title: "KÖPEKONTRAKT",
      lines: [
        "Brf Solgläntan, org nr 769600-0004",
        "Lgh nr 1203",
        "SÄLJARE Åsa Öberg 810212-1236",
        "Köpare : Ali Hassan, samordningsnummer 810272-1233",
        "Köpare: Lena Ek (pnr 19850709-9805), andel 50 %",
        "Köpeskillingen uppgår till 1.995.000:- och erläggs kontant.",
        "Tillträde den 1 april 2026",
        "Avtalsdatum 2026-02-14",
        "Fullmakt för köparen har lämnats till mäklaren. Säljaren företräds av god man.",
      ],
    });
    const e = ready(
      await analyse(
        ["TransferAgreement", agreement],
        [
          "MembershipApplication",
          makePdf({ title: "Medlemsansökan", lines: ["Sökande Ali Hassan 19810272-1233", "Andel: 1/2"] }),
        ],
      ),
    );
    expect(e).toMatchObject({
      transferType: "Purchase",
      purchasePrice: 1_995_000,
      entryDate: "2026-04-01",
      contractDate: "2026-02-14",
      objectNumber: "1203",
      associationOrganisationNumber: "7696000004",
      transferors: [{ firstName: "Åsa", lastName: "Öberg", identifier: "198102121236", share: null }],
      acquirers: [
        { firstName: "Ali", lastName: "Hassan", identifier: "198102721233", share: 0.5 },
        { firstName: "Lena", lastName: "Ek", identifier: "198507099805", share: 0.5 },
      ],
    });
    expect(e.clauses).toMatchObject({
      powerOfAttorney: true,
      trustee: true,
      guarantor: false,
      cancellationAgreement: false,
    });
  });

  it("a sale without a broker, with borgen and a cancellation", async () => {
    const e = ready(
      await analyse([
        "TransferAgreement",
        makePdf({
          title: "Överlåtelseavtal",
          lines: [
            "Säljare: Dödsboet efter Karl Berg, 19400101-0008",
            "Köpare: Per Ek, 19850709-9805",
            "Köpeskilling: SEK 1 000 000",
            "Försäljningen sker utan mäklare. Köparens far går i borgen för årsavgiften.",
            "Köpet har hävts genom separat hävningsavtal.",
          ],
        }),
      ]),
    );
    expect(e.purchasePrice).toBe(1_000_000);
    expect(e.clauses).toEqual({
      cancellationAgreement: true,
      guarantor: true,
      trustee: false,
      estateOfDeceased: true,
      powerOfAttorney: false,
      privateAgreement: true,
    });
  });

  it('a bodelning: who gives is the spouse before "s andel", also two of them; the share only for one', async () => {
    const division = (sentence: string) =>
      makePdf({
        title: "Avtal om bodelning",
        lines: [
          "Make: Per Ek, 19850709-9805",
          "Maka: Åsa Öberg, 19810212-1236",
          "Sambo: Lena Ek, 19810272-1233",
          sentence,
        ],
      });
    const one = ready(
      await analyse([
        "DivisionOfPropertyAgreement",
        division(
          "Åsa Öberg överlåter hela sin andel. Per Ek övertar Åsa Öbergs andel 50 % av bostadsrätten.",
        ),
      ]),
    );
    expect(one.transferType).toBe("DivisionOfProperty");
    expect(one.transferors).toEqual([
      { firstName: "Åsa", lastName: "Öberg", identifier: "198102121236", share: 0.5 },
    ]);
    expect(one.acquirers.map((p) => p.lastName)).toEqual(["Ek"]);
    const two = ready(
      await analyse([
        "DivisionOfPropertyAgreement",
        division("Vid bodelningen tillfaller Per Ek och Åsa Öbergs andel 1/2 av bostadsrätten Lena Ek."),
      ]),
    );
    expect(two.transferors.map((p) => [p.firstName, p.share])).toEqual([
      ["Per", null],
      ["Åsa", null],
    ]);
    expect(two.acquirers.map((p) => p.firstName)).toEqual(["Lena"]);
  });

  it("a gåvobrev with gåvomottagare and the giver's share in words", async () => {
    const e = ready(
      await analyse([
        "DeedOfGift",
        makePdf({
          title: "GÅVOBREV",
          lines: [
            "Gåvogivare: Åsa Öberg, 810212-1236",
            "Gåvomottagare: Per Ek, 850709-9805",
            "Härmed överlåter jag som gåva min andel om 50 procent i bostadsrätten.",
            "Tillträdesdag: 2026/05/01",
            "Datum: 15 april 2026",
          ],
        }),
      ]),
    );
    expect(e).toMatchObject({
      transferType: "Gift",
      purchasePrice: null,
      contractDate: "2026-04-15",
      entryDate: "2026-05-01",
      transferors: [{ lastName: "Öberg", share: 0.5 }],
      acquirers: [{ lastName: "Ek", identifier: "198507099805", share: null }],
    });
  });

  it("several people on one line: each number starts a person; names alone only when each is whole", async () => {
    const e = ready(
      await analyse([
        "TransferAgreement",
        makePdf({
          title: "Överlåtelseavtal",
          lines: [
            "Säljare: Per Ek, 19850709-9805, andel 1/2, och Åsa Öberg, 810212-1236, andel 1/2",
            "Köpare: Lena Ek och Ali Hassan",
            "Föreningens förvaltare är Stadsbo Förvaltning AB.",
          ],
        }),
      ]),
    );
    expect(e.transferors).toEqual([
      { firstName: "Per", lastName: "Ek", identifier: "198507099805", share: 0.5 },
      { firstName: "Åsa", lastName: "Öberg", identifier: "198102121236", share: 0.5 },
    ]);
    expect(e.acquirers.map((p) => [p.firstName, p.lastName, p.identifier])).toEqual([
      ["Lena", "Ek", null],
      ["Ali", "Hassan", null],
    ]);
    expect(e.clauses.trustee).toBe(false);
    const ambiguous = ready(
      await analyse([
        "TransferAgreement",
        makePdf({
          title: "Överlåtelseavtal",
          lines: ["Säljare: Per och Åsa Ek", "Köpare: Berg och Son AB, 556918-2735"],
        }),
      ]),
    );
    expect(ambiguous.transferors).toEqual([]);
    expect(ambiguous.acquirers).toEqual([
      { firstName: "Berg och Son AB", lastName: "", identifier: "5569182735", share: null },
    ]);
  });

  it("never guesses: no price, no date, no number where the text has none", async () => {
    const e = ready(
      await analyse([
        "TransferAgreement",
        makePdf({
          title: "Överlåtelseavtal",
          lines: [
            "Säljare: Åsa Öberg",
            "Köpare: Per Ek",
            "Köpeskilling: enligt överenskommelse",
            "Tillträdesdag: 2026-02-30",
            "Handpenning om 10 % erläggs.",
          ],
        }),
      ]),
    );
    expect(e).toMatchObject({
      purchasePrice: null,
      entryDate: null,
      contractDate: null,
      objectNumber: null,
      associationOrganisationNumber: null,
      transferors: [{ firstName: "Åsa", lastName: "Öberg", identifier: null, share: null }],
      acquirers: [{ firstName: "Per", lastName: "Ek", identifier: null, share: null }],
    });
  });

  it.each([
    ["2 450 000 kr", 2_450_000],
    ["2450000 SEK", 2_450_000],
    ["2 450 000:-", 2_450_000],
    ["2 450 000,00 kr", 2_450_000],
    ["2 450 000,50 kr", null],
    ["kr 900 000", 900_000],
    ["ca två miljoner", null],
  ])("amount %j", (text, value) => expect(readAmount(text)).toBe(value));

  it.each([
    ["2026-03-01", "2026-03-01"],
    ["1 mars 2026", "2026-03-01"],
    ["den 1:a mars 2026", "2026-03-01"],
    ["1/3 2026", "2026-03-01"],
    ["2026-02-30", null],
    ["snarast", null],
  ])("date %j", (text, value) => expect(readDate(text)).toBe(value));

  it.each([
    ["1/2", 0.5],
    ["50 %", 0.5],
    ["33,5 procent", 0.335],
    ["hela", 1],
    ["3/2", null],
  ])("share %j", (text, value) => expect(readShare(text)).toBe(value));
});

describe("failures", () => {
  const application = makePdf({ title: "Ansökan om medlemskap", lines: ["Sökande: Per Ek, 19850709-9805"] });

  it("a scanned-image agreement is NoText, with its page counted", async () => {
    const outcome = await analyse(
      ["TransferAgreement", imageOnlyPdf()],
      ["MembershipApplication", application],
    );
    expect(outcome).toMatchObject({ status: "Failed", failure: "NoText" });
    expect(outcome.status === "Failed" && outcome.documents[0]).toMatchObject({
      pageCount: 1,
      pagesWithText: [false],
    });
  });

  it.each([
    ["corrupt bytes", new TextEncoder().encode("%PDF-1.4 detta är inget dokument")],
    ["an empty file", new Uint8Array()],
    ["random bytes", new Uint8Array(4096).map((_, i) => (i * 7919) % 256)],
  ])("%s is Unreadable", async (_, bytes) => {
    expect(await analyse(["TransferAgreement", bytes], ["MembershipApplication", application])).toMatchObject(
      {
        status: "Failed",
        failure: "Unreadable",
      },
    );
  });

  it("a text without parties is NotRecognised", async () => {
    const other = makePdf({
      title: "Anställningsavtal",
      lines: ["Arbetsgivare: Hamnens Logistik AB", "Månadslön: 27 400 kr"],
    });
    expect(await analyse(["TransferAgreement", other])).toMatchObject({
      status: "Failed",
      failure: "NotRecognised",
    });
  });

  it("an agreement whose file is gone is MissingDocument", async () => {
    expect(await analyse(["TransferAgreement", null], ["MembershipApplication", application])).toMatchObject({
      status: "Failed",
      failure: "MissingDocument",
    });
  });
});
