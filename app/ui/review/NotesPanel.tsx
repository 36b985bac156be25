import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import { NOTE_MAX_LENGTH } from "~/schemas/transfer";
import type { NoteView } from "~/schemas/transfer-views";
import { TextArea } from "~/ui/forms";

/** Anteckningar / Styrelseanteckningar: the note form (when the server offers it) and the notes, newest first. */
export function NotesPanel({
  title,
  notes,
  form,
  body,
  busy,
}: {
  title: string;
  notes: NoteView[];
  form: FormMetadata<{ body: string }, string[]> | null;
  body: FieldMetadata<string, { body: string }, string[]> | null;
  busy: boolean;
}) {
  const { t } = useTranslation("review");
  return (
    <section aria-labelledby="notes">
      <h2 id="notes">{title}</h2>
      {form && body ? (
        <Form method="post" className="note-form" preventScrollReset {...getFormProps(form)}>
          <input type="hidden" name="intent" value="addNote" />
          <TextArea field={body} label={t("notes.label")} rows={3} maxLength={NOTE_MAX_LENGTH} />
          <button type="submit" className="button button--secondary" aria-disabled={busy || undefined}>
            {t("notes.save")}
          </button>
        </Form>
      ) : null}
      {notes.length === 0 ? (
        <p>{t("notes.none")}</p>
      ) : (
        <ul className="note-list">
          {notes.map((n) => (
            <li key={n.id}>
              <p>{n.body}</p>
              <p className="muted">{t("notes.by", { name: n.createdBy, date: formatDateTime(n.created) })}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
