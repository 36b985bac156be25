import { generatePersonnummer } from "~/lib/personnummer";
import type { Context } from "./context";
import { pad } from "./format";
import type { Rng } from "./rng";
import {
  BROKER_FIRMS,
  EMAIL_DOMAINS,
  FEMALE_NAMES,
  LAST_NAMES,
  MALE_NAMES,
  REGIONS,
  TENANT_REGIONS,
} from "./words";

// The people of the generated transfers: sellers and buyers with valid personnummer, and brokers.

export interface Person {
  personalNumber: string;
  firstName: string;
  lastName: string;
}

export function person(rng: Rng, nowYear: number, context: Context, minAge: number, maxAge: number): Person {
  for (;;) {
    const male = rng.chance(0.5);
    const birth = { year: nowYear - rng.int(minAge, maxAge), month: rng.int(1, 12), day: rng.int(1, 28) };
    // The serial's last digit is odd for men and even for women.
    const serial = rng.int(0, 499) * 2 + (male ? 1 : 0);
    const personalNumber = generatePersonnummer(birth, serial);
    if (context.reservedPersonalNumbers.has(personalNumber)) continue;
    return {
      personalNumber,
      firstName: rng.pick(male ? MALE_NAMES : FEMALE_NAMES),
      lastName: rng.pick(LAST_NAMES),
    };
  }
}

function ascii(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^a-z0-9]+/g, "");
}

export function email(rng: Rng, p: Person): string {
  const suffix = rng.chance(0.3) ? String(rng.int(1, 99)) : "";
  return `${ascii(p.firstName)}.${ascii(p.lastName)}${suffix}@${rng.pick(EMAIL_DOMAINS)}`;
}

/** Post- och telestyrelsen keeps 070-174 06 05 to 070-174 06 99 free for fiction. */
export function phone(rng: Rng): string {
  return `070-174 06 ${pad(rng.int(5, 99), 2)}`;
}

export interface Broker {
  firstName: string;
  lastName: string;
  email: string;
  office: string;
}

export function brokers(rng: Rng, tenantId: string): Broker[] {
  const cities = REGIONS[TENANT_REGIONS[tenantId] ?? "national"] ?? [];
  return Array.from({ length: 60 }, () => {
    const firstName = rng.pick(rng.chance(0.5) ? MALE_NAMES : FEMALE_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const firm = rng.pick(BROKER_FIRMS);
    return {
      firstName,
      lastName,
      email: `${ascii(firstName)}.${ascii(lastName)}@${ascii(firm)}.example`,
      office: `${firm} ${rng.pick(cities).name}`,
    };
  });
}
