import { formatPersonnummer } from "~/lib/personnummer";

/** A guarantor's identifier as shown: a personal number formatted, anything else as given. */
export const shownIdentifier = (value: string) =>
  /^\d{12}$/.test(value) ? formatPersonnummer(value) : value;
