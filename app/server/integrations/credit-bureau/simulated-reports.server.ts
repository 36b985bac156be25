import { createHash } from "node:crypto";
import { stockholmDateParts } from "~/lib/format";
import { parsePersonnummer } from "~/lib/personnummer";
import type { CreditCheckScore, CreditReport } from "./types.server";

// What the simulated bureau knows of a person, the same on every run: whether it answers, the score and the
// report, all drawn from a hash of the personal number.

/**
 * Protected identities (skyddade personuppgifter): the bureau answers SuccessWithoutResult. A real bureau
 * knows them from the population register; the simulator knows this fixed list. 19800520-7488 is Sanna Öberg,
 * the acquirer of the demo transfer t-tallbacken-gift; 19700101-9905 is a test number without a demo person.
 */
export const PROTECTED_PERSONAL_NUMBERS: ReadonlySet<string> = new Set(["198005207488", "197001019905"]);

/**
 * Numbers the simulated bureau fails on (status Error), besides about one in 25 others: Axel Nyström, whose
 * demo check (t-larkan-review-deviations) is already Error, and a test number.
 */
export const FAILING_PERSONAL_NUMBERS: ReadonlySet<string> = new Set(["199011028512", "197001019913"]);

const COORDINATION_REASON = "Personen har samordningsnummer och är inte folkbokförd i Sverige";
const MINOR_REASON = "Personen är under 18 år";
const NO_INCOME_REASON = "Taxerade inkomster saknas för de senaste två åren";

/** Months of history a report keeps (spec 02 §9); the simulator stays a little inside it. */
export const HISTORY_MONTHS = 36;
const MAX_DAYS_BACK = 1_080;

const RESIDENCES = [
  { county: "Stockholms län", municipality: "Stockholm", parish: "Sofia" },
  { county: "Stockholms län", municipality: "Stockholm", parish: "Adolf Fredrik" },
  { county: "Stockholms län", municipality: "Solna", parish: "Solna" },
  { county: "Västra Götalands län", municipality: "Göteborg", parish: "Masthugget" },
  { county: "Skåne län", municipality: "Malmö", parish: "Limhamn" },
  { county: "Uppsala län", municipality: "Uppsala", parish: "Uppsala domkyrkoförsamling" },
  { county: "Östergötlands län", municipality: "Norrköping", parish: "Sankt Olai" },
  { county: "Östergötlands län", municipality: "Linköping", parish: "Linköpings domkyrkoförsamling" },
  { county: "Västerbottens län", municipality: "Umeå", parish: "Umeå stadsförsamling" },
  { county: "Hallands län", municipality: "Halmstad", parish: "Halmstad" },
] as const;

const LENDERS = [
  "Nordea",
  "Handelsbanken",
  "SEB",
  "Swedbank",
  "Klarna",
  "Resurs Bank",
  "Telia",
  "Ikano Bank",
];
const REMARKS = [
  "Betalningsföreläggande",
  "Utslag i mål om betalningsföreläggande",
  "Skuld hos Kronofogden",
  "Utmätning",
  "Ansökan om betalningsföreläggande, avslutad",
];
const ESTATES = ["Eken", "Linden", "Hägern", "Svalan", "Kvarnen", "Sjöboden", "Rönnen", "Mården"];
const MALE_NAMES = ["Erik", "Lars", "Johan", "Anders", "Mikael", "Oskar", "Ali", "Emil"];
const FEMALE_NAMES = ["Anna", "Maria", "Sara", "Emma", "Karin", "Lina", "Yasmin", "Ida"];
const SURNAMES = ["Andersson", "Johansson", "Karlsson", "Nilsson", "Eriksson", "Larsson", "Olsson", "Berg"];

