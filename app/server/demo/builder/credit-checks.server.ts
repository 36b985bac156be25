import type { Person } from "../people.server";
import { tenants } from "../tenants.server";
import { demoUser } from "../users.server";
import type { Clock } from "./clock.server";
import type { CreditProfile } from "./inputs.server";
import type { TransferBuilder } from "./transfer.server";

/** Credit checks, with the bureau's answer made from the literal's profile. */

function creditResult(clock: Clock, who: Person, profile: CreditProfile, orderedAt: string, orderer: string) {
  const birthYear = Number(who.identifier.slice(0, 4));
  const birth = `${who.identifier.slice(0, 4)}-${who.identifier.slice(4, 6)}-${who.identifier.slice(6, 8)}`;
  const today = clock.date(0);
  const age = Number(today.slice(0, 4)) - birthYear - (today.slice(5) < birth.slice(5) ? 1 : 0);
  const lastYear = Number(today.slice(0, 4)) - 1;
  const assessment = (year: number, gross: number) => ({
    year,
    totalGrossIncome: gross,
    incomeOfEmployment: gross,
    incomeOfActiveBusinessActivity: 0,
    incomeOfPassiveBusinessActivity: 0,
    deficitOfCapital: profile.married ? 8_400 : 0,
    surplusOfCapital: Math.round(gross * 0.02),
    deductionFromEarnedIncome: 0,
    finalTax: Math.round(gross * 0.29),
  });
  const [publicCount, publicTotal] = profile.publicDebt ?? [0, 0];
  const [privateCount, privateTotal] = profile.privateDebt ?? [0, 0];
  return {
    fullName: `${who.first} ${who.last}`,
    gender: Number(who.identifier.slice(10, 11)) % 2 === 1 ? "Male" : "Female",
    age,
    martialStatus: profile.married ? "Married" : "Unmarried",
    creditDecision: { creditCheckScore: profile.score, notScoredReason: null },
    debtBalance: {
      numberOfPublicDebt: publicCount,
      totalPublicDebt: publicTotal,
      numberOfPrivateDebt: privateCount,
      totalPrivateDebt: privateTotal,
    },
    taxAssessments: [
      assessment(lastYear, profile.income),
      assessment(lastYear - 1, Math.round(profile.income * 0.96)),
    ],
    remarksOfPayment: (profile.remarks ?? []).map((r) => ({
      occuredOn: clock.date(-r.daysAgo),
      amount: r.amount,
      description: r.description,
    })),
    realEstateProperties: profile.property
      ? [
          {
            propertyDesignation: profile.property.designation,
            ownership: profile.property.ownership,
            taxValueOfLand: profile.property.land,
            taxValueOfBuilding: profile.property.building,
            totalTaxValue: profile.property.land + profile.property.building,
            acreage: profile.property.acreage,
          },
        ]
      : [],
    residential: profile.residential,
    history: [
      {
        eventOccured: orderedAt,
        category: "CreditCheck",
        description: `Kreditupplysning tagen av ${orderer}`,
        metadata: { orderedAt },
      },
    ],
  };
}

export function creditChecks(b: TransferBuilder): void {
  const { t, clock } = b;
  const association = b.object.association;
  (t.credit ?? []).forEach((c, i) => {
    const target = b.party(c.party);
    if (target.who.identifierType !== "SocialSecurityNumber") b.fail("credit checks need a personal number");
    const orderedAt = b.at(c.at);
    const orderer = demoUser(c.by).isManager
      ? (tenants.find((tenant) => tenant.id === association.tenantId)?.display_name ?? association.name)
      : association.name;
    b.rows.creditChecks.push({
      id: `${t.id}-cc${i + 1}`,
      transfer_id: t.id,
      party_id: target.id,
      identifier_value: target.who.identifier,
      ordered_by_user_id: c.by,
      ordered_at: orderedAt,
      status: c.status,
      result:
        c.status === "Success" && c.profile && !c.erasedAt
          ? JSON.stringify(creditResult(clock, target.who, c.profile, orderedAt, orderer))
          : null,
      completed_at: c.completedAt ? b.at(c.completedAt) : null,
      data_erased_at: c.erasedAt ? b.at(c.erasedAt) : null,
    });
  });
}
