import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { createPrivateTransfer, objectForCreate } from "~/server/domain/transfers/create.server";
import { isDomainError } from "~/server/domain/transfers/errors.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import {
  PropertyManagerError,
  searchConfiguredPropertyManagers,
} from "~/server/integrations/property-managers/index.server";
import { getT } from "~/server/platform/i18n.server";
import { handleIntent, parseForm, readPageForm, refuseForm } from "~/server/web/forms.server";
import { reviewPath } from "~/server/web/review-page.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { contextForActor } from "~/server/web/transfer-api.server";
import { ConfirmPanel } from "~/ui/ConfirmPanel";
import { ErrorSummary } from "~/ui/error-summary";
import { pageTitle } from "~/ui/page-title";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";

/**
 * /transfers/private/new (spec 03 §2.3, issue 15): a private party's own property objects, found by their own
 * personal number at every manager, one card each (the manager's logo, the object, `Skapa överlåtelse`, asked
 * first: `Skapa ny överlåtelse`). Without JavaScript the page's loader waits for the managers (up to the search's
 * time limit) and renders what they found; the question is a page state (`?skapa=`); creating is a form post whose
 * request id becomes the transfer's id, so a double click makes one transfer, and leads to the transfer's page.
 */

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
  let outcome;
  try {
    outcome = await searchConfiguredPropertyManagers(
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
  const providers = await db.selectFrom("management_providers").selectAll().execute();
  const logoOf = new Map(providers.map((p) => [p.id, p]));
  const asked = new URL(request.url).searchParams.get("skapa");
  const objects = (outcome?.objects ?? []).map((o) => {
    const provider = logoOf.get(o.providerId);
    return {
      objectId: o.objectId,
      name: o.name,
      association: o.association.name,
      provider: provider
        ? { logoUrl: provider.logo_url, alt: provider.logo_alt_text, name: provider.name }
        : null,
    };
  });
  return json(
    {
      title: t("privateNew.title"),
      failed: outcome === null,
      limited: outcome?.status === "limitedCompleted",
      objects,
      asked: objects.some((o) => o.objectId === asked) ? asked : null,
      requestId: crypto.randomUUID(),
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
  const { objects, failed, limited, asked, requestId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("transfer");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [form] = usePageForm(CreateSchema, { id: "private-new", lastResult: lastResultOf(useActionData()) });
  const chosen = asked ? objects.find((o) => o.objectId === asked) : undefined;
  return (
    <div className="page">
      <ErrorSummary form={form} order={[]} />
      <h1>{t("privateNew.title")}</h1>
      <p role="status">
        {objects.length > 0 ? t("privateNew.found", { count: objects.length }) : t("privateNew.none")}
      </p>
      {objects.length === 0 ? (
        <p>
          {failed
            ? t("privateNew.searchFailed")
            : limited
              ? t("privateNew.tryLater")
              : t("privateNew.noneHint")}
        </p>
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
        {objects.map((o) => (
          <li key={o.objectId}>
            <article className="card" aria-labelledby={`object-${o.objectId}`}>
              {o.provider ? <img src={o.provider.logoUrl} alt={o.provider.alt} height={32} /> : null}
              <h2 id={`object-${o.objectId}`}>{o.name}</h2>
              <p className="muted">{o.association}</p>
              <Link
                to={`?skapa=${encodeURIComponent(o.objectId)}#skapa`}
                className="button"
                preventScrollReset
              >
                {t("privateNew.create")}
                <span className="visually-hidden"> {o.name}</span>
              </Link>
            </article>
          </li>
        ))}
      </ul>
    </div>
  );
}
