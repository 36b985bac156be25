import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { documentForViewer, documentLink } from "~/server/domain/documents/access.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import { getT, svT } from "~/server/platform/i18n.server";
import { pageTitle } from "~/ui/page-title";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * /transfers/{id}/documents/{documentId} (spec 02 §2.5): a document opens in the browser's own viewer through a
 * short-lived signed link, made only after the user's scope was checked. An erased document is the page
 * `Raderat dokument`; a missing one, another transfer's, or one outside the user's scope is the same 404.
 *
 * `?preview` is the document's previewUrl, which answers `{ url }` (spec 02 §7) for the preview island. A page
 * route's loader cannot answer JSON to a plain GET (Remix renders the page around it; only redirects pass through),
 * so it redirects to GET api/core/transfers/{id}/documents/{documentId}?noRedirect, which checks the scope again and
 * answers `{ url }` or the API's JSON 404 (erased included), never cached. fetch follows the redirect.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { role: ["PropertyManager", "BoardMember"] });
  const query = new URL(request.url).searchParams;
  if (query.has("preview")) {
    const path = `/api/core/transfers/${encodeURIComponent(params.id ?? "")}/documents/${encodeURIComponent(params.documentId ?? "")}`;
    return redirect(`${path}?noRedirect`, { status: 303, headers: { "Cache-Control": "no-store" } });
  }
  const db = getDb();
  const document = await documentForViewer(
    db,
    await viewerFor(db, user),
    params.id ?? "",
    params.documentId ?? "",
  );
  if (!document || (!document.erased && !document.ready)) {
    throw json({ title: svT()("review:document.notFoundTitle") }, { status: 404 });
  }
  const t = await getT(request, "review");
  if (document.erased) {
    return json(
      { title: t("document.erasedTitle"), transferId: document.transferId },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  const download = query.has("download") ? "&download=1" : "";
  return redirect(documentLink(document.id) + download, {
    status: 303,
    headers: { "Cache-Control": "no-store" },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data?.title ?? thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="document.notFoundTitle" textKey="document.notFoundText" />;
}

export default function ErasedDocumentPage() {
  const { transferId } = useLoaderData<typeof loader>();
  const { t } = useTranslation("review");
  return (
    <div className="page page--narrow">
      <h1>{t("document.erasedTitle")}</h1>
      <p>{t("document.erasedText")}</p>
      <p>
        <Link to={`/transfers/${encodeURIComponent(transferId)}/overview`} className="button">
          {t("document.close")}
        </Link>
      </p>
    </div>
  );
}