/** Share of everyone (0-99) per score, worst first; coordination numbers and minors are NotScored apart. */
const SCORE_BANDS: Array<[CreditCheckScore, number]> = [
  ["AdviceAgainstCredit", 8],
  ["LowCreditworthiness", 20],
  ["Creditworthy", 50],
  ["GoodCreditworthiness", 72],
  ["VeryGoodCreditworthiness", 87],
  ["NotDefined", 93],
  ["NotScored", 100],
];

/** Yearly gross income (kronor) by score: [lowest, highest]. */
const INCOME: Record<CreditCheckScore, [number, number]> = {
  AdviceAgainstCredit: [90_000, 220_000],
  LowCreditworthiness: [160_000, 300_000],
  Creditworthy: [280_000, 450_000],
  GoodCreditworthiness: [400_000, 620_000],
  VeryGoodCreditworthiness: [600_000, 1_200_000],
  NotDefined: [200_000, 500_000],
  NotScored: [0, 0],
};

/** A number 0..n-1 from the personal number and a label: the same every run, independent per label. */
function draw(personalNumber: string, label: string, n: number): number {
  const digest = createHash("sha256").update(`${personalNumber}|${label}`).digest();
  return digest.readUInt32BE(0) % n;
}

function between(personalNumber: string, label: string, [low, high]: [number, number], step = 100): number {
  const steps = Math.floor((high - low) / step);
  return low + draw(personalNumber, label, steps + 1) * step;
}

export type SimulatedOutcome = "Success" | "SuccessWithoutResult" | "Error";

/** What the simulated bureau answers for a 12-digit number once the order is no longer Pending. */
export function simulatedOutcome(personalNumber: string): SimulatedOutcome {
  if (PROTECTED_PERSONAL_NUMBERS.has(personalNumber)) return "SuccessWithoutResult";
  if (FAILING_PERSONAL_NUMBERS.has(personalNumber)) return "Error";
  return draw(personalNumber, "outcome", 25) === 0 ? "Error" : "Success";
}

function ageOn(personalNumber: string, at: Date): number {
  const parsed = parsePersonnummer(personalNumber, at);
  if (!parsed.ok) throw new RangeError(`Not a personal number: ${personalNumber}`);
  const { year, month, day } = parsed.value.birthDate;
  const today = stockholmDateParts(at);
  const hadBirthday = today.month * 100 + today.day >= month * 100 + day;
  return today.year - year - (hadBirthday ? 0 : 1);
}

/** The score and, for NotScored, the bureau's reason. */
export function simulatedScore(
  personalNumber: string,
  at: Date,
): { score: CreditCheckScore; notScoredReason: string | null } {
  if (Number(personalNumber.slice(6, 8)) > 60)
    return { score: "NotScored", notScoredReason: COORDINATION_REASON };
  if (ageOn(personalNumber, at) < 18) return { score: "NotScored", notScoredReason: MINOR_REASON };
  const band = draw(personalNumber, "score", 100);
  const score = SCORE_BANDS.find(([, upTo]) => band < upTo)![0];
  return { score, notScoredReason: score === "NotScored" ? NO_INCOME_REASON : null };
}

function derivedName(personalNumber: string): string {
  const male = Number(personalNumber[10]) % 2 === 1;
  const first = (male ? MALE_NAMES : FEMALE_NAMES)[draw(personalNumber, "first", 8)];
  return `${first} ${SURNAMES[draw(personalNumber, "last", SURNAMES.length)]}`;
}

function daysBefore(at: Date, days: number, hour: number): Date {
  const d = new Date(at.getTime() - days * 86_400_000);
  d.setUTCHours(hour, draw(String(days), "minute", 60), 0, 0);
  return d;
}

export interface SimulatedReportInput {
  personalNumber: string;
  orderedAt: Date;
  /** From the population register; derived from the number when the simulator does not know the person. */
  fullName?: string | null;
  /** Who is asking, as the bureau's own history of this report will name them. */
  requester: string;
}

