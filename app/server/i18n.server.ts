import { RemixI18Next } from "remix-i18next/server";
import { clientResources, i18nOptions } from "~/i18n";
import faq from "~/locales/sv/faq.json";
import legal from "~/locales/sv/legal.json";

export const serverResources = { sv: { ...clientResources.sv, legal, faq } };

export const remixI18n = new RemixI18Next({
  detection: {
    supportedLanguages: ["sv"],
    fallbackLanguage: "sv",
    order: ["custom"],
    findLocale: async () => "sv",
  },
  i18next: { ...i18nOptions, ns: Object.keys(serverResources.sv), resources: serverResources },
});

/** A translation function for loaders, actions and meta; the same texts the components render. */
export function getT(request: Request, ns: string = "common") {
  return remixI18n.getFixedT(request, ns);
}
