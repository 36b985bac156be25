import { BROKER_REVIEW, GOTEBORG, PM_DRAFT, PM_REVIEW, type TransferInput } from "../builder/inputs.server";
import { BROKERS, company, estate, f, m, person } from "../people.server";

/**
 * Nordhem's ongoing sales queue: eighteen plain broker sales in Kungsladugård and Guldheden, so that Anders
 * Lund's default list (Aktiva överlåtelser) holds more than one page of 25 and the demo shows `Hämta fler
 * överlåtelser`. Plain on purpose: no flags, messages or supplements beyond what each status implies.
 */
function nordhemQueue(): TransferInput[] {
  const objects = [
    ...["1301", "1302", "1401", "1402", "1501", "1502", "1601", "1602", "1701"].map(
      (a) => `kungsladugard:${a}`,
    ),
    ...["1101", "1202", "1301", "1502", "1701", "1802", "1901", "1902", "2001"].map((a) => `guldheden:${a}`),
  ];
  const sellers: Array<[string, string, string, "f" | "m"]> = [
    ["Ingrid", "Alvarsson", "1958-03-14", "f"],
    ["Tomas", "Berglöf", "1969-11-02", "m"],
    ["Sanna", "Claesson", "1987-05-21", "f"],
    ["Mikael", "Dahlberg", "1974-08-09", "m"],
    ["Elsa", "Eriksson", "1995-01-30", "f"],
    ["Rasmus", "Frisk", "1989-06-17", "m"],
    ["Linnea", "Gustafsson", "1991-12-05", "f"],
    ["Hampus", "Holm", "1983-02-26", "m"],
    ["Agnes", "Isaksson", "1966-09-13", "f"],
  ];
  const buyers: Array<[string, string, string, "f" | "m"]> = [
    ["Nils", "Jakobsson", "1996-04-08", "m"],
    ["Tilda", "Karlberg", "1998-07-19", "f"],
    ["Axel", "Lindahl", "1994-10-27", "m"],
    ["Maja", "Mattsson", "1997-03-03", "f"],
    ["Vincent", "Nordin", "1993-05-14", "m"],
    ["Wilma", "Olofsson", "1999-08-22", "f"],
    ["Hugo", "Palm", "1990-01-11", "m"],
    ["Alva", "Rydberg", "1995-11-29", "f"],
    ["Melvin", "Sjögren", "1992-06-06", "m"],
  ];
  const brokers = [BROKERS.bjurfors, BROKERS.erikolsson];
  return objects.map((object, i): TransferInput => {
    const seller = sellers[i % sellers.length]!;
    const buyer = buyers[(i * 4) % buyers.length]!;
    const daysAgo = 2 + i * 2;
    const base = {
      id: `t-nordhem-queue-${String(i + 1).padStart(2, "0")}`,
      object,
      type: "Purchase" as const,
      initiator: "Intermediary" as const,
      created: `${daysAgo + 6}d 09:${String(10 + i).padStart(2, "0")}`,
      updated: `${daysAgo}d 14:${String(10 + i).padStart(2, "0")}`,
      broker: brokers[i % brokers.length]!,
      price: 2_150_000 + i * 137_000,
      contract: -(daysAgo + 7),
      entry: 30 + i * 3,
      transferors: [
        {
          who: person(seller[3], seller[0], seller[1], seller[2], 60 + i),
          owner: "1/1" as const,
          share: "1/1" as const,
        },
      ],
      acquirers: [{ who: person(buyer[3], buyer[0], buyer[1], buyer[2], 80 + i), share: "1/1" as const }],
    };
    switch (i % 3) {
      case 0:
        return {
          ...base,
          status: "OngoingApplications",
          path: ["registerFromIntermediary"],
          documents: "agreement",
        };
      case 1:
        return { ...base, status: "TransferReviewInProgress", path: BROKER_REVIEW };
      default:
        return {
          ...base,
          status: "MembershipReviewInProgress",
          path: [...BROKER_REVIEW, "sendToMembershipReview"],
        };
    }
  });
}

