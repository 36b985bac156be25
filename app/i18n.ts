import type { InitOptions } from "i18next";
import bankid from "./locales/sv/bankid.json";
import common from "./locales/sv/common.json";
import identifier from "./locales/sv/identifier.json";
import transfer from "./locales/sv/transfer.json";
import transferList from "./locales/sv/transferList.json";
import review from "./locales/sv/review.json";

/** Namespaces the browser needs for hydration; long page content (legal, faq) is translated in loaders. */
export const clientResources = {
  sv: { common, identifier, bankid, transfer, transferList, review },
} as const;

export const i18nOptions = {
  supportedLngs: ["sv"],
  fallbackLng: "sv",
  lng: "sv",
  defaultNS: "common",
  ns: ["common", "identifier", "bankid", "transfer", "transferList", "review"],
  interpolation: { escapeValue: false },
  returnNull: false,
  parseMissingKeyHandler: (key: string) => common.missingTranslation.replace("{{key}}", key),
} satisfies InitOptions;
