import { Form, Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { truncateFileName } from "~/lib/documents";
import { formatDate } from "~/lib/format";
import type { DocumentView } from "~/schemas/transfer-views";
import { ConfirmPanel } from "~/ui/ConfirmPanel";
import { DocumentPreview } from "~/ui/documents/DocumentPreview";

/**
 * The Dokument tab's parts (spec 02 §2.5): the property manager's table, the board's list, the removal question
 * and the erased-document dialog. Everything is a link or a form, so each works without JavaScript; the
 * preview's pdf.js island and the erased dialog are what JavaScript adds.
 */

type Category = { value: string; label: string };

function StatusCell({ document }: { document: DocumentView }) {
  const { t } = useTranslation("review");
  const erased = document.dataErasedAt !== null;
  const text = erased
    ? t("documents.status.erased", { category: document.translatedCategory })
    : t(`documents.status.${document.status}`);
  const icon = erased ? "⊘" : document.status === "UploadVerified" ? "✓" : "…";
  return (
    <span className={`doc-status doc-status--${erased ? "erased" : document.status}`} title={text}>
      <span aria-hidden="true" className="doc-status__icon">
        {icon}
      </span>{" "}
      {text}
    </span>
  );
}

/** The file's name, cut at 25 characters keeping the suffix; the whole name for screen readers and as a title. */
export function FileName({ name }: { name: string }) {
  const shown = truncateFileName(name);
  if (shown === name) return <>{name}</>;
  return (
    <>
      <span aria-hidden="true" title={name}>
        {shown}
      </span>
      <span className="visually-hidden">{name}</span>
    </>
  );
}

/** An erased document opens `Raderat dokument`: its own page without JavaScript, a dialog with it. */
function ErasedLink({
  document,
  href,
  children,
}: {
  document: DocumentView;
  href: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("review");
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <a
        href={href}
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          setOpen(true);
          dialog.current.showModal();
        }}
      >
        {children}
      </a>
      <dialog
        ref={dialog}
        className="dialog-box"
        aria-labelledby={`erased-${document.id}`}
        onClose={() => setOpen(false)}
      >
        {open ? (
          <>
            <h2 id={`erased-${document.id}`}>{t("document.erasedTitle")}</h2>
            <p>{t("document.erasedText")}</p>
            <button type="button" className="button" onClick={() => dialog.current?.close()}>
              {t("document.close")}
            </button>
          </>
        ) : null}
      </dialog>
    </>
  );
}

/** Where a document opens: /transfers/{id}/documents/{documentId} (a signed link for a ready one, `Raderat dokument` for an erased one). */
function openHref(transferId: string, document: DocumentView) {
  return `/transfers/${encodeURIComponent(transferId)}/documents/${encodeURIComponent(document.id)}`;
}

/**
 * A document's name where it is listed: a link that opens it in a new tab when it is ready, the `Raderat dokument`
 * link when it is erased, plain text while it is being uploaded or verified.
 */
function DocumentName({ transferId, document }: { transferId: string; document: DocumentView }) {
  const { t } = useTranslation("review");
  const name = <FileName name={document.fileName} />;
  if (document.dataErasedAt !== null) {
    return (
      <ErasedLink document={document} href={openHref(transferId, document)}>
        {name}
      </ErasedLink>
    );
  }
  if (document.status !== "UploadVerified") return name;
  return (
    <a href={openHref(transferId, document)} target="_blank" rel="noopener">
      {name}
      <span className="visually-hidden"> {t("documents.newTab")}</span>
    </a>
  );
}

