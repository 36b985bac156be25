import { clientResources, i18nOptions } from "~/i18n";
import faq from "~/locales/sv/faq.json";
import legal from "~/locales/sv/legal.json";
import domain from "~/locales/sv/domain.json";
import policy from "~/locales/sv/policy.json";
import lists from "~/locales/sv/lists.json";
import i18next, { type i18n, type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { splitMessage } from "~/lib/messages";

export const serverResources = { sv: { ...clientResources.sv, legal, faq, domain, policy, lists } };

/**
 * A translation function for loaders, actions and meta; the same texts the components render. The product
 * has one language, so the request decides nothing: remix-i18next's getFixedT would build and initialise a
 * new i18next instance per call (about a tenth of a list page's server time), this reuses one per namespace.
 * The request stays in the signature for the day a second language arrives.
 */
const fixedByNamespace = new Map<string, TFunction>();
export function getT(_request: Request, ns: string = "common"): TFunction {
  let t = fixedByNamespace.get(ns);
  if (!t) {
    t = sharedInstance().getFixedT("sv", ns);
    fixedByNamespace.set(ns, t);
  }
  return t;
}

let shared: i18n | null = null;
/**
 * The process's one initialised i18next instance over every namespace (resources are bundled, so init is
 * synchronous), for translation functions and for every server render (entry.server.tsx).
 */
export function sharedInstance(): i18n {
  if (!shared) {
    const instance = i18next.createInstance().use(initReactI18next);
    void instance.init({
      ...i18nOptions,
      ns: Object.keys(serverResources.sv),
      resources: serverResources,
      initImmediate: false,
    });
    shared = instance;
  }
  return shared;
}

/**
 * Swedish texts without a request, for the domain's view shapes, jobs and e-mails. The product has one
 * language, so this is the same text a request-bound `getT` gives. Keys carry their namespace ("policy:…").
 */
let fixed: TFunction | null = null;
export function svT(): TFunction {
  fixed ??= sharedInstance().getFixedT("sv");
  return fixed;
}

/** The Swedish text of a message key, with the values it carries after a bar (app/lib/messages.ts). */
export function messageText(message: string): string {
  const { key, values } = splitMessage(message);
  return svT()(key, values);
}
