import { getFormProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import { NOTE_MAX_LENGTH } from "~/schemas/transfer";
import type { NoteView } from "~/schemas/transfer-views";
import { TextArea } from "~/ui/forms";
import { useHydrated } from "~/ui/use-hydrated";

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
  // Spec 02 §5: save is disabled while the note is empty. With JavaScript the button follows what is typed;
  // without it the button stays and the server answers an empty note with `Fältet kan inte vara tomt`.
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [empty, setEmpty] = useState(true);
  const check = useCallback(() => {
    const box = formRef.current?.elements.namedItem("body");
    setEmpty(!(box instanceof HTMLTextAreaElement) || box.value.trim() === "");
  }, []);
  // A saved note empties the box (a new key): look again after every render of the form.
  useEffect(check, [check, body?.key, notes.length]);
  return (
    <section aria-labelledby="notes">
      <h2 id="notes">{title}</h2>
      {form && body ? (
        <Form
          method="post"
          className="note-form"
          preventScrollReset
          ref={formRef}
          onInput={check}
          {...getFormProps(form)}
        >
          <input type="hidden" name="intent" value="addNote" />
          <TextArea field={body} label={t("notes.label")} rows={3} maxLength={NOTE_MAX_LENGTH} />
          <button
            type="submit"
            className="button button--secondary"
            disabled={hydrated && empty}
            aria-disabled={busy || undefined}
            onClick={(event) => {
              if (busy) event.preventDefault();
            }}
          >
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
