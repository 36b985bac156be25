import { describe, expect, it } from "vitest";
import { generateOrganisationsnummer, isValidOrganisationsnummer } from "~/lib/organisationsnummer";
import { generatePersonnummer, isValidPersonnummer, parsePersonnummer } from "~/lib/personnummer";
import {
  CompanyRegistrySimulator,
  DEMO_BOARD_PEOPLE,
  FORMER_BOARD_MEMBER,
  REGISTRY_ASSOCIATIONS as A,
  REGISTRY_SEED,
} from "./simulator.server";
import { CompanyRegistryError } from "./types.server";

const [KARIN, ERIK, FATIMA] = DEMO_BOARD_PEOPLE as [
  (typeof DEMO_BOARD_PEOPLE)[number],
  (typeof DEMO_BOARD_PEOPLE)[number],
  (typeof DEMO_BOARD_PEOPLE)[number],
];

function simulatorAt(isoInstant: string) {
  let now = new Date(isoInstant);
  const sim = new CompanyRegistrySimulator({ now: () => now });
  return { sim, setNow: (instant: string) => (now = new Date(instant)) };
}

async function registryError(promise: Promise<unknown> | (() => unknown)): Promise<CompanyRegistryError> {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(CompanyRegistryError);
    return error as CompanyRegistryError;
  }
  throw new Error("expected a CompanyRegistryError");
}

describe("REGISTRY_SEED", () => {
  it("holds valid, unique personal and organisation numbers in their stored forms", () => {
    const pnrs = REGISTRY_SEED.people.map((p) => p.personalNumber);
    for (const pnr of pnrs) {
      expect(pnr).toMatch(/^\d{12}$/);
      expect(isValidPersonnummer(pnr), pnr).toBe(true);
    }
    expect(new Set(pnrs).size).toBe(pnrs.length);

    const orgnrs = REGISTRY_SEED.associations.map((a) => a.organisationNumber);
    for (const orgnr of orgnrs) {
      expect(orgnr).toMatch(/^\d{10}$/);
      expect(isValidOrganisationsnummer(orgnr), orgnr).toBe(true);
    }
    expect(new Set(orgnrs).size).toBe(orgnrs.length);
    expect(new Set(REGISTRY_SEED.associations.map((a) => a.name)).size).toBe(orgnrs.length);
    expect(orgnrs.length).toBeGreaterThanOrEqual(8);
  });

  it("only refers to people and associations it holds, with sound periods", () => {
    const pnrs = new Set(REGISTRY_SEED.people.map((p) => p.personalNumber));
    const orgnrs = new Set(REGISTRY_SEED.associations.map((a) => a.organisationNumber));
    for (const e of REGISTRY_SEED.engagements) {
      expect(pnrs.has(e.personalNumber), e.personalNumber).toBe(true);
      expect(orgnrs.has(e.organisationNumber), e.organisationNumber).toBe(true);
      if (e.to !== null) expect(e.to >= e.from).toBe(true);
    }
  });

  it("has demo board people born 1955-1990, each on a board today, one of them on two", async () => {
    const sim = new CompanyRegistrySimulator();
    expect(DEMO_BOARD_PEOPLE).toHaveLength(5);
    const counts: number[] = [];
    for (const person of DEMO_BOARD_PEOPLE) {
      const parsed = parsePersonnummer(person.personalNumber);
      expect(parsed.ok && parsed.value.birthDate.year >= 1955 && parsed.value.birthDate.year <= 1990).toBe(
        true,
      );
      const engagements = await sim.boardEngagements(person.personalNumber);
      expect(engagements.length, person.surname).toBeGreaterThan(0);
      counts.push(new Set(engagements.map((e) => e.organisationNumber)).size);
    }
    expect(counts.filter((n) => n >= 2).length).toBeGreaterThanOrEqual(1);
  });

  it("lists the former board member with an engagement that ended, and nothing current", async () => {
    const sim = new CompanyRegistrySimulator();
    const theirs = REGISTRY_SEED.engagements.filter(
      (e) => e.personalNumber === FORMER_BOARD_MEMBER.personalNumber,
    );
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((e) => e.to !== null)).toBe(true);
    expect(DEMO_BOARD_PEOPLE.map((p) => p.personalNumber)).not.toContain(FORMER_BOARD_MEMBER.personalNumber);
    expect(await sim.boardEngagements(FORMER_BOARD_MEMBER.personalNumber)).toEqual([]);
  });

  it("has an association whose current board includes someone without a demo user", async () => {
    const sim = new CompanyRegistrySimulator();
    const demo = new Set(DEMO_BOARD_PEOPLE.map((p) => p.personalNumber));
    const kvarnen = await sim.association(A.kvarnen.organisationNumber);
    expect(kvarnen?.board.some((m) => demo.has(m.personalNumber))).toBe(true);
    expect(kvarnen?.board.some((m) => !demo.has(m.personalNumber))).toBe(true);
  });
});