/**
 * A believable report for a personal number, the same every time for the same number and order time:
 * age and gender from the number; a score from a hash of it; income, debts, remarks, properties and
 * inquiries that fit the score; no event older than 36 months before the order.
 */
export function simulatedReport(input: SimulatedReportInput): CreditReport {
  const { personalNumber: pnr, orderedAt } = input;
  const age = ageOn(pnr, orderedAt);
  const { score, notScoredReason } = simulatedScore(pnr, orderedAt);
  const coordination = Number(pnr.slice(6, 8)) > 60;
  const weak = score === "AdviceAgainstCredit" || score === "LowCreditworthiness";
  const orderYear = stockholmDateParts(orderedAt).year;

  const maritalRoll = draw(pnr, "marital", 10);
  const martialStatus =
    age < 25 || maritalRoll < 5
      ? "Unmarried"
      : maritalRoll < 8
        ? "Married"
        : maritalRoll === 8
          ? "Divorced"
          : age >= 60
            ? "Widowed"
            : "Married";

  const [publicCount, privateCount] =
    score === "AdviceAgainstCredit"
      ? [1 + draw(pnr, "public", 4), 2 + draw(pnr, "private", 4)]
      : score === "LowCreditworthiness"
        ? [draw(pnr, "public", 2), 1 + draw(pnr, "private", 3)]
        : score === "Creditworthy"
          ? [0, draw(pnr, "private", 2)]
          : [0, 0];
  const debtBalance = {
    numberOfPublicDebt: publicCount,
    totalPublicDebt: publicCount ? between(pnr, "publicTotal", [15_000, 300_000]) : 0,
    numberOfPrivateDebt: privateCount,
    totalPrivateDebt: privateCount
      ? between(pnr, "privateTotal", score === "Creditworthy" ? [5_000, 30_000] : [10_000, 150_000])
      : 0,
  };

  const owns =
    draw(pnr, "estate", 100) <
    ({ VeryGoodCreditworthiness: 60, GoodCreditworthiness: 30, Creditworthy: 10 } as Record<string, number>)[
      score
    ]!;
  const residential = coordination ? null : RESIDENCES[draw(pnr, "residence", RESIDENCES.length)]!;
  const realEstateProperties = owns
    ? [
        (() => {
          const land = between(pnr, "land", [300_000, 1_500_000], 1_000);
          const building = between(pnr, "building", [800_000, 3_000_000], 1_000);
          return {
            propertyDesignation: `${residential?.municipality ?? "Stockholm"} ${ESTATES[draw(pnr, "estateName", ESTATES.length)]} ${1 + draw(pnr, "block", 12)}:${1 + draw(pnr, "unit", 40)}`,
            ownership: draw(pnr, "ownership", 2) === 0 ? "1/1" : "1/2",
            taxValueOfLand: land,
            taxValueOfBuilding: building,
            totalTaxValue: land + building,
            acreage: between(pnr, "acreage", [400, 2_500], 10),
          };
        })(),
      ]
    : [];

  const base = INCOME[score][1] === 0 ? 0 : between(pnr, "income", INCOME[score]);
  const business = draw(pnr, "business", 100) < 15 ? 10 + draw(pnr, "businessShare", 31) : 0;
  const taxAssessments =
    base === 0
      ? []
      : [1, 2, 3].map((back) => {
          const gross = Math.round((base * 0.97 ** (back - 1)) / 100) * 100;
          const active = Math.round((gross * business) / 10_000) * 100;
          const passive =
            draw(pnr, `passive${back}`, 10) === 0 ? between(pnr, `passiveAmount${back}`, [1_000, 20_000]) : 0;
          const surplusOfCapital = weak ? 0 : between(pnr, `surplus${back}`, [0, Math.round(base / 20)]);
          const deficitOfCapital =
            owns || martialStatus === "Married" ? between(pnr, `deficit${back}`, [5_000, 40_000]) : 0;
          const deductionFromEarnedIncome =
            draw(pnr, "deduction", 3) === 0 ? 2_000 + 100 * draw(pnr, `d${back}`, 60) : 0;
          const taxable = gross - deductionFromEarnedIncome + surplusOfCapital - deficitOfCapital;
          return {
            year: orderYear - back,
            totalGrossIncome: gross,
            // At least 84 000 gross, at most 40 % active and 20 000 passive: employment is never negative.
            incomeOfEmployment: gross - active - passive,
            incomeOfActiveBusinessActivity: active,
            incomeOfPassiveBusinessActivity: passive,
            deficitOfCapital,
            surplusOfCapital,
            deductionFromEarnedIncome,
            finalTax: Math.max(0, Math.round((taxable * 0.31) / 100) * 100),
          };
        });

  const remarkCount =
    score === "AdviceAgainstCredit"
      ? 2 + draw(pnr, "remarks", 4)
      : score === "LowCreditworthiness"
        ? 1 + draw(pnr, "remarks", 2)
        : 0;
  const remarks = Array.from({ length: remarkCount }, (_, i) => {
    const when = daysBefore(orderedAt, 30 + draw(pnr, `remarkDay${i}`, MAX_DAYS_BACK - 30), 12);
    return {
      when,
      occuredOn: when.toISOString().slice(0, 10),
      amount: between(pnr, `remarkAmount${i}`, [1_000, 60_000]),
      description: REMARKS[draw(pnr, `remark${i}`, REMARKS.length)]!,
    };
  }).sort((a, b) => b.when.getTime() - a.when.getTime());

  const orderedAtIso = orderedAt.toISOString();
  const metadata = { orderedAt: orderedAtIso };
  const inquiries = (
    {
      AdviceAgainstCredit: [4, 5],
      LowCreditworthiness: [3, 4],
      Creditworthy: [1, 4],
      GoodCreditworthiness: [0, 4],
      VeryGoodCreditworthiness: [0, 3],
      NotDefined: [1, 3],
      NotScored: [0, 2],
    } as Record<CreditCheckScore, [number, number]>
  )[score];
  const events = [
    { at: orderedAt, category: "CreditCheck", description: `Kreditupplysning tagen av ${input.requester}` },
    ...Array.from({ length: inquiries[0] + draw(pnr, "inquiries", inquiries[1]) }, (_, i) => ({
      at: daysBefore(
        orderedAt,
        1 + draw(pnr, `inquiryDay${i}`, MAX_DAYS_BACK),
        8 + draw(pnr, `inquiryHour${i}`, 9),
      ),
      category: "CreditCheck",
      description: `Kreditupplysning tagen av ${LENDERS[draw(pnr, `lender${i}`, LENDERS.length)]}`,
    })),
    ...remarks.map((r) => ({
      at: r.when,
      category: "PaymentRemark",
      description: `Ny betalningsanmärkning: ${r.description}`,
    })),
    ...(residential && draw(pnr, "moved", 3) === 0
      ? [
          {
            at: daysBefore(orderedAt, 1 + draw(pnr, "movedDay", MAX_DAYS_BACK), 0),
            category: "AddressChange",
            description: `Ny folkbokföringsadress i ${residential.municipality}`,
          },
        ]
      : []),
  ].sort((a, b) => b.at.getTime() - a.at.getTime());

  return {
    fullName: input.fullName?.trim() || derivedName(pnr),
    gender: Number(pnr[10]) % 2 === 1 ? "Male" : "Female",
    age,
    martialStatus,
    creditDecision: { creditCheckScore: score, notScoredReason },
    debtBalance,
    taxAssessments,
    remarksOfPayment: remarks.map(({ occuredOn, amount, description }) => ({
      occuredOn,
      amount,
      description,
    })),
    realEstateProperties,
    residential,
    history: events.map((e) => ({
      eventOccured: e.at.toISOString(),
      category: e.category,
      description: e.description,
      metadata,
    })),
  };
}
