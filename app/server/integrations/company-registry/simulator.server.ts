import {
  isCurrentOn,
  isIsoDate,
  normalizeOrganisationNumber,
  normalizePersonalNumber,
  todayInSweden,
} from "./rules.server";
import {
  REGISTRY_SEED,
  type RegistryEngagement,
  type RegistryPerson,
  type RegistrySeed,
} from "./seed.server";
import {
  BOARD_ROLES,
  CompanyRegistryError,
  type Association,
  type BoardEngagement,
  type BoardRole,
  type CompanyRegistryClient,
} from "./types.server";

export {
  DEMO_BOARD_PEOPLE,
  FORMER_BOARD_MEMBER,
  OTHER_BOARD_PEOPLE,
  REGISTRY_ASSOCIATIONS,
  REGISTRY_SEED,
  type RegistryAssociation,
  type RegistryEngagement,
  type RegistryPerson,
  type RegistrySeed,
} from "./seed.server";

export interface CompanyRegistrySimulatorOptions {
  now?: () => Date;
  /** The registry's starting content; REGISTRY_SEED unless given. */
  seed?: RegistrySeed;
}

export interface NewEngagement {
  personalNumber: string;
  givenName: string;
  surname: string;
  organisationNumber: string;
  /** Needed when the association is not in the registry yet; ignored otherwise. */
  associationName?: string;
  role: BoardRole;
  from: string;
  to?: string | null;
}

const ROLE_ORDER: Record<BoardRole, number> = { Chair: 0, Member: 1, Deputy: 2 };
const collator = new Intl.Collator("sv");

function invalid(message: string): CompanyRegistryError {
  return new CompanyRegistryError("invalidRequest", message);
}

/** An in-memory company registry that answers like the gateway, for development and tests. */
export class CompanyRegistrySimulator implements CompanyRegistryClient {
  private readonly now: () => Date;
  private readonly seed: RegistrySeed;
  private associations = new Map<string, string>();
  private people = new Map<string, RegistryPerson>();
  private engagements: RegistryEngagement[] = [];
  private outage = false;

  constructor(options: CompanyRegistrySimulatorOptions = {}) {
    this.now = options.now ?? (() => new Date());
    this.seed = options.seed ?? REGISTRY_SEED;
    this.reset();
  }

  async boardEngagements(personalNumber: string): Promise<BoardEngagement[]> {
    this.failIfDown();
    const now = this.now();
    const pnr = normalizePersonalNumber(personalNumber, now);
    const today = todayInSweden(now);
    return this.engagements
      .filter((e) => e.personalNumber === pnr && isCurrentOn(e, today))
      .map((e) => ({
        organisationNumber: e.organisationNumber,
        associationName: this.associations.get(e.organisationNumber) ?? "",
        role: e.role,
        from: e.from,
        to: e.to,
      }))
      .sort((a, b) => collator.compare(a.associationName, b.associationName));
  }

  /** Every seat held today, with names, for the simulator's control page (/dev/registry). */
  currentSeats(): Array<{
    personalNumber: string;
    name: string;
    organisationNumber: string;
    associationName: string;
    role: string;
  }> {
    const today = todayInSweden(this.now());
    return this.engagements
      .filter((e) => isCurrentOn(e, today))
      .map((e) => {
        const person = this.people.get(e.personalNumber);
        return {
          personalNumber: e.personalNumber,
          name: person ? `${person.givenName} ${person.surname}` : e.personalNumber,
          organisationNumber: e.organisationNumber,
          associationName: this.associations.get(e.organisationNumber) ?? "",
          role: e.role,
        };
      })
      .sort(
        (a, b) => collator.compare(a.associationName, b.associationName) || collator.compare(a.name, b.name),
      );
  }

