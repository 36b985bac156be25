import { getEnv } from "../platform/env.server";
import type { Db } from "../db/kysely.server";
import { getBankIdSimulator } from "./bankid/index.server";
import { DEMO_BOARD_PEOPLE, FORMER_BOARD_MEMBER, OTHER_BOARD_PEOPLE } from "./company-registry/index.server";

/** People the test BankID app can sign in as who have no user yet (first sign-in creates one). */
const newPeople = [
  { personalNumber: "198201177451", givenName: "Nils", surname: "Nykvist" },
  { personalNumber: "199403292866", givenName: "Ebba", surname: "Lindström" },
];

/**
 * The BankID simulator's test persons, as a real BankID test environment has its own: every user in the
 * database, the company registry's board people, and a few people without a user (first sign-in).
 */
export async function registerSimulatorPeople(db: Db): Promise<void> {
  if (getEnv().BANKID !== "simulator") return;
  const users = await db.selectFrom("users").select(["personal_number", "first_name", "last_name"]).execute();
  const people = new Map<string, { personalNumber: string; givenName: string; surname: string }>();
  for (const u of users)
    people.set(u.personal_number, {
      personalNumber: u.personal_number,
      givenName: u.first_name,
      surname: u.last_name,
    });
  for (const p of [
    ...DEMO_BOARD_PEOPLE,
    FORMER_BOARD_MEMBER,
    ...OTHER_BOARD_PEOPLE.slice(0, 3),
    ...newPeople,
  ]) {
    if (!people.has(p.personalNumber))
      people.set(p.personalNumber, {
        personalNumber: p.personalNumber,
        givenName: p.givenName,
        surname: p.surname,
      });
  }
  getBankIdSimulator().setTestPeople([...people.values()]);
}