describe("CompanyRegistrySimulator.boardEngagements", () => {
  it("returns current engagements only, in every association", async () => {
    const { sim } = simulatorAt("2026-03-01T10:00:00Z");
    expect(await sim.boardEngagements(ERIK.personalNumber)).toEqual([
      {
        organisationNumber: A.kvarnen.organisationNumber,
        associationName: A.kvarnen.name,
        role: "Member",
        from: "2021-05-12",
        to: null,
      },
    ]);
    const karin = await sim.boardEngagements(KARIN.personalNumber);
    expect(karin.map((e) => [e.associationName, e.role])).toEqual([
      ["Bostadsrättsföreningen Kvarnen 3", "Chair"],
      ["Brf Sjöutsikten", "Member"],
    ]);
  });

  it("accepts the usual written forms and answers an unknown person with an empty list", async () => {
    const { sim } = simulatorAt("2026-03-01T10:00:00Z");
    expect(await sim.boardEngagements("19831127-3869")).toHaveLength(1);
    expect(await sim.boardEngagements("831127-3869")).toHaveLength(1);
    expect(await sim.boardEngagements(generatePersonnummer({ year: 1970, month: 1, day: 1 }, 1))).toEqual([]);
  });

  it.each(["196803142429", "abc", "", "19680314242", "20991231-0000"])(
    "rejects %j as invalidRequest",
    async (input) => {
      const { sim } = simulatorAt("2026-03-01T10:00:00Z");
      const error = await registryError(sim.boardEngagements(input));
      expect(error.kind).toBe("invalidRequest");
      expect(error.retryable).toBe(false);
    },
  );

  it("follows the clock: the last day still counts, the next day does not, a future seat starts on time", async () => {
    const { sim, setNow } = simulatorAt("2026-03-01T10:00:00Z");
    sim.endEngagement(FATIMA.personalNumber, A.tallbacken.organisationNumber, "2026-03-10");
    sim.addEngagement({
      ...FATIMA,
      organisationNumber: A.masen.organisationNumber,
      role: "Deputy",
      from: "2026-03-11",
    });

    setNow("2026-03-10T22:30:00Z"); // 23:30 on the 10th in Stockholm
    expect((await sim.boardEngagements(FATIMA.personalNumber)).map((e) => e.organisationNumber)).toEqual([
      A.tallbacken.organisationNumber,
    ]);
    setNow("2026-03-10T23:30:00Z"); // already the 11th in Stockholm
    expect((await sim.boardEngagements(FATIMA.personalNumber)).map((e) => e.organisationNumber)).toEqual([
      A.masen.organisationNumber,
    ]);
  });
});

describe("CompanyRegistrySimulator.association", () => {
  it("returns the current board ordered by role, without people who left", async () => {
    const { sim } = simulatorAt("2026-03-01T10:00:00Z");
    expect(await sim.association("742935-9875")).toEqual({
      organisationNumber: A.tallbacken.organisationNumber,
      name: "Riksbyggens Bostadsrättsförening Tallbacken",
      board: [
        { personalNumber: FATIMA.personalNumber, givenName: "Fatima", surname: "Haddad", role: "Chair" },
        { personalNumber: "197902116594", givenName: "Ahmed", surname: "Yusuf", role: "Member" },
        { personalNumber: "198710053227", givenName: "Maria", surname: "Sundberg", role: "Deputy" },
      ],
    });
  });

  it("answers an unknown but valid organisation number with null and an invalid one with invalidRequest", async () => {
    const { sim } = simulatorAt("2026-03-01T10:00:00Z");
    expect(await sim.association(generateOrganisationsnummer(999_999))).toBeNull();
    expect((await registryError(sim.association("7428877167"))).kind).toBe("invalidRequest");
    expect((await registryError(sim.association("194912017912"))).kind).toBe("invalidRequest");
  });

  it("hands out copies that do not change the registry", async () => {
    const { sim } = simulatorAt("2026-03-01T10:00:00Z");
    const first = await sim.association(A.kvarnen.organisationNumber);
    first?.board.splice(0);
    const engagements = await sim.boardEngagements(KARIN.personalNumber);
    engagements[0]!.to = "2000-01-01";
    expect((await sim.association(A.kvarnen.organisationNumber))?.board).toHaveLength(3);
    expect((await sim.boardEngagements(KARIN.personalNumber))[0]?.to).toBeNull();
  });
});

