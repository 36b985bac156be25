import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { PrivateNewTransferCreateSchema as CreateSchema } from "~/schemas/new-transfer";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { recordAnalyticsEvent } from "~/server/domain/analytics.server";
import { createPrivateTransfer, objectForCreate } from "~/server/domain/transfers/create.server";
import { searchObjects } from "~/server/domain/transfers/objects.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import {
  PropertyManagerError,
  propertyManagersConfig,
} from "~/server/integrations/property-managers/index.server";
import { mintSearchId } from "~/server/live/tokens.server";
import { getT } from "~/server/platform/i18n.server";
import { handleIntent, parseForm, readPageForm, refuseForm } from "~/server/web/forms.server";
import { refuse } from "~/server/web/refusal.server";
import { reviewPath } from "~/server/web/review-page.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { contextForActor } from "~/server/web/transfer-api.server";
import { PrivateNewTransferPage } from "~/ui/new-transfer/PrivateNewTransferPage";
import { pageTitle } from "~/ui/page-title";
import { requestContext } from "~/server/context/request.server";

/**
 * /transfers/private/new (spec 03 §2.3; decisions 038, 039): a private party's own property objects, found by their
 * own personal number at every manager, one card each (the manager's logo, the object, `Skapa överlåtelse`, asked
 * first: `Skapa ny överlåtelse`). Without JavaScript the page's loader waits for the managers (up to the search's
 * time limit) and renders what they found; the question is a page state (`?confirm=`); creating is a form post whose
 * request id becomes the transfer's id, so a double click makes one transfer, and leads to the transfer's page.
 *
 * With JavaScript (the page reached by the app's own navigation, a Remix data request) the loader answers at once
 * and the page searches over the live channel (`POST api/core/privateAgreements/searchUserObjects`), showing
 * `Hämtar dina fastighetsobjekt` and each manager's objects as they arrive; should the live channel not come up,
 * the page asks the loader to search after all (`?wait=1`). The page is
 * ui/new-transfer/PrivateNewTransferPage.tsx.
 */

async function context(request: Request) {
  const user = await requireUser(request, { role: "BoardMember", feature: "private_agreement" });
  const db = getDb();
  return { user, db, viewer: await viewerFor(db, user) };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, db } = await context(request);
  const t = await getT(request, "transfer");
  const url = new URL(request.url);
  const providers = await db.selectFrom("management_providers").selectAll().execute();
  const logos = Object.fromEntries(
    providers.map((p) => [p.id, { logoUrl: p.logo_url, alt: p.logo_alt_text, name: p.name }]),
  );
  const common = {
    title: t("privateNew.title"),
    logos,
    requestId: crypto.randomUUID(),
    searchId: mintSearchId(user.id),
    searchLimitMs: propertyManagersConfig().searchLimitMs,
  };
  // A data request comes from the app's own navigation, so JavaScript runs: the page searches live.
  if (url.searchParams.has("_data") && !url.searchParams.has("wait")) {
    return json(
      { ...common, pending: true, failed: false, limited: false, objects: [], asked: null },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  let outcome;
  try {
    outcome = await searchObjects(
      requestContext("system"),
      {
        searchId: crypto.randomUUID(),
        query: { identifier: { type: "SocialSecurityNumber", value: user.personalNumber } },
      },
      { signal: request.signal },
    );
  } catch (error) {
    if (!(error instanceof PropertyManagerError)) throw error;
    outcome = null;
  }
  await recordAnalyticsEvent(db, {
    name: "SearchPrivateAgreement",
    userId: user.id,
    tenantId: user.tenantId,
    properties: { via: "page", found: outcome?.objects.length ?? 0 },
  });
  const asked = url.searchParams.get("confirm");
  const objects = (outcome?.objects ?? []).map((o) => ({
    objectId: o.objectId,
    name: o.name,
    association: o.association.name as string | undefined,
    providerId: o.providerId,
  }));
  return json(
    {
      ...common,
      pending: false,
      failed: outcome === null,
      limited: outcome?.status === "limitedCompleted",
      objects,
      asked: objects.some((o) => o.objectId === asked) ? asked : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { user, viewer } = await context(request);
  const form = await readPageForm(request);
  const ctx = contextForActor({ viewer, firstName: user.firstName, lastName: user.lastName });
  return handleIntent(form, {
    create: async () => {
      const submission = parseForm(form, CreateSchema);
      if (submission.status !== "success") return refuseForm(form, "transfer:privateNew.failed");
      let created;
      try {
        const { object } = await objectForCreate(ctx, submission.value.objectId);
        created = await createPrivateTransfer(
          ctx,
          { requestId: submission.value.requestId, object },
          { personalNumber: user.personalNumber },
        );
      } catch (error) {
        if (error instanceof PropertyManagerError) return refuseForm(form, "transfer:privateNew.failed", 503);
        return refuse(error, { otherwise: () => refuseForm(form, "transfer:privateNew.failed", 400) });
      }
      // Straight to the page itself: a redirect on the way would lose the toast.
      return redirectWithToast(
        reviewPath("private", created.transferId, "overview"),
        { key: "transfer:privateNew.created" },
        { request },
      );
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title ?? "") }];

export default function PrivateNewTransfer() {
  return <PrivateNewTransferPage loaded={useLoaderData<typeof loader>()} />;
}
