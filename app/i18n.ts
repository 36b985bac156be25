import type { InitOptions } from "i18next";
import bankid from "./locales/sv/bankid.json";
import common from "./locales/sv/common.json";
import identifier from "./locales/sv/identifier.json";
import transfer from "./locales/sv/transfer.json";
import transferList from "./locales/sv/transferList.json";
import review from "./locales/sv/review.json";
import domain from "./locales/sv/domain.json";
import wizard from "./locales/sv/wizard.json";

/**
 * Namespaces the browser needs for hydration (domain: the messages of the schemas conform validates with);
 * long page content (legal, faq) is translated in loaders.
 */
export const clientResources = {
  sv: { common, identifier, bankid, transfer, transferList, review, domain, wizard },
} as const;

export const i18nOptions = {
  supportedLngs: ["sv"],
  fallbackLng: "sv",
  lng: "sv",
  defaultNS: "common",
  ns: ["common", "identifier", "bankid", "transfer", "transferList", "review", "domain", "wizard"],
  interpolation: { escapeValue: false },
  returnNull: false,
  parseMissingKeyHandler: (key: string) => common.missingTranslation.replace("{{key}}", key),
} satisfies InitOptions;