/** Nordhem Fastighetsförvaltning's transfers (manager Anders Lund): the sales queue, then one literal each. */
export function nordhemTransfers(): TransferInput[] {
  return [
    ...nordhemQueue(),
    // ---- Nordhem Fastighetsförvaltning: Bostadsföreningen Lärkan
    {
      id: "t-larkan-initiated",
      object: "larkan:1301",
      type: "DivisionOfProperty",
      initiator: "PropertyManager",
      status: "Initiated",
      path: ["createTransfer", "initiate"],
      created: "2h",
      updated: "2h",
      createdBy: "user-anders",
      transferors: [{ who: m("Johannes", "Falk", "1983-03-16", 79), owner: "1/2", share: "1/2" }],
    },
    {
      id: "t-larkan-review-deviations",
      object: "larkan:1101",
      type: "Purchase",
      initiator: "Intermediary",
      status: "TransferReviewInProgress",
      path: BROKER_REVIEW,
      created: "7d 09:00",
      updated: "6d 09:05",
      broker: BROKERS.bjurfors,
      price: 3_650_000,
      contract: -8,
      entry: 42,
      transferors: [{ who: f("Charlotte", "Hedlund", "1978-02-20", 84), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: m("Axel", "Nyström", "1990-11-02", 85), share: "1/2" },
        { who: f("Julia", "Carlsson", "1991-03-27", 86), share: "1/2" },
      ],
      deviations: ["AcquirerOnAgreementAndApplication", "PageContentRight"],
      credit: [{ party: "a1", by: "user-anders", at: "5d 13:00", status: "Error", completedAt: "5d 13:02" }],
      messages: [
        {
          from: "user-anders",
          to: "Intermediary",
          at: "5d 13:20",
          body: "Hej Sara! Julia Carlsson står inte med i överlåtelseavtalet men har skickat in medlemsansökan. Ska hon vara köpare? Sidan 2 av avtalet saknas också.",
        },
      ],
    },

    // ---- Nordhem Fastighetsförvaltning: Brf Stenhuggaren 12
    {
      id: "t-stenhuggaren-ongoing",
      object: "stenhuggaren:1102",
      type: "Purchase",
      initiator: "Intermediary",
      status: "OngoingApplications",
      path: ["registerFromIntermediary"],
      created: "20h",
      updated: "20h",
      broker: BROKERS.erikolsson,
      price: 3_095_000,
      contract: -1,
      entry: 55,
      transferors: [{ who: m("Joakim", "Ström", "1981-01-01", 89), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: f("Hedvig", "Lundberg", "1993-10-13", 90), share: "1/1" }],
      documents: "agreement",
    },
    {
      id: "t-stenhuggaren-expired",
      object: "stenhuggaren:1001",
      type: "Purchase",
      initiator: "Intermediary",
      status: "OngoingApplications",
      path: ["registerFromIntermediary"],
      created: "75d 14:00",
      updated: "75d 14:00",
      broker: BROKERS.erikolsson,
      price: 1_650_000,
      contract: -76,
      entry: -5,
      transferors: [{ who: f("Rebecka", "Wikander", "1990-05-25", 93), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Simon", "Blomqvist", "1998-08-30", 94), share: "1/1" }],
      documents: "agreement",
      expired: true,
    },
    {
      id: "t-stenhuggaren-awaiting-info",
      object: "stenhuggaren:1201",
      type: "Purchase",
      initiator: "Intermediary",
      status: "AwaitingInfoRequestAnswer",
      path: [
        ...BROKER_REVIEW,
        ["sendToMembershipReview", "10d 09:00"],
        ["requestAdditionalInfo", "8d 11:00"],
        ["requestAdditionalInfo", "7d 15:30"],
      ],
      created: "19d 09:00",
      updated: "7d 15:30",
      broker: BROKERS.erikolsson,
      price: 3_980_000,
      contract: -20,
      entry: 26,
      transferors: [{ who: m("Leif", "Nordqvist", "1956-11-23", 95), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Hampus", "Ek", "1999-02-19", 96), share: "1/1" }],
      supplements: [
        {
          category: "Other",
          person: "a1",
          personType: "Acquirer",
          message: "Vänligen komplettera med ett intyg om inkomst för Hampus Ek.",
          by: "user-anders",
          at: "8d 11:00",
          status: "Cancelled",
          cancelledAt: "7d 15:25",
        },
        {
          category: "Other",
          person: "a1",
          personType: "Acquirer",
          message:
            "Vänligen komplettera med anställningsbevis och de tre senaste lönespecifikationerna för Hampus Ek.",
          by: "user-anders",
          at: "7d 15:30",
          status: "Open",
          forwarded: true,
        },
      ],
      notes: [
        {
          audience: "PropertyManager",
          by: "user-anders",
          at: "7d 15:32",
          body: "Ersatte kompletteringen med en tydligare begäran. Skickat vidare till mäklaren per e-post också.",
        },
      ],
    },

    // ---- Nordhem Fastighetsförvaltning: Brf Måsen 5
    {
      id: "t-masen-membership-review",
      object: "masen:1101",
      type: "Gift",
      initiator: "PropertyManager",
      status: "MembershipReviewInProgress",
      path: [...PM_REVIEW, "sendToMembershipReview"],
      created: "12d 10:30",
      updated: "5d 11:00",
      createdBy: "user-anders",
      contract: -13,
      entry: 16,
      transferors: [{ who: m("Bengt", "Sjögren", "1946-09-12", 97), owner: "1/1", share: "1/2" }],
      acquirers: [{ who: f("Therese", "Sjögren", "1978-01-03", 98), share: "1/2", notice: true }],
      credit: [
        {
          party: "a1",
          by: "user-anders",
          at: "5d 10:20",
          status: "Success",
          completedAt: "5d 10:21",
          profile: { score: "Creditworthy", married: true, income: 446_900, residential: GOTEBORG },
        },
      ],
    },
    {
      id: "t-masen-approved",
      object: "masen:1001",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipApproved",
      path: [...BROKER_REVIEW, ["sendToMembershipReview", "13d 09:00"], "approveMembership"],
      created: "23d 09:15",
      updated: "8d 15:10",
      broker: BROKERS.erikolsson,
      price: 2_995_000,
      contract: -24,
      entry: 13,
      transferors: [
        { who: f("Lisa", "Grahn", "1988-06-18", 99), owner: "1/2", share: "1/2" },
        { who: m("Martin", "Grahn", "1987-12-28", 1), owner: "1/2", share: "1/2" },
      ],
      acquirers: [{ who: m("Noah", "Persson", "1996-05-05", 2), share: "1/1" }],
      decision: { value: "Approved", at: "8d 15:10", by: "user-anders", device: "ThisDevice" },
    },

    // ---- Nordhem Fastighetsförvaltning: associations without demo board members
    {
      id: "t-havsbrisen-company",
      object: "havsbrisen:1201",
      type: "Purchase",
      initiator: "Intermediary",
      status: "TransferReviewInProgress",
      path: BROKER_REVIEW,
      created: "5d 13:40",
      updated: "4d 13:45",
      broker: BROKERS.bjurfors,
      price: 6_300_000,
      contract: -6,
      entry: 62,
      transferors: [{ who: m("Claes", "Bergkvist", "1961-04-30", 12), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: company("Bergvik Invest AB", "5569182735"), share: "1/1" }],
      deviations: ["AcquirerOfLegalAge"],
      notes: [
        {
          audience: "PropertyManager",
          by: "user-anders",
          at: "4d 14:00",
          body: "Juridisk person som förvärvare. Stadgarna tillåter det bara efter styrelsens särskilda prövning, kontakta ordföranden.",
        },
      ],
    },
    {
      id: "t-havsbrisen-rejected",
      object: "havsbrisen:1101",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipRejected",
      path: [...BROKER_REVIEW, ["sendToMembershipReview", "36d 09:00"], "rejectMembership"],
      created: "48d 10:00",
      updated: "30d 14:30",
      broker: BROKERS.bjurfors,
      price: 4_890_000,
      contract: -47,
      entry: 14,
      transferors: [{ who: f("Katarina", "Lindh", "1972-07-22", 10), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Benjamin", "Roos", "1985-09-09", 16), share: "1/1" }],
      decision: {
        value: "Rejected",
        at: "30d 14:30",
        by: "user-anders",
        device: "ThisDevice",
        reason:
          "Förvärvaren avser att använda lägenheten som fritidsbostad, vilket inte är förenligt med stadgarna.",
      },
    },
    {
      id: "t-kastanjen-draft",
      object: "kastanjen:1102",
      type: "Inheritance",
      initiator: "PropertyManager",
      status: "Draft",
      path: PM_DRAFT,
      created: "4d 09:30",
      updated: "1d 16:00",
      createdBy: "user-anders",
      contract: -4,
      entry: 60,
      transferors: [{ who: estate(f("Astrid", "Mellberg", "1936-01-15", 20)), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: m("Per", "Mellberg", "1962-03-08", 39), share: "1/3" },
        { who: f("Annika", "Mellberg", "1964-10-30", 40), share: "1/3" },
        { who: f("Helén", "Mellberg-Ali", "1968-12-02", 41), share: "1/3" },
      ],
      documents: "agreement",
    },
    {
      id: "t-kastanjen-approved",
      object: "kastanjen:1201",
      type: "Gift",
      initiator: "PropertyManager",
      status: "MembershipApproved",
      path: [...PM_REVIEW, ["sendToMembershipReview", "101d 10:00"], "approveMembership"],
      created: "115d 09:00",
      updated: "95d 11:30",
      createdBy: "user-anders",
      contract: -116,
      entry: -90,
      transferors: [{ who: m("Kjell", "Olausson", "1945-05-17", 42), owner: "1/1", share: "1/1" }],
      acquirers: [{ who: m("Fredrik", "Olausson", "1974-02-12", 43), share: "1/1" }],
      decision: { value: "Approved", at: "95d 11:30", by: "user-anders", device: "ThisDevice" },
    },
    {
      id: "t-guldheden-review",
      object: "guldheden:1602",
      type: "DivisionOfProperty",
      initiator: "PropertyManager",
      status: "TransferReviewInProgress",
      path: PM_REVIEW,
      created: "3d 10:15",
      updated: "2d 09:00",
      createdBy: "user-anders",
      contract: -4,
      entry: 25,
      transferors: [{ who: f("Pernilla", "Ekholm", "1982-09-01", 44), owner: "1/2", share: "1/2" }],
      acquirers: [
        { who: m("Jimmy", "Ekholm", "1980-12-15", 45), owner: "1/2", share: "1/2", member: "MEMBER" },
      ],
      deviations: ["AcquirerNotAlreadyMember"],
    },
    {
      id: "t-kungsladugard-approved",
      object: "kungsladugard:1102",
      type: "Purchase",
      initiator: "Intermediary",
      status: "MembershipApproved",
      path: [
        ...BROKER_REVIEW,
        ["sendToMembershipReview", "27d 09:00"],
        "approveMembership",
        "markPartsNotified",
      ],
      created: "36d 10:45",
      updated: "19d 08:15",
      broker: BROKERS.erikolsson,
      price: 3_325_000,
      contract: -35,
      entry: -2,
      transferors: [{ who: m("Roger", "Svensson", "1967-04-04", 46), owner: "1/1", share: "1/1" }],
      acquirers: [
        { who: f("Klara", "Wennberg", "1992-02-02", 47), share: "1/2" },
        { who: m("Ludvig", "Wennberg", "1991-08-19", 48), share: "1/2" },
      ],
      decision: { value: "Approved", at: "20d 13:45", by: "user-anders", device: "ThisDevice" },
      partsNotified: "19d 08:15",
      messages: [
        {
          from: "broker",
          to: "PropertyManager",
          at: "19d 09:30",
          body: "Tack för snabb hantering! Nycklarna lämnas över på tillträdesdagen kl. 12 på mäklarkontoret.",
        },
      ],
    },
  ];
}
