import { getFormProps } from "@conform-to/react";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLiveObjectSearch } from "~/islands/live/object-search";
import { validateIdentifier } from "~/lib/identifier";
import { NewTransferCreateSchema, NewTransferSearchSchema } from "~/schemas/new-transfer";
import { ErrorSummary } from "~/ui/error-summary";
import { Radios, TextField } from "~/ui/forms";
import { useHydrated } from "~/ui/use-hydrated";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";
import { ConfirmDuplicates } from "./ConfirmDuplicates";
import { DuplicateList } from "./DuplicateList";
import { ObjectChoiceForm } from "./ObjectChoiceForm";
import type { NewTransferData } from "./types";
import { useDuplicateCheck } from "./use-duplicate-check";

/**
 * The page of /newTransfer (spec 03 §2.1): the search by a current owner's identifier, the objects found, and the
 * possible duplicates. Without JavaScript every step is a form post; with JavaScript and the live channel up, the
 * search runs as the identifier is typed and choosing an object checks for duplicates at once. The server half is
 * app/routes/newTransfer.tsx.
 */

/** How long typing must pause before the live search runs. */
const SEARCH_DEBOUNCE_MS = 500;

export interface NewTransferLoaderData {
  /** For the live search: an id only this user may join, and how long the server lets a search run. */
  searchId: string;
  searchLimitMs: number;
}

