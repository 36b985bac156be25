import { DEMO_BOARD_PEOPLE, FORMER_BOARD_MEMBER } from "../integrations/company-registry/index.server";
import { DEFAULT_ACTIONS } from "../domain/users.server";
import type { NewUser, OfficesTable, UserOfficesTable } from "../db/schema.server";

/** Demo users for every role, feature and status (listed in the README with their personal numbers). */
const created_at = "2026-01-01T00:00:00.000Z";
const actions = JSON.stringify([...DEFAULT_ACTIONS]);

function board(personalNumber: string): { given: string; sur: string } {
  const person = DEMO_BOARD_PEOPLE.find((p) => p.personalNumber === personalNumber);
  if (!person) throw new Error(`No registry person ${personalNumber}`);
  return { given: person.givenName, sur: person.surname };
}

function user(
  id: string,
  tenant_id: string,
  personal_number: string,
  first_name: string,
  last_name: string,
  email: string | null,
  role: NewUser["role"],
  status: NewUser["status"],
  features: string[],
  office_id: string | null = null,
): NewUser {
  const registered = status === "Pending" ? null : created_at;
  return {
    id,
    tenant_id,
    personal_number,
    first_name,
    last_name,
    email,
    role,
    status,
    features: JSON.stringify(features),
    actions:
      status === "Active" && (role === "PropertyManager" || features.includes("board_member"))
        ? actions
        : "[]",
    office_id,
    registered_at: registered,
    terms_accepted_at: registered,
    provisioned_at: status === "Active" || status === "Inactive" ? created_at : null,
    created_at,
    updated_at: created_at,
  };
}

export const offices: OfficesTable[] = [
  { id: "office-stadsbo-city", tenant_id: "stadsbo", name: "Stadsbo Förvaltning, kontor City" },
  { id: "office-nordhem-gbg", tenant_id: "nordhem", name: "Nordhem Göteborg" },
];

const karin = board("196803142428");
const erik = board("197509025172");
const fatima = board("198311273869");

export const demoUsers: NewUser[] = [
  user(
    "user-maria",
    "stadsbo",
    "197904122319",
    "Maria",
    "Ek",
    "maria.ek@stadsbo.example",
    "PropertyManager",
    "Active",
    [],
    "office-stadsbo-city",
  ),
  user(
    "user-johan",
    "stadsbo",
    "198509304120",
    "Johan",
    "Berg",
    "johan.berg@stadsbo.example",
    "PropertyManager",
    "Active",
    ["property_manager_proxy"],
    "office-stadsbo-city",
  ),
  user(
    "user-anders",
    "nordhem",
    "197102031189",
    "Anders",
    "Lund",
    "anders.lund@nordhem.example",
    "PropertyManager",
    "Active",
    [],
    "office-nordhem-gbg",
  ),
  user(
    "user-peter",
    "stadsbo",
    "199011215614",
    "Peter",
    "Holm",
    "peter.holm@stadsbo.example",
    "PropertyManager",
    "Inactive",
    [],
    "office-stadsbo-city",
  ),
  user(
    "user-karin",
    "styrelse",
    "196803142428",
    karin.given,
    karin.sur,
    "karin.lindqvist@example.se",
    "BoardMember",
    "Active",
    ["board_member", "private_agreement"],
  ),
  user(
    "user-erik",
    "styrelse",
    "197509025172",
    erik.given,
    erik.sur,
    "erik.johansson@example.se",
    "BoardMember",
    "Active",
    ["board_member"],
  ),
  user(
    "user-fatima",
    "styrelse",
    "198311273869",
    fatima.given,
    fatima.sur,
    "fatima.haddad@example.se",
    "BoardMember",
    "Active",
    ["board_member"],
  ),
  user(
    "user-elin",
    "individuals",
    "198706083246",
    "Elin",
    "Sandberg",
    "elin.sandberg@example.se",
    "BoardMember",
    "Active",
    ["private_agreement"],
  ),
  user(
    "user-goran",
    "styrelse",
    FORMER_BOARD_MEMBER.personalNumber,
    FORMER_BOARD_MEMBER.givenName,
    FORMER_BOARD_MEMBER.surname,
    "goran.ekdahl@example.se",
    "BoardMember",
    "Active",
    [],
  ),
];

export const officeMemberships: UserOfficesTable[] = [
  { user_id: "user-maria", office_id: "office-stadsbo-city", office_role: "Owner" },
  { user_id: "user-johan", office_id: "office-stadsbo-city", office_role: "Member" },
  { user_id: "user-peter", office_id: "office-stadsbo-city", office_role: "Member" },
  { user_id: "user-anders", office_id: "office-nordhem-gbg", office_role: "Owner" },
];

/** A demo user by id, with the names and the kind the builder needs. */
export function demoUser(id: string) {
  const found = demoUsers.find((u) => u.id === id);
  if (!found) throw new Error(`No demo user ${id}`);
  return {
    id,
    first: found.first_name,
    last: found.last_name,
    name: `${found.first_name} ${found.last_name}`,
    isManager:
      found.role === "PropertyManager" &&
      !(JSON.parse(found.features ?? "[]") as string[]).includes("board_member"),
  };
}
