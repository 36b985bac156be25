import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stockholmDateParts } from "~/lib/format";
import { CreditCheckResultViewSchema } from "~/schemas/transfer-views";
import { generatePersonnummer, luhnCheckDigit } from "~/lib/personnummer";
import { CreditBureauSimulator } from "./simulator.server";
import {
  FAILING_PERSONAL_NUMBERS,
  PROTECTED_PERSONAL_NUMBERS,
  simulatedOutcome,
  simulatedReport,
  simulatedScore,
} from "./simulated-reports.server";
import {
  CREDIT_SCORES,
  CreditBureauError,
  creditReportSchema,
  type CreditReportRequest,
} from "./types.server";

const ORDERED_AT = new Date("2026-11-20T09:30:00Z");
const KARIN = "196803142428";
const SANNA = "198005207488";

const order = (personalNumber: string, reference = `cc-${personalNumber}`): CreditReportRequest => ({
  personalNumber,
  legitimateNeed: {
    purpose: "Prövning av medlemskap i bostadsrättsförening",
    requestedBy: { organisationNumber: "752177-3429", userId: "user-karin" },
  },
  reference,
});

/** A valid 12-digit number; day + 60 for a coordination number. */
const personalNumbers = fc
  .record({
    birth: fc.date({
      min: new Date("1915-01-01T00:00:00Z"),
      max: new Date("2008-12-31T00:00:00Z"),
      noInvalidDate: true,
    }),
    serial: fc.integer({ min: 0, max: 999 }),
    coordination: fc.boolean(),
  })
  .map(({ birth, serial, coordination }) => {
    const pad = (n: number, w = 2) => String(n).padStart(w, "0");
    const day = birth.getUTCDate() + (coordination ? 60 : 0);
    const first11 = `${birth.getUTCFullYear()}${pad(birth.getUTCMonth() + 1)}${pad(day)}${pad(serial, 3)}`;
    return `${first11}${luhnCheckDigit(first11.slice(2))}`;
  });

