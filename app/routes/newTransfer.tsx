import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLiveObjectSearch } from "~/islands/live/object-search";
import { formatDate } from "~/lib/format";
import { validateIdentifier } from "~/lib/identifier";
import { NewTransferCreateSchema, NewTransferSearchSchema, identifierOf } from "~/schemas/new-transfer";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { createTransfer, objectForCreate } from "~/server/domain/transfers/create.server";
import { possibleDuplicates } from "~/server/domain/transfers/duplicates.server";
import { isDomainError } from "~/server/domain/core/errors.server";
import { searchObjects } from "~/server/domain/transfers/objects.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import {
  PropertyManagerError,
  propertyManagersConfig,
} from "~/server/integrations/property-managers/index.server";
import { mintSearchId } from "~/server/live/tokens.server";
import { getT } from "~/server/platform/i18n.server";
import { formError, handleIntent, parseForm, readPageForm } from "~/server/web/forms.server";
import { redirectWithToast } from "~/server/web/toast.server";
import { contextForActor } from "~/server/web/transfer-api.server";
import { ErrorSummary } from "~/ui/error-summary";
import { Radios, TextField } from "~/ui/forms";
import { pageTitle } from "~/ui/page-title";
import { useHydrated } from "~/ui/use-hydrated";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";

/**
 * /newTransfer (spec 03 §2.1, issue 15): a property manager finds the object by a current owner's identifier and
 * creates the transfer. Without JavaScript every step is a form post: the search's action waits for the
 * managers' systems (up to the time limit) and renders what they found; the create post checks for possible
 * duplicates and asks first when there are any; the transfer's id is the form's request id, so a double click
 * makes one transfer. Only objects of the user's own client are ever found or accepted.
 *
 * With JavaScript and the live channel up, the search runs as the identifier is typed (debounced, once it is
 * valid): `POST api/core/search/propertyObjects` with a search id the loader signed and the page joined, the hits
 * shown as each manager answers; choosing an object checks for possible duplicates at once. Creating is the same
 * form post either way, so the server asks the duplicate question and checks the object in one place.
 */

/** How long typing must pause before the live search runs. */
const SEARCH_DEBOUNCE_MS = 500;

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

/** An object found; the live search's hits carry only the id and name (spec 03 §3), the form post's all of it. */
type FoundObject = {
  objectId: string;
  name: string;
  description?: string;
  association?: string;
  owners?: string[];
};

type Duplicate = { transferId: string; status: string; objectNumber: string; created: string };

export type NewTransferData = {
  result?: SubmissionResult<string[]>;
  search?: { status: "completed" | "limitedCompleted"; objects: FoundObject[]; requestId: string };
  duplicates?: { objectId: string; list: Duplicate[] };
};

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
        if (isDomainError(error) && error.code === "NotFound")
          return refused(["transfer:create.chooseObject"]);
        if (error instanceof PropertyManagerError || (isDomainError(error) && error.code === "Conflict")) {
          return refused(["transfer:create.failed"], 503);
        }
        throw error;
      }
    },
  });
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title ?? "") }];

type Duplicates = { objectId: string; list: Duplicate[] };

/** With JavaScript: the possible duplicates of the chosen object, asked for as soon as it is chosen. */
function useDuplicateCheck() {
  const [check, setCheck] = useState<
    { phase: "idle" } | { phase: "checking"; objectId: string } | { phase: "done"; result: Duplicates }
  >({ phase: "idle" });
  const run = (objectId: string) => {
    setCheck({ phase: "checking", objectId });
    void fetch(`/api/core/propertyManagers/transfers/existing?objectId=${encodeURIComponent(objectId)}`, {
      headers: { Accept: "application/json" },
    })
      .then(async (answer) =>
        answer.ok ? ((await answer.json()) as { possibleDuplicates: Duplicate[] }).possibleDuplicates : [],
      )
      // A failed check is not a refusal: the create post checks again and asks then.
      .catch(() => [] as Duplicate[])
      .then((list) =>
        setCheck((c) =>
          c.phase === "checking" && c.objectId === objectId
            ? { phase: "done", result: { objectId, list } }
            : c,
        ),
      );
  };
  return { check, run, reset: () => setCheck({ phase: "idle" }) };
}

