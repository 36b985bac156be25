import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { NewTransferCreateSchema, NewTransferSearchSchema, identifierOf } from "~/schemas/new-transfer";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { createTransfer, objectForCreate } from "~/server/domain/transfers/create.server";
import { possibleDuplicates } from "~/server/domain/transfers/duplicates.server";
import { searchObjects } from "~/server/domain/transfers/objects.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import {
  PropertyManagerError,
  propertyManagersConfig,
} from "~/server/integrations/property-managers/index.server";
import { mintSearchId } from "~/server/live/tokens.server";
import { getT } from "~/server/platform/i18n.server";
import { formError, handleIntent, parseForm, readPageForm } from "~/server/web/forms.server";
import { refuse } from "~/server/web/refusal.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { contextForActor } from "~/server/web/transfer-api.server";
import { NewTransferPage } from "~/ui/new-transfer/NewTransferPage";
import type { NewTransferData } from "~/ui/new-transfer/types";
import { pageTitle } from "~/ui/page-title";

/**
 * /newTransfer (spec 03 §2.1; decisions 038, 039): a property manager finds the object by a current owner's
 * identifier and creates the transfer. Without JavaScript every step is a form post: the search's action waits for
 * the managers' systems (up to the time limit) and renders what they found; the create post checks for possible
 * duplicates and asks first when there are any; the transfer's id is the form's request id, so a double click makes
 * one transfer. Only objects of the user's own client are ever found or accepted.
 *
 * With JavaScript and the live channel up, the search runs as the identifier is typed (debounced, once it is
 * valid): `POST api/core/search/propertyObjects` with a search id the loader signed and the page joined, the hits
 * shown as each manager answers; choosing an object checks for possible duplicates at once. Creating is the same
 * form post either way, so the server asks the duplicate question and checks the object in one place. The page is
 * ui/new-transfer/NewTransferPage.tsx.
 */

async function context(request: Request) {
  const user = await requireUser(request, { role: ["PropertyManager"] });
  const db = getDb();
  const viewer = await viewerFor(db, user);
  return { user, db, viewer };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { user } = await context(request);
  const t = await getT(request, "transfer");
  return json(
    {
      title: t("create.title"),
      // For the live search: an id only this user may join, and how long the server lets a search run.
      searchId: mintSearchId(user.id),
      searchLimitMs: propertyManagersConfig().searchLimitMs,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** What the action answers (its shape is the page's, app/ui/new-transfer/types.ts). */
export type { NewTransferData };

export async function action({ request }: ActionFunctionArgs) {
  const { user, viewer, db } = await context(request);
  const form = await readPageForm(request);
  const ctx = contextForActor({ viewer, firstName: user.firstName, lastName: user.lastName });

  const search = async (submission: ReturnType<typeof parseForm<typeof NewTransferSearchSchema>>) => {
    if (submission.status !== "success") return null;
    try {
      const outcome = await searchObjects(
        ctx,
        {
          searchId: crypto.randomUUID(),
          query: { identifier: identifierOf(submission.value) },
          tenantId: user.tenantId,
        },
        { signal: request.signal },
      );
      return {
        status: outcome.status,
        requestId: crypto.randomUUID(),
        objects: outcome.objects.map((o) => ({
          objectId: o.objectId,
          name: o.name,
          description: o.description,
          association: o.association.name,
          owners: o.owners.map((p) => [p.firstName, p.lastName].filter(Boolean).join(" ")),
        })),
      };
    } catch (error) {
      if (error instanceof PropertyManagerError) return "failed" as const;
      throw error;
    }
  };

  return handleIntent(form, {
    search: async () => {
      const submission = parseForm(form, NewTransferSearchSchema);
      if (submission.status !== "success") return formError(submission);
      const found = await search(submission);
      if (found === "failed")
        return formError(submission, { formErrors: ["transfer:create.searchFailed"], status: 503 });
      return json({ result: submission.reply(), search: found ?? undefined } satisfies NewTransferData);
    },
    create: async () => {
      const submission = parseForm(form, NewTransferCreateSchema);
      /** A refused create keeps the page as it was: the same search again (its identifier came with the form). */
      const refused = async (formErrors?: string[], status = 400) => {
        const again = parseForm(form, NewTransferSearchSchema);
        const found = again.status === "success" ? await search(again) : null;
        return json(
          {
            result: submission.reply(formErrors ? { formErrors } : undefined),
            search: found && found !== "failed" ? found : undefined,
          } satisfies NewTransferData,
          { status },
        );
      };
      if (submission.status !== "success") return refused();
      const { objectId, requestId, confirmed } = submission.value;
      const identifier = identifierOf(submission.value);
      try {
        const { object, openCase } = await objectForCreate(ctx, objectId);
        // An object the search by this identifier could not have returned is not a choice.
        const owned = object.owners.some(
          (o) => o.identifier.type === identifier.type && o.identifier.value === identifier.value,
        );
        if (!owned) return refused(["transfer:create.chooseObject"]);
        const duplicates = await possibleDuplicates(db, viewer, objectId);
        if (duplicates.length > 0 && confirmed !== "yes") {
          return json({
            result: submission.reply(),
            duplicates: { objectId, list: duplicates },
          } satisfies NewTransferData);
        }
        const created = await createTransfer(ctx, { requestId, object }, openCase);
        return redirectWithToast(
          // Straight to the overview: a redirect through /transfers/{id} would lose the toast on the way.
          `/transfers/${encodeURIComponent(created.transferId)}/overview`,
          { key: "transfer:create.created" },
          { request },
        );
      } catch (error) {
        if (error instanceof PropertyManagerError) return refused(["transfer:create.failed"], 503);
        return refuse(error, {
          notFound: () => refused(["transfer:create.chooseObject"]),
          conflict: () => refused(["transfer:create.failed"], 503),
        });
      }
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title ?? "") }];

export default function NewTransfer() {
  return <NewTransferPage loaded={useLoaderData<typeof loader>()} />;
}
