import type { BoardRole } from "./types.server";

export interface RegistryPerson {
  /** 12 digits. */
  personalNumber: string;
  givenName: string;
  surname: string;
}

export interface RegistryAssociation {
  /** 10 digits. */
  organisationNumber: string;
  name: string;
}

export interface RegistryEngagement {
  personalNumber: string;
  organisationNumber: string;
  role: BoardRole;
  from: string;
  /** Last day on the board; null while it lasts. */
  to: string | null;
}

export interface RegistrySeed {
  associations: readonly RegistryAssociation[];
  people: readonly RegistryPerson[];
  engagements: readonly RegistryEngagement[];
}

// Fictional people and associations. The numbers were made once with generatePersonnummer and
// generateOrganisationsnummer and are kept as literals so that demo users stay the same across releases.

const KARIN = { personalNumber: "196803142428", givenName: "Karin", surname: "Lindqvist" };
const ERIK = { personalNumber: "197509025172", givenName: "Erik", surname: "Johansson" };
const FATIMA = { personalNumber: "198311273869", givenName: "Fatima", surname: "Haddad" };
const LARS = { personalNumber: "195801091355", givenName: "Lars", surname: "Nyström" };
const SOFIA = { personalNumber: "199007184287", givenName: "Sofia", surname: "Bergström" };
const GORAN = { personalNumber: "196104222739", givenName: "Göran", surname: "Ekdahl" };
const INGRID = { personalNumber: "195206302043", givenName: "Ingrid", surname: "Holm" };
const AHMED = { personalNumber: "197902116594", givenName: "Ahmed", surname: "Yusuf" };
const MARIA = { personalNumber: "198710053227", givenName: "Maria", surname: "Sundberg" };
const PER = { personalNumber: "194912017912", givenName: "Per", surname: "Olofsson" };
const ELIN = { personalNumber: "199308241463", givenName: "Elin", surname: "Wahlström" };
const JONAS = { personalNumber: "197105164532", givenName: "Jonas", surname: "Lund" };
const ANNA_KARIN = { personalNumber: "196409295802", givenName: "Anna-Karin", surname: "Persson" };
const MIKAEL = { personalNumber: "198503039177", givenName: "Mikael", surname: "Strand" };
const BIRGITTA = { personalNumber: "195611080622", givenName: "Birgitta", surname: "Sandberg" };
const OSKAR = { personalNumber: "199201213395", givenName: "Oskar", surname: "Hedlund" };
const HELENA = { personalNumber: "197704047286", givenName: "Helena", surname: "Forsberg" };
const DANIEL = { personalNumber: "198107078159", givenName: "Daniel", surname: "Åkesson" };
const LEILA = { personalNumber: "198612192644", givenName: "Leila", surname: "Karimi" };
const NILS = { personalNumber: "196602264712", givenName: "Nils", surname: "Engström" };

/** Each has at least one current board engagement; Karin Lindqvist sits on two boards. */
export const DEMO_BOARD_PEOPLE: readonly RegistryPerson[] = [KARIN, ERIK, FATIMA, LARS, SOFIA];

/** Left the board of Tallbacken in May 2025 and has no other engagement: not a board member. */
export const FORMER_BOARD_MEMBER: RegistryPerson = GORAN;

/** Board members the demo has no users for. */
export const OTHER_BOARD_PEOPLE: readonly RegistryPerson[] = [
  INGRID,
  AHMED,
  MARIA,
  PER,
  ELIN,
  JONAS,
  ANNA_KARIN,
  MIKAEL,
  BIRGITTA,
  OSKAR,
  HELENA,
  DANIEL,
  LEILA,
  NILS,
];

export const REGISTRY_ASSOCIATIONS = {
  kvarnen: { organisationNumber: "7428877166", name: "Bostadsrättsföreningen Kvarnen 3" },
  tallbacken: { organisationNumber: "7429359875", name: "Riksbyggens Bostadsrättsförening Tallbacken" },
  sjoutsikten: { organisationNumber: "7429842581", name: "Brf Sjöutsikten" },
  larkan: { organisationNumber: "7520325296", name: "Bostadsföreningen Lärkan" },
  solglantan: { organisationNumber: "7520808002", name: "Bostadsrättsföreningen Solgläntan" },
  stenhuggaren: { organisationNumber: "7521290713", name: "Brf Stenhuggaren 12" },
  vasaparken: { organisationNumber: "7521773429", name: "Bostadsrättsföreningen Vasaparken" },
  masen: { organisationNumber: "7522256135", name: "Brf Måsen 5" },
} as const satisfies Record<string, RegistryAssociation>;

const A = REGISTRY_ASSOCIATIONS;

function seat(
  person: RegistryPerson,
  association: RegistryAssociation,
  role: BoardRole,
  from: string,
  to: string | null = null,
): RegistryEngagement {
  return {
    personalNumber: person.personalNumber,
    organisationNumber: association.organisationNumber,
    role,
    from,
    to,
  };
}

export const REGISTRY_SEED: RegistrySeed = {
  associations: Object.values(REGISTRY_ASSOCIATIONS),
  people: [...DEMO_BOARD_PEOPLE, FORMER_BOARD_MEMBER, ...OTHER_BOARD_PEOPLE],
  engagements: [
    // Kvarnen 3 has a board member without a demo user, who chaired it before Karin Lindqvist.
    seat(KARIN, A.kvarnen, "Chair", "2019-05-20"),
    seat(ERIK, A.kvarnen, "Member", "2021-05-12"),
    seat(INGRID, A.kvarnen, "Chair", "2012-05-10", "2019-05-19"),
    seat(INGRID, A.kvarnen, "Member", "2019-05-20"),
    seat(FATIMA, A.tallbacken, "Chair", "2020-06-03"),
    seat(GORAN, A.tallbacken, "Member", "2018-05-15", "2025-05-20"),
    seat(AHMED, A.tallbacken, "Member", "2023-05-25"),
    seat(MARIA, A.tallbacken, "Deputy", "2024-05-30"),
    seat(PER, A.sjoutsikten, "Chair", "2017-04-19"),
    seat(KARIN, A.sjoutsikten, "Member", "2022-06-01"),
    seat(LARS, A.sjoutsikten, "Member", "2016-05-02"),
    seat(SOFIA, A.larkan, "Chair", "2024-04-23"),
    seat(ELIN, A.larkan, "Member", "2021-05-06"),
    seat(ERIK, A.larkan, "Deputy", "2016-05-10", "2020-05-14"),
    seat(JONAS, A.solglantan, "Chair", "2018-03-27"),
    seat(ANNA_KARIN, A.solglantan, "Member", "2020-04-15"),
    seat(MIKAEL, A.solglantan, "Deputy", "2023-04-12"),
    seat(BIRGITTA, A.stenhuggaren, "Chair", "2014-05-22"),
    seat(OSKAR, A.stenhuggaren, "Member", "2022-05-18"),
    seat(HELENA, A.vasaparken, "Chair", "2021-06-09"),
    seat(DANIEL, A.vasaparken, "Member", "2019-06-11"),
    seat(LEILA, A.masen, "Chair", "2022-05-03"),
    seat(NILS, A.masen, "Member", "2015-05-07"),
  ],
};