function DuplicateList({ duplicates, headingId }: { duplicates: Duplicates; headingId: string }) {
  const { t } = useTranslation("transfer");
  return (
    <>
      <h2 id={headingId}>{t("create.duplicatesTitle")}</h2>
      <p>{t("create.duplicatesText")}</p>
      <ul>
        {duplicates.list.map((d) => (
          <li key={d.transferId}>
            <Link to={`/transfers/${d.transferId}`}>
              {t("create.duplicateRow", {
                objectNumber: d.objectNumber,
                status: t(`status.${d.status}`),
                date: formatDate(d.created),
              })}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function NewTransfer() {
  const { t } = useTranslation("transfer");
  const loaded = useLoaderData<typeof loader>();
  const data = useActionData<typeof action>() as NewTransferData | undefined;
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle";
  const posting = busy && navigation.formData?.get("intent") === "search";
  // One reply at a time: it belongs to the form whose intent it carries.
  const result = lastResultOf(data);
  const typed = (result?.initialValue ?? {}) as Record<string, unknown>;
  const lastIntent = typed.intent;
  const [searchForm, fields] = usePageForm(NewTransferSearchSchema, {
    id: "search",
    lastResult: lastIntent === "search" ? result : undefined,
    defaultValue:
      lastIntent === "create"
        ? { identifierType: typed.identifierType, identifier: typed.identifier }
        : { identifierType: "SocialSecurityNumber" },
  });
  const [createForm, createFields] = usePageForm(NewTransferCreateSchema, {
    id: "create",
    lastResult: lastIntent === "create" ? result : undefined,
  });
  const identifierType = String(fields.identifierType.value ?? "SocialSecurityNumber");
  const identifierValue = String(fields.identifier.value ?? "");
  const liveSearch = useLiveObjectSearch({
    url: "/api/core/search/propertyObjects",
    firstSearchId: loaded.searchId,
    limitMs: loaded.searchLimitMs,
    enabled: hydrated,
  });
  const duplicateCheck = useDuplicateCheck();
  const [liveRequestId, setLiveRequestId] = useState<string | null>(null);
  const valid =
    (identifierType === "SocialSecurityNumber" ||
      identifierType === "OrganizationNumber" ||
      identifierType === "Other") &&
    validateIdentifier(identifierType, identifierValue) === null;
  const startLiveSearch = () => {
    duplicateCheck.reset();
    setLiveRequestId(crypto.randomUUID());
    void liveSearch.search({ identifier: { type: identifierType, value: identifierValue } });
  };

  // As the user types: search once the identifier is valid and typing has paused; an invalid one clears.
  const { live, reset } = liveSearch;
  const key = `${identifierType}\u0000${identifierValue}`;
  useEffect(() => {
    if (!live) return;
    if (!valid) {
      reset();
      return;
    }
    const timer = setTimeout(startLiveSearch, SEARCH_DEBOUNCE_MS);
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
  const searchProps = getFormProps(searchForm);
  return (
    <div className="page">
      <ErrorSummary form={searchForm} order={["identifierType", "identifier"]} />
      <ErrorSummary form={createForm} order={["objectId"]} />
      <h1>{t("create.title")}</h1>
      <p>{t("create.intro")}</p>
      <Form
        method="post"
        {...searchProps}
        onSubmit={(event) => {
          // Live: the button searches at once, without waiting for the pause.
          if (liveSearch.live && valid) {
            event.preventDefault();
            startLiveSearch();
            return;
          }
          searchProps.onSubmit(event);
        }}
        className="new-transfer__search"
      >
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
          hint={t("create.identifierHint")}
          placeholder={identifierType === "SocialSecurityNumber" ? t("create.placeholder") : undefined}
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
        <Form
          method="post"
          className="new-transfer__objects"
          {...getFormProps(createForm)}
          onChange={(event) => {
            const target = event.target as HTMLInputElement;
            if (hydrated && target.name === "objectId" && target.checked) duplicateCheck.run(target.value);
          }}
        >
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="identifierType" value={identifierType} />
          <input type="hidden" name="identifier" value={identifierValue} />
          <input type="hidden" name="requestId" value={found.requestId} />
          <Radios
            field={createFields.objectId}
            label={t("create.chooseObject")}
            options={found.objects.map((o) => ({
              value: o.objectId,
              label: o.name,
              ...(o.association
                ? {
                    hint: `${o.association} · ${o.description ?? ""} · ${t("create.owners", { names: (o.owners ?? []).join(", ") })}`,
                  }
                : {}),
            }))}
          />
          <button type="submit" className="button" aria-disabled={busy || undefined}>
            {t("create.create")}
          </button>
        </Form>
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
        <section className="confirm-panel" aria-labelledby="duplicates-title" id="duplicates">
          <DuplicateList duplicates={duplicates} headingId="duplicates-title" />
          <h3>{t("create.confirmTitle")}</h3>
          <Form method="post" className="button-row">
            <input type="hidden" name="intent" value="create" />
            <input type="hidden" name="identifierType" value={identifierType} />
            <input type="hidden" name="identifier" value={identifierValue} />
            <input type="hidden" name="objectId" value={duplicates.objectId} />
            <input
              type="hidden"
              name="requestId"
              value={String(data?.result?.initialValue?.requestId ?? "")}
            />
            <input type="hidden" name="confirmed" value="yes" />
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {t("create.confirmYes")}
            </button>
            <Link to="/newTransfer" className="button button--secondary">
              {t("create.confirmNo")}
            </Link>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
