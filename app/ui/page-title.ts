import common from "~/locales/sv/common.json";

/** "Sida – Överlåtelseportalen": every title ends with the product name. */
export function pageTitle(...parts: Array<string | null | undefined>): string {
  return [...parts.filter(Boolean), common.productName].join(" – ");
}
