import type { LegalDocumentContent } from "~/lib/legal";
import { getEnv } from "../platform/env.server";
import { getT } from "../platform/i18n.server";

/** Values the legal texts interpolate: the company names and the configurable mailboxes. */
export async function legalValues(request: Request) {
  const env = getEnv();
  const t = await getT(request);
  return {
    companyName: t("company.name"),
    parentName: t("company.parentName"),
    supportEmail: env.SUPPORT_EMAIL,
    dataProtectionEmail: env.DATA_PROTECTION_EMAIL,
  };
}

export async function legalDocument(request: Request, which: "integrity" | "terms" | "cookies") {
  const t = await getT(request, "legal");
  return t(which, {
    returnObjects: true,
    ...(await legalValues(request)),
  }) as unknown as LegalDocumentContent & {
    acceptButton?: string;
    accepted?: string;
  };
}