describe("CompanyRegistrySimulator mutations and failures", () => {
  it("ends an engagement so that it leaves both the person's list and the board", async () => {
    const { sim } = simulatorAt("2026-03-01T10:00:00Z");
    expect(sim.endEngagement("196803142428", "742984-2581", "2026-02-28")).toBe(1);
    expect((await sim.boardEngagements(KARIN.personalNumber)).map((e) => e.associationName)).toEqual([
      "Bostadsrättsföreningen Kvarnen 3",
    ]);
    const board = (await sim.association(A.sjoutsikten.organisationNumber))?.board ?? [];
    expect(board.map((m) => m.personalNumber)).not.toContain(KARIN.personalNumber);
    expect(
      (
        await registryError(() =>
          sim.endEngagement(KARIN.personalNumber, A.sjoutsikten.organisationNumber, "2026-02-28"),
        )
      ).kind,
    ).toBe("invalidRequest");
  });

  it("adds a person to a new association, which then answers lookups", async () => {
    const { sim } = simulatorAt("2026-03-01T10:00:00Z");
    const orgnr = generateOrganisationsnummer(4242);
    const pnr = generatePersonnummer({ year: 1980, month: 5, day: 5 }, 123);
    const input = {
      personalNumber: pnr,
      givenName: "Test",
      surname: "Testsson",
      organisationNumber: orgnr,
      role: "Chair" as const,
      from: "2026-01-01",
    };
    expect((await registryError(() => sim.addEngagement(input))).kind).toBe("invalidRequest");
    sim.addEngagement({ ...input, associationName: "Brf Provet" });
    expect(await sim.boardEngagements(pnr)).toEqual([
      {
        organisationNumber: orgnr,
        associationName: "Brf Provet",
        role: "Chair",
        from: "2026-01-01",
        to: null,
      },
    ]);
    expect((await sim.association(orgnr))?.board).toEqual([
      { personalNumber: pnr, givenName: "Test", surname: "Testsson", role: "Chair" },
    ]);
    expect((await registryError(() => sim.addEngagement({ ...input, from: "2026-02-30" }))).kind).toBe(
      "invalidRequest",
    );
    expect((await registryError(() => sim.addEngagement({ ...input, to: "2025-12-31" }))).kind).toBe(
      "invalidRequest",
    );
  });

  it("fails every lookup as unavailable and retryable during a simulated outage", async () => {
    const { sim } = simulatorAt("2026-03-01T10:00:00Z");
    sim.simulateOutage(true);
    expect(sim.outageSimulated).toBe(true);
    for (const call of [
      sim.boardEngagements(KARIN.personalNumber),
      sim.association(A.kvarnen.organisationNumber),
    ]) {
      const error = await registryError(call);
      expect(error.kind).toBe("unavailable");
      expect(error.retryable).toBe(true);
    }
    sim.simulateOutage(false);
    expect(await sim.boardEngagements(KARIN.personalNumber)).toHaveLength(2);
  });

  it("reset restores the seed and ends the outage", async () => {
    const { sim } = simulatorAt("2026-03-01T10:00:00Z");
    sim.endEngagement(KARIN.personalNumber, A.kvarnen.organisationNumber, "2026-01-01");
    sim.simulateOutage(true);
    sim.reset();
    expect(await sim.boardEngagements(KARIN.personalNumber)).toHaveLength(2);
  });
});