/** The property manager's table: one row per document, a row's preview opening below it. */
export function DocumentTable({
  transferId,
  documents,
  categories,
  preview,
  here,
  busy,
}: {
  transferId: string;
  documents: DocumentView[];
  categories: Category[];
  preview: string | null;
  here: string;
  busy: boolean;
}) {
  const { t } = useTranslation("review");
  return (
    <table className="transfer-table document-table">
      <caption className="visually-hidden">{t("documents.caption")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("documents.columns.status")}</th>
          <th scope="col">{t("documents.columns.category")}</th>
          <th scope="col">{t("documents.columns.fileName")}</th>
          <th scope="col">{t("documents.columns.uploaded")}</th>
          <th scope="col">{t("documents.columns.archived")}</th>
          <th scope="col">{t("documents.columns.actions")}</th>
        </tr>
      </thead>
      <tbody>
        {documents.map((document) => {
          const erased = document.dataErasedAt !== null;
          const ready = !erased && document.status === "UploadVerified";
          const expanded = ready && preview === document.id;
          return (
            <DocumentRows
              key={document.id}
              document={document}
              expanded={expanded}
              transferId={transferId}
              cells={
                <>
                  <td>
                    <StatusCell document={document} />
                  </td>
                  <td>{document.translatedCategory}</td>
                  <td>
                    <DocumentName transferId={transferId} document={document} />
                  </td>
                  <td className="nowrap">{formatDate(document.created)}</td>
                  <td>
                    {document.archivedAt ? (
                      <span title={formatDate(document.archivedAt)}>{t("documents.archivedMarker")}</span>
                    ) : (
                      <span className="muted">{t("documents.notArchived")}</span>
                    )}
                  </td>
                  <td>
                    <div className="document-table__actions">
                      {ready ? (
                        <Link
                          to={
                            expanded
                              ? here
                              : `${here}?preview=${encodeURIComponent(document.id)}#preview-${document.id}`
                          }
                          preventScrollReset
                          aria-expanded={expanded}
                          aria-controls={expanded ? `preview-${document.id}` : undefined}
                        >
                          {expanded ? (
                            t("documents.hidePreview")
                          ) : (
                            <>
                              {t("documents.preview")}
                              <span className="visually-hidden"> {document.fileName}</span>
                            </>
                          )}
                        </Link>
                      ) : null}
                      {document.canBeRemoved ? (
                        <Link to={`${here}?remove=${encodeURIComponent(document.id)}#remove`}>
                          {t("documents.remove")}
                          <span className="visually-hidden"> {document.fileName}</span>
                        </Link>
                      ) : null}
                      {document.canChangeCategory ? (
                        <CategoryForm document={document} categories={categories} busy={busy} />
                      ) : null}
                    </div>
                  </td>
                </>
              }
            />
          );
        })}
      </tbody>
    </table>
  );
}

function DocumentRows({
  transferId,
  document,
  expanded,
  cells,
}: {
  transferId: string;
  document: DocumentView;
  expanded: boolean;
  cells: React.ReactNode;
}) {
  return (
    <>
      <tr className={expanded ? "document-table__row--open" : undefined}>{cells}</tr>
      {expanded ? (
        <tr className="document-table__preview">
          <td colSpan={6} id={`preview-${document.id}`}>
            <DocumentPreview
              transferId={transferId}
              documentId={document.id}
              fileName={document.fileName}
              previewUrl={document.previewUrl}
            />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** A category change for one document: a select and its button (a plain post). */
function CategoryForm({
  document,
  categories,
  busy,
}: {
  document: DocumentView;
  categories: Category[];
  busy: boolean;
}) {
  const { t } = useTranslation("review");
  const id = `category-${document.id}`;
  return (
    <Form method="post" preventScrollReset className="document-table__category">
      <input type="hidden" name="intent" value="changeCategory" />
      <input type="hidden" name="documentId" value={document.id} />
      <label htmlFor={id} className="visually-hidden">
        {t("documents.categoryFor", { fileName: document.fileName })}
      </label>
      <select
        id={id}
        name="category"
        defaultValue={document.category}
        className="field__select field__select--small"
      >
        {categories.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="button button--secondary button--small"
        aria-disabled={busy || undefined}
      >
        {t("documents.changeCategory")}
        <span className="visually-hidden"> {document.fileName}</span>
      </button>
    </Form>
  );
}

/**
 * The simpler list of everyone but the property manager (the board, the private party): category, name (opens the
 * document), status, uploaded date, and removal where the server offers it (the private party's own upload).
 */
export function BoardDocumentList({
  transferId,
  documents,
  here,
}: {
  transferId: string;
  documents: DocumentView[];
  /** The tab's own path, where the removal question is asked. */
  here: string;
}) {
  const { t } = useTranslation("review");
  return (
    <ul className="document-list">
      {documents.map((document) => {
        return (
          <li key={document.id}>
            <span className="document-list__category">{document.translatedCategory}</span>{" "}
            <DocumentName transferId={transferId} document={document} />{" "}
            <span className="muted">
              · <StatusCell document={document} /> · {formatDate(document.created)}
            </span>
            {document.canBeRemoved ? (
              <>
                {" "}
                ·{" "}
                <Link to={`${here}?remove=${encodeURIComponent(document.id)}#remove`}>
                  {t("documents.remove")}
                  <span className="visually-hidden"> {document.fileName}</span>
                </Link>
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The question before a removal (a page state `?remove=`, so it works without JavaScript). */
export function RemoveConfirmation({
  document,
  kind,
  cancelTo,
  busy,
}: {
  document: DocumentView;
  /** Erased (the row stays as Raderat dokument) or withdrawn (row and file go). */
  kind: "erase" | "withdraw";
  cancelTo: string;
  busy: boolean;
}) {
  const { t } = useTranslation("review");
  return (
    <ConfirmPanel
      id="remove"
      title={t("documents.removeQuestion", { fileName: document.fileName })}
      text={kind === "erase" ? t("documents.removeEraseText") : t("documents.removeWithdrawText")}
      fields={{ intent: "remove", documentId: document.id }}
      yes={t("documents.removeYes")}
      no={t("documents.removeNo")}
      back={cancelTo}
      busy={busy}
    />
  );
}