function monthsBefore(at: Date, months: number): Date {
  const d = new Date(at);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

function expectedAge(pnr: string, at: Date): number {
  const year = Number(pnr.slice(0, 4));
  const month = Number(pnr.slice(4, 6));
  const rawDay = Number(pnr.slice(6, 8));
  const day = rawDay > 60 ? rawDay - 60 : rawDay;
  const today = stockholmDateParts(at);
  return today.year - year - (today.month < month || (today.month === month && today.day < day) ? 1 : 0);
}

describe("simulatedReport", () => {
  it("is the same for the same number and order time, and fits the schema", () => {
    const a = simulatedReport({ personalNumber: KARIN, orderedAt: ORDERED_AT, requester: "organisation X" });
    const b = simulatedReport({ personalNumber: KARIN, orderedAt: ORDERED_AT, requester: "organisation X" });
    expect(a).toEqual(b);
    expect(creditReportSchema.parse(a)).toEqual(a);
    expect(a).toMatchObject({ gender: "Female", age: 58 });
    expect(a.history[0]).toEqual({
      eventOccured: ORDERED_AT.toISOString(),
      category: "CreditCheck",
      description: "Kreditupplysning tagen av organisation X",
      metadata: { orderedAt: ORDERED_AT.toISOString() },
    });
  });

  it("reaches every score, NotScored with its reason, over a spread of numbers", () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 2_000; i++) {
      const pnr = generatePersonnummer(
        { year: 1940 + (i % 60), month: 1 + (i % 12), day: 1 + (i % 28) },
        i % 1000,
      );
      const { score, notScoredReason } = simulatedScore(pnr, ORDERED_AT);
      expect(notScoredReason !== null).toBe(score === "NotScored");
      seen.set(score, (seen.get(score) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual([...CREDIT_SCORES].sort());
    // No score takes over: the rarest is still over 2 %, the commonest under 40 %.
    expect(Math.min(...seen.values())).toBeGreaterThan(40);
    expect(Math.max(...seen.values())).toBeLessThan(800);
  });

  it("does not score a coordination number (no residence) or a minor", () => {
    const coordination = generatePersonnummer({ year: 1985, month: 7, day: 12 }, 238).replace(
      /^(\d{6})12/,
      "$172",
    );
    const fixed = `${coordination.slice(0, 11)}${luhnCheckDigit(coordination.slice(2, 11))}`;
    const report = simulatedReport({ personalNumber: fixed, orderedAt: ORDERED_AT, requester: "X" });
    expect(report.creditDecision).toEqual({
      creditCheckScore: "NotScored",
      notScoredReason: "Personen har samordningsnummer och är inte folkbokförd i Sverige",
    });
    expect(report.residential).toBeNull();
    const minor = generatePersonnummer({ year: 2010, month: 3, day: 3 }, 123);
    expect(simulatedScore(minor, ORDERED_AT)).toEqual({
      score: "NotScored",
      notScoredReason: "Personen är under 18 år",
    });
  });

  it("gives any valid number a report that fits the contract, its age and gender, and 36 months of history", () => {
    fc.assert(
      fc.property(
        personalNumbers,
        fc.date({
          min: new Date("2026-01-01T00:00:00Z"),
          max: new Date("2030-12-31T00:00:00Z"),
          noInvalidDate: true,
        }),
        (pnr, orderedAt) => {
          const report = simulatedReport({
            personalNumber: pnr,
            orderedAt,
            requester: "organisation 752177-3429",
          });
          expect(creditReportSchema.safeParse(report).success).toBe(true);
          expect(report.age).toBe(expectedAge(pnr, orderedAt));
          expect(report.gender).toBe(Number(pnr[10]) % 2 === 1 ? "Male" : "Female");
          const oldest = monthsBefore(orderedAt, 36).getTime();
          for (const e of report.history) {
            expect(Date.parse(e.eventOccured)).toBeGreaterThanOrEqual(oldest);
            expect(Date.parse(e.eventOccured)).toBeLessThanOrEqual(orderedAt.getTime());
            expect(e.metadata.orderedAt).toBe(orderedAt.toISOString());
          }
          for (const r of report.remarksOfPayment)
            expect(Date.parse(`${r.occuredOn}T23:59:59Z`)).toBeGreaterThanOrEqual(oldest);
          const score = report.creditDecision.creditCheckScore;
          const weak = score === "AdviceAgainstCredit" || score === "LowCreditworthiness";
          expect(report.remarksOfPayment.length > 0).toBe(weak);
          if (score === "NotScored") expect(report.taxAssessments).toEqual([]);
          else {
            const year = stockholmDateParts(orderedAt).year;
            expect(report.taxAssessments.map((t) => t.year)).toEqual([year - 1, year - 2, year - 3]);
            for (const t of report.taxAssessments)
              expect(
                t.incomeOfEmployment + t.incomeOfActiveBusinessActivity + t.incomeOfPassiveBusinessActivity,
              ).toBe(t.totalGrossIncome);
          }
          if (score !== "AdviceAgainstCredit" && score !== "LowCreditworthiness")
            expect(report.debtBalance.numberOfPublicDebt).toBe(0);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("earns more and owes less the better the score", () => {
    const byScore = new Map<string, { income: number; debt: number; n: number }>();
    for (let i = 0; i < 1_500; i++) {
      const pnr = generatePersonnummer(
        { year: 1950 + (i % 50), month: 1 + (i % 12), day: 1 + (i % 28) },
        i % 1000,
      );
      const r = simulatedReport({ personalNumber: pnr, orderedAt: ORDERED_AT, requester: "X" });
      const s = byScore.get(r.creditDecision.creditCheckScore) ?? { income: 0, debt: 0, n: 0 };
      s.income += r.taxAssessments[0]?.totalGrossIncome ?? 0;
      s.debt += r.debtBalance.totalPublicDebt + r.debtBalance.totalPrivateDebt;
      s.n += 1;
      byScore.set(r.creditDecision.creditCheckScore, s);
    }
    const mean = (score: string, key: "income" | "debt") => byScore.get(score)![key] / byScore.get(score)!.n;
    const ladder = [
      "AdviceAgainstCredit",
      "LowCreditworthiness",
      "Creditworthy",
      "GoodCreditworthiness",
      "VeryGoodCreditworthiness",
    ];
    for (let i = 1; i < ladder.length; i++) {
      expect(mean(ladder[i]!, "income")).toBeGreaterThan(mean(ladder[i - 1]!, "income"));
      expect(mean(ladder[i]!, "debt")).toBeLessThanOrEqual(mean(ladder[i - 1]!, "debt"));
    }
  });
});

describe("simulatedOutcome", () => {
  it("keeps protected identities and the failing numbers apart, and fails about one in 25 others", () => {
    for (const pnr of PROTECTED_PERSONAL_NUMBERS) expect(simulatedOutcome(pnr)).toBe("SuccessWithoutResult");
    for (const pnr of FAILING_PERSONAL_NUMBERS) expect(simulatedOutcome(pnr)).toBe("Error");
    let errors = 0;
    for (let i = 0; i < 1_000; i++)
      if (simulatedOutcome(generatePersonnummer({ year: 1960, month: 1 + (i % 12), day: 5 }, i)) === "Error")
        errors++;
    expect(errors).toBeGreaterThan(15);
    expect(errors).toBeLessThan(70);
  });
});

describe("CreditBureauSimulator", () => {
  function clocked(latencyMs = 1_000) {
    let now = ORDERED_AT.getTime();
    const bureau = new CreditBureauSimulator({
      latencyMs,
      now: () => new Date(now),
      nameOf: (pnr) => Promise.resolve(pnr === KARIN ? "Karin Lindqvist" : null),
    });
    return { bureau, advance: (ms: number) => (now += ms) };
  }

  it("answers Pending until the latency has passed, then the report", async () => {
    const { bureau, advance } = clocked();
    const placed = await bureau.orderReport(order("19680314-2428"));
    expect(placed.status).toBe("Pending");
    expect(await bureau.fetchReport(placed.bureauOrderId)).toEqual({ status: "Pending" });
    advance(999);
    expect(await bureau.fetchReport(placed.bureauOrderId)).toEqual({ status: "Pending" });
    advance(1);
    const answer = await bureau.fetchReport(placed.bureauOrderId);
    expect(answer.status).toBe("Success");
    if (answer.status !== "Success") return;
    expect(answer.report).toEqual(
      simulatedReport({
        personalNumber: KARIN,
        orderedAt: ORDERED_AT,
        fullName: "Karin Lindqvist",
        requester: "organisation 752177-3429",
      }),
    );
  });

  it("answers SuccessWithoutResult for a protected identity and Error for a failing number", async () => {
    const { bureau } = clocked(0);
    const prot = await bureau.orderReport(order(SANNA));
    expect(await bureau.fetchReport(prot.bureauOrderId)).toEqual({
      status: "SuccessWithoutResult",
      reason: "Uppgifter om personen lämnas inte ut",
    });
    const failing = await bureau.orderReport(order("199011028512"));
    expect((await bureau.fetchReport(failing.bureauOrderId)).status).toBe("Error");
  });

  it("keeps one order per reference and refuses a reference reused for someone else", async () => {
    const { bureau } = clocked();
    const first = await bureau.orderReport(order(KARIN, "cc-1"));
    expect(await bureau.orderReport(order("6803142428", "cc-1"))).toEqual(first);
    await expect(bureau.orderReport(order(SANNA, "cc-1"))).rejects.toMatchObject({ kind: "invalidRequest" });
    expect((await bureau.orderReport(order(KARIN, "cc-2"))).bureauOrderId).not.toBe(first.bureauOrderId);
  });

  it("refuses a number that is not a personal number, a missing need and an unknown order", async () => {
    const { bureau } = clocked();
    await expect(bureau.orderReport(order("19680314-2429"))).rejects.toMatchObject({
      kind: "invalidRequest",
    });
    await expect(bureau.orderReport(order("5569182735"))).rejects.toMatchObject({ kind: "invalidRequest" });
    const noNeed = order(KARIN);
    noNeed.legitimateNeed.purpose = "  ";
    await expect(bureau.orderReport(noNeed)).rejects.toMatchObject({ kind: "invalidRequest" });
    await expect(bureau.fetchReport("SIM-nothing")).rejects.toMatchObject({ kind: "invalidRequest" });
  });

  it("refuses every call while down, as unavailable", async () => {
    const { bureau } = clocked(0);
    const placed = await bureau.orderReport(order(KARIN));
    bureau.down = true;
    const refused = bureau.orderReport(order(KARIN, "cc-other"));
    await expect(refused).rejects.toBeInstanceOf(CreditBureauError);
    await expect(refused).rejects.toMatchObject({ kind: "unavailable", retryable: true });
    await expect(bureau.fetchReport(placed.bureauOrderId)).rejects.toMatchObject({ kind: "unavailable" });
    bureau.down = false;
    expect((await bureau.fetchReport(placed.bureauOrderId)).status).toBe("Success");
  });
});

describe("the demo and test numbers of docs/credit-bureau-api.md", () => {
  const doc = readFileSync(new URL("../../../../docs/credit-bureau-api.md", import.meta.url), "utf8");
  const rows = [...doc.matchAll(/^\| (\d{8}-\d{4}) \| [^|]+ \| ([^|]+?) +\|$/gm)].map((m) => [m[1]!, m[2]!]);

  it("lists every kind of outcome", () => {
    expect(rows.length).toBeGreaterThanOrEqual(13);
  });

  it.each(rows)("%s gives %s", (display, outcome) => {
    const pnr = display.replace("-", "");
    const [status, score, detail] = outcome.split(", ");
    expect(simulatedOutcome(pnr)).toBe(status!.replace(/ \(.*/, ""));
    if (status !== "Success") return;
    const report = simulatedReport({ personalNumber: pnr, orderedAt: new Date(), requester: "X" });
    expect(report.creditDecision.creditCheckScore).toBe(score!.replace(/ \(.*/, ""));
    const remarks = /^(\d+) remarks$/.exec(detail ?? "");
    if (remarks) expect(report.remarksOfPayment).toHaveLength(Number(remarks[1]));
    if (detail === "a property") expect(report.realEstateProperties).toHaveLength(1);
  });
});

describe("a simulated report as the pages read it", () => {
  it("fits the credit check view of spec 02 §3 (app/schemas/transfer-views.ts)", () => {
    for (const pnr of [KARIN, "197001010342", "196104222739", "198507722380"]) {
      const report = simulatedReport({ personalNumber: pnr, orderedAt: ORDERED_AT, requester: "X" });
      expect(CreditCheckResultViewSchema.parse(report)).toEqual(report);
    }
  });
});