  async association(organisationNumber: string): Promise<Association | null> {
    this.failIfDown();
    const orgnr = normalizeOrganisationNumber(organisationNumber);
    const name = this.associations.get(orgnr);
    if (name === undefined) return null;
    const today = todayInSweden(this.now());
    const board = this.engagements
      .filter((e) => e.organisationNumber === orgnr && isCurrentOn(e, today))
      .flatMap((e) => {
        const person = this.people.get(e.personalNumber);
        return person ? [{ ...person, role: e.role }] : [];
      })
      .sort(
        (a, b) =>
          ROLE_ORDER[a.role] - ROLE_ORDER[b.role] ||
          collator.compare(a.surname, b.surname) ||
          collator.compare(a.givenName, b.givenName),
      );
    return { organisationNumber: orgnr, name, board };
  }

  /** While on, every lookup fails as an unavailable registry would. */
  simulateOutage(on: boolean): void {
    this.outage = on;
  }

  get outageSimulated(): boolean {
    return this.outage;
  }

  /** Registers a board seat, adding the person and (with associationName) the association if new. */
  addEngagement(input: NewEngagement): BoardEngagement {
    const pnr = normalizePersonalNumber(input.personalNumber, this.now());
    const orgnr = normalizeOrganisationNumber(input.organisationNumber);
    const to = input.to ?? null;
    if (!BOARD_ROLES.includes(input.role)) throw invalid(`Unknown board role ${String(input.role)}`);
    if (!isIsoDate(input.from) || (to !== null && !isIsoDate(to))) throw invalid("Dates must be YYYY-MM-DD");
    if (to !== null && to < input.from) throw invalid("An engagement cannot end before it starts");
    const givenName = input.givenName.trim();
    const surname = input.surname.trim();
    if (!givenName || !surname) throw invalid("A board member needs a given name and a surname");

    let name = this.associations.get(orgnr);
    if (name === undefined) {
      name = input.associationName?.trim();
      if (!name) throw invalid(`Association ${orgnr} is unknown; give its name to add it`);
      this.associations.set(orgnr, name);
    }
    this.people.set(pnr, { personalNumber: pnr, givenName, surname });
    const engagement = {
      personalNumber: pnr,
      organisationNumber: orgnr,
      role: input.role,
      from: input.from,
      to,
    };
    this.engagements.push(engagement);
    return { organisationNumber: orgnr, associationName: name, role: input.role, from: input.from, to };
  }

  /**
   * Ends the person's open engagements in the association; `onDate` is their last day on the board.
   * Returns how many engagements were ended.
   */
  endEngagement(personalNumber: string, organisationNumber: string, onDate: string): number {
    const pnr = normalizePersonalNumber(personalNumber, this.now());
    const orgnr = normalizeOrganisationNumber(organisationNumber);
    if (!isIsoDate(onDate)) throw invalid("Dates must be YYYY-MM-DD");
    const open = this.engagements.filter(
      (e) => e.personalNumber === pnr && e.organisationNumber === orgnr && (e.to === null || e.to > onDate),
    );
    if (open.length === 0) throw invalid(`${pnr} has no open engagement in ${orgnr}`);
    if (open.some((e) => e.from > onDate)) throw invalid("An engagement cannot end before it starts");
    for (const engagement of open) engagement.to = onDate;
    return open.length;
  }

  /** Back to the seed, with the outage switched off. */
  reset(): void {
    this.associations = new Map(this.seed.associations.map((a) => [a.organisationNumber, a.name]));
    this.people = new Map(this.seed.people.map((p) => [p.personalNumber, { ...p }]));
    this.engagements = this.seed.engagements.map((e) => ({ ...e }));
    this.outage = false;
  }

  private failIfDown(): void {
    if (this.outage) {
      throw new CompanyRegistryError(
        "unavailable",
        "The company registry is not answering (simulated outage)",
      );
    }
  }
}

const GLOBAL_KEY = "__companyRegistrySimulator";

/** One simulator per process, kept on globalThis so that dev-server rebuilds keep test mutations. */
export function getCompanyRegistrySimulator(): CompanyRegistrySimulator {
  const store = globalThis as typeof globalThis & { [GLOBAL_KEY]?: CompanyRegistrySimulator };
  return (store[GLOBAL_KEY] ??= new CompanyRegistrySimulator());
}
