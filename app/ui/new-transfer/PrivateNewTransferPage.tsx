import { useActionData, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLiveObjectSearch } from "~/islands/live/object-search";
import { PrivateNewTransferCreateSchema } from "~/schemas/new-transfer";
import { ConfirmPanel } from "~/ui/ConfirmPanel";
import { ErrorSummary } from "~/ui/error-summary";
import { useHydrated } from "~/ui/use-hydrated";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";
import { PrivateObjectCard } from "./PrivateObjectCard";

/**
 * The page of /transfers/private/new (spec 03 §2.3): the private party's own objects, one card each, and the
 * question `Skapa ny överlåtelse` (a page state, `?confirm=`, or in place with JavaScript). When the loader did not
 * search (`pending`, a data request), the page searches over the live channel, or after LIVE_WAIT_MS without it
 * asks the loader to search after all (`?wait=1`). The server half is app/routes/transfers.private.new.tsx.
 */

/** How long the page waits for the live channel before it lets the server search instead. */
const LIVE_WAIT_MS = 4_000;

export type ProviderLogo = { logoUrl: string; alt: string; name: string };
export type PrivateObject = { objectId: string; name: string; association?: string; providerId: string };

export interface PrivateNewTransferData {
  /** The managers' logos by provider id. */
  logos: Record<string, ProviderLogo>;
  /** The create post's request id, the new transfer's id. */
  requestId: string;
  searchId: string;
  searchLimitMs: number;
  /** The loader did not search: the page searches live. */
  pending: boolean;
  failed: boolean;
  limited: boolean;
  objects: PrivateObject[];
  /** The object the question (`?confirm=`) is asked about. */
  asked: string | null;
}

export function PrivateNewTransferPage({ loaded }: { loaded: PrivateNewTransferData }) {
  const { logos, requestId } = loaded;
  const { t } = useTranslation("transfer");
  const navigation = useNavigation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle";
  const [form] = usePageForm(PrivateNewTransferCreateSchema, {
    id: "private-new",
    lastResult: lastResultOf(useActionData()),
  });
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
    const timer = setTimeout(() => navigate("?wait=1", { replace: true }), LIVE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [loaded.pending, live, search, state.phase, navigate]);
  // With JavaScript the question is asked in place; without it, `?confirm=` is a page the server renders.
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
          id="confirm"
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
            <PrivateObjectCard
              object={o}
              provider={logos[o.providerId]}
              onAsk={
                loaded.pending ? () => setAskedHere({ load: loaded.searchId, objectId: o.objectId }) : null
              }
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
