import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { useLiveObjectSearch } from "~/islands/live/object-search";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { recordAnalyticsEvent } from "~/server/domain/analytics.server";
import { createPrivateTransfer, objectForCreate } from "~/server/domain/transfers/create.server";
import { isDomainError } from "~/server/domain/core/errors.server";
import { searchObjects } from "~/server/domain/transfers/objects.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import {
  PropertyManagerError,
  propertyManagersConfig,
} from "~/server/integrations/property-managers/index.server";
import { mintSearchId } from "~/server/live/tokens.server";
import { getT } from "~/server/platform/i18n.server";
import { handleIntent, parseForm, readPageForm, refuseForm } from "~/server/web/forms.server";
import { reviewPath } from "~/server/web/review-page.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { contextForActor } from "~/server/web/transfer-api.server";
import { ConfirmPanel } from "~/ui/ConfirmPanel";
import { ErrorSummary } from "~/ui/error-summary";
import { pageTitle } from "~/ui/page-title";
import { useHydrated } from "~/ui/use-hydrated";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";
import { requestContext } from "~/server/context/request.server";

/**
 * /transfers/private/new (spec 03 §2.3, issue 15): a private party's own property objects, found by their own
 * personal number at every manager, one card each (the manager's logo, the object, `Skapa överlåtelse`, asked
 * first: `Skapa ny överlåtelse`). Without JavaScript the page's loader waits for the managers (up to the search's
 * time limit) and renders what they found; the question is a page state (`?skapa=`); creating is a form post whose
 * request id becomes the transfer's id, so a double click makes one transfer, and leads to the transfer's page.
 *
 * With JavaScript (the page reached by the app's own navigation, a Remix data request) the loader answers at once
 * and the page searches over the live channel (`POST api/core/privateAgreements/searchUserObjects`), showing
 * `Hämtar dina fastighetsobjekt` and each manager's objects as they arrive; should the live channel not come up,
 * the page asks the loader to search after all (`?vanta=1`).
 */

/** How long the page waits for the live channel before it lets the server search instead. */
const LIVE_WAIT_MS = 4_000;

const CreateSchema = z.object({
  objectId: z.string({ error: "transfer:privateNew.failed" }).min(1, "transfer:privateNew.failed"),
  requestId: z.uuid({ error: "transfer:privateNew.failed" }),
});

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
  if (url.searchParams.has("_data") && !url.searchParams.has("vanta")) {
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
  const asked = url.searchParams.get("skapa");
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
        if (error instanceof PropertyManagerError || isDomainError(error)) {
          return refuseForm(
            form,
            "transfer:privateNew.failed",
            error instanceof PropertyManagerError ? 503 : 400,
          );
        }
        throw error;
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
  const loaded = useLoaderData<typeof loader>();
  const { logos, requestId } = loaded;
  const { t } = useTranslation("transfer");
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle";
  const [form] = usePageForm(CreateSchema, { id: "private-new", lastResult: lastResultOf(useActionData()) });
  const liveSearch = useLiveObjectSearch({
    url: "/api/core/privateAgreements/searchUserObjects",
    firstSearchId: loaded.searchId,
    limitMs: loaded.searchLimitMs,
    enabled: hydrated && loaded.pending,
  });
  const { live, search, state } = liveSearch;
  // The live search starts once the channel is up; without it, the server searches (the page as without JS).
  useEffect(() => {
    if (!loaded.pending) return;
    if (live) {
      if (state.phase === "idle") void search({});
      return;
    }
    const timer = setTimeout(() => navigate("?vanta=1", { replace: true }), LIVE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [loaded.pending, live, search, state.phase, navigate]);
  // With JavaScript the question is asked in place; without it, `?skapa=` is a page the server renders.
  // (Kept per page load: `Avbryt` navigates back here, which is a new load with a new search id.)
  const [askedHere, setAskedHere] = useState<{ load: string; objectId: string } | null>(null);

  const searching = loaded.pending && (state.phase === "idle" || state.phase === "searching");
  const failed = loaded.pending ? state.phase === "failed" : loaded.failed;
  const limited = loaded.pending
    ? state.phase === "done" && state.status === "limitedCompleted"
    : loaded.limited;
  const objects: Array<{ objectId: string; name: string; association?: string; providerId: string }> =
    !loaded.pending
      ? loaded.objects
      : state.phase === "searching" || state.phase === "done"
        ? state.hits.map((h) => ({ objectId: h.objectId, name: h.name, providerId: h.propertyManagerId }))
        : [];
  const asked = (askedHere?.load === loaded.searchId ? askedHere.objectId : null) ?? loaded.asked;
  const chosen = asked ? objects.find((o) => o.objectId === asked) : undefined;
  return (
    <div className="page">
      <ErrorSummary form={form} order={[]} />
      <h1>{t("privateNew.title")}</h1>
      <p role="status">
        {failed
          ? t("privateNew.searchFailed")
          : searching
            ? t("privateNew.searching")
            : objects.length > 0
              ? t("privateNew.found", { count: objects.length })
              : t("privateNew.none")}
      </p>
      {searching || failed ? null : objects.length === 0 ? (
        <p>{limited ? t("privateNew.tryLater") : t("privateNew.noneHint")}</p>
      ) : limited ? (
        <p className="notice">{t("privateNew.tryLater")}</p>
      ) : null}
      {chosen ? (
        <ConfirmPanel
          id="skapa"
          level={2}
          title={t("privateNew.confirmTitle")}
          text={t("privateNew.confirmText", { name: chosen.name })}
          fields={{ intent: "create", objectId: chosen.objectId, requestId }}
          yes={t("privateNew.confirmYes")}
          no={t("privateNew.confirmNo")}
          back="/transfers/private/new"
          busy={busy}
        />
      ) : null}
      <ul className="cards">
        {objects.map((o) => {
          const provider = logos[o.providerId];
          return (
            <li key={o.objectId}>
              <article className="card" aria-labelledby={`object-${o.objectId}`}>
                {provider ? <img src={provider.logoUrl} alt={provider.alt} height={32} /> : null}
                <h2 id={`object-${o.objectId}`}>{o.name}</h2>
                {o.association ? <p className="muted">{o.association}</p> : null}
                <Link
                  to={`?skapa=${encodeURIComponent(o.objectId)}#skapa`}
                  className="button"
                  preventScrollReset
                  onClick={(event) => {
                    if (!loaded.pending) return;
                    event.preventDefault();
                    setAskedHere({ load: loaded.searchId, objectId: o.objectId });
                  }}
                >
                  {t("privateNew.create")}
                  <span className="visually-hidden"> {o.name}</span>
                </Link>
              </article>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
