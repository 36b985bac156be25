import { RemixI18Next } from "remix-i18next/server";
import { clientResources, i18nOptions } from "~/i18n";
import faq from "~/locales/sv/faq.json";
import legal from "~/locales/sv/legal.json";
import domain from "~/locales/sv/domain.json";
import policy from "~/locales/sv/policy.json";
import lists from "~/locales/sv/lists.json";
import i18next, { type TFunction } from "i18next";

export const serverResources = { sv: { ...clientResources.sv, legal, faq, domain, policy, lists } };

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

/**
 * Swedish texts without a request, for the domain's view shapes, jobs and e-mails. The product has one
 * language, so this is the same text a request-bound `getT` gives. Keys carry their namespace ("policy:…").
 */
let fixed: TFunction | null = null;
export function svT(): TFunction {
  if (!fixed) {
    const instance = i18next.createInstance();
    void instance.init({
      ...i18nOptions,
      ns: Object.keys(serverResources.sv),
      resources: serverResources,
      initImmediate: false,
    });
    fixed = instance.getFixedT("sv");
  }
  return fixed;
}
