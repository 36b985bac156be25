export type PersonName = { firstName?: string | null; lastName?: string | null };

/** "Anna Svensson"; each part trimmed, a missing part left out. */
export function personDisplayName({ firstName, lastName }: PersonName): string {
  return [firstName, lastName]
    .map((part) => part?.trim() ?? "")
    .filter((part) => part !== "")
    .join(" ");
}

/** "AS" for Anna Svensson, "Ö" when only the last name Öberg is known, "" when neither is. */
export function initials({ firstName, lastName }: PersonName): string {
  return [firstName, lastName]
    .map((part) => Array.from(part?.trim().normalize("NFC") ?? "")[0] ?? "")
    .join("")
    .toLocaleUpperCase("sv-SE");
}