export function NewTransferPage({ loaded }: { loaded: NewTransferLoaderData }) {
  const { t } = useTranslation("transfer");
  const data = useActionData() as NewTransferData | undefined;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle";
  const posting = busy && navigation.formData?.get("intent") === "search";
  // One reply at a time: it belongs to the form whose intent it carries.
  const result = lastResultOf(data);
  const typed = (result?.initialValue ?? {}) as Record<string, unknown>;
  const lastIntent = typed.intent;
  const liveSearch = useLiveObjectSearch({
    url: "/api/core/search/propertyObjects",
    firstSearchId: loaded.searchId,
    limitMs: loaded.searchLimitMs,
    enabled: hydrated,
  });
  const duplicateCheck = useDuplicateCheck();
  const [liveRequestId, setLiveRequestId] = useState<string | null>(null);
  // The identifier the live search last ran for: the pause after typing does not search it a second time.
  const searched = useRef<string | null>(null);
  const startLiveSearch = (type: string, value: string) => {
    searched.current = `${type}\u0000${value}`;
    duplicateCheck.reset();
    setLiveRequestId(crypto.randomUUID());
    void liveSearch.search({ identifier: { type, value } });
  };
  const [searchForm, fields] = usePageForm(NewTransferSearchSchema, {
    id: "search",
    lastResult: lastIntent === "search" ? result : undefined,
    defaultValue:
      lastIntent === "create"
        ? { identifierType: typed.identifierType, identifier: typed.identifier }
        : { identifierType: "SocialSecurityNumber" },
    // Live: `Sök objekt` searches at once, without waiting for the pause; the schema has checked it first.
    onValidSubmit: (event, value) => {
      if (!liveSearch.live) return;
      event.preventDefault();
      startLiveSearch(value.identifierType, value.identifier ?? "");
    },
  });
  const [createForm, createFields] = usePageForm(NewTransferCreateSchema, {
    id: "create",
    lastResult: lastIntent === "create" ? result : undefined,
  });
  const identifierType = String(fields.identifierType.value ?? "SocialSecurityNumber");
  const identifierValue = String(fields.identifier.value ?? "");
  const valid =
    (identifierType === "SocialSecurityNumber" ||
      identifierType === "OrganizationNumber" ||
      identifierType === "Other") &&
    validateIdentifier(identifierType, identifierValue) === null;

  // As the user types: the hits of another identifier go at once, and the new one is searched once it is valid
  // and typing has paused.
  const { live, reset } = liveSearch;
  const key = `${identifierType}\u0000${identifierValue}`;
  useEffect(() => {
    if (!live || searched.current === key) return;
    searched.current = null;
    reset();
    duplicateCheck.reset();
    if (!valid) return;
    const timer = setTimeout(() => {
      // `Sök objekt` may have searched it during the pause.
      if (searched.current !== key) startLiveSearch(identifierType, identifierValue);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // startLiveSearch reads the same values `key` stands for.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [live, valid, key]);

  const liveState = liveSearch.state;
  const useLive = liveState.phase !== "idle";
  const found: NewTransferData["search"] | undefined = !useLive
    ? data?.search
    : liveState.phase === "done"
      ? { status: liveState.status, objects: liveState.hits, requestId: liveRequestId ?? "" }
      : liveState.phase === "searching" && liveState.hits.length > 0
        ? { status: "limitedCompleted", objects: liveState.hits, requestId: liveRequestId ?? "" }
        : undefined;
  const searching = posting || liveState.phase === "searching";
  const searchFailed = liveState.phase === "failed";
  const duplicates = data?.duplicates;
  return (
    <div className="page">
      <ErrorSummary form={searchForm} order={["identifierType", "identifier"]} />
      <ErrorSummary form={createForm} order={["objectId"]} />
      <h1>{t("create.title")}</h1>
      <p>{t("create.intro")}</p>
      <Form method="post" {...getFormProps(searchForm)} className="new-transfer__search">
        <input type="hidden" name="intent" value="search" />
        <Radios
          field={fields.identifierType}
          label={t("create.identifierType")}
          options={(["SocialSecurityNumber", "OrganizationNumber", "Other"] as const).map((type) => ({
            value: type,
            label: t(`create.types.${type}`),
          }))}
        />
        <TextField
          field={fields.identifier}
          label={t("create.identifier")}
          // The chosen type's format once the page follows the choice (JavaScript); without it the page cannot
          // know a type chosen after it was drawn, so the hint names every type's and there is no placeholder.
          hint={
            hydrated && isIdentifierType(identifierType)
              ? t(`create.identifierHints.${identifierType}`)
              : t("create.identifierHint")
          }
          placeholder={
            hydrated && identifierType === "SocialSecurityNumber" ? t("create.placeholder") : undefined
          }
          autoComplete="off"
          width="medium"
        />
        <button type="submit" className="button" aria-disabled={busy || undefined}>
          {t("create.search")}
        </button>
      </Form>
      <div role="status" aria-live="polite" className="new-transfer__status">
        {searchFailed
          ? t("create.searchFailed")
          : searching
            ? t("create.searching")
            : found
              ? found.objects.length === 0
                ? t("create.none")
                : t("create.found", { count: found.objects.length })
              : null}
      </div>
      {found && !searching && found.status === "limitedCompleted" ? (
        <p className="notice">{t("create.limited")}</p>
      ) : null}
      {found && found.objects.length > 0 ? (
        <ObjectChoiceForm
          form={createForm}
          field={createFields.objectId}
          found={found}
          identifierType={identifierType}
          identifierValue={identifierValue}
          busy={busy}
          hydrated={hydrated}
          onChoose={duplicateCheck.run}
        />
      ) : null}
      <div role="status" aria-live="polite">
        {!duplicates && duplicateCheck.check.phase === "checking" ? t("create.checkingDuplicates") : null}
      </div>
      {!duplicates && duplicateCheck.check.phase === "done" && duplicateCheck.check.result.list.length > 0 ? (
        <section aria-labelledby="possible-duplicates-title" className="new-transfer__duplicates">
          <DuplicateList duplicates={duplicateCheck.check.result} headingId="possible-duplicates-title" />
        </section>
      ) : null}
      {duplicates ? (
        <ConfirmDuplicates
          duplicates={duplicates}
          identifierType={identifierType}
          identifierValue={identifierValue}
          requestId={String(data?.result?.initialValue?.requestId ?? "")}
          busy={busy}
        />
      ) : null}
    </div>
  );
}

const isIdentifierType = (value: string) =>
  value === "SocialSecurityNumber" || value === "OrganizationNumber" || value === "Other";
