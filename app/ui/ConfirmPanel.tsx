import { Form, Link } from "@remix-run/react";
import { useEffect, useRef } from "react";

/**
 * The question before a destructive post, as a page state (a `?confirm=`-style URL the server renders, so it works
 * without JavaScript): title, explanation, the post with its hidden fields, and a link back. It takes focus when it
 * appears; without JavaScript the anchor `#id` brings it into view.
 */
export function ConfirmPanel({
  id,
  title,
  text,
  fields,
  yes,
  no,
  back,
  busy,
  level = 3,
}: {
  id: string;
  /** The question's heading level in the page's outline (3 inside a section, 2 right under the page's h1). */
  level?: 2 | 3;
  title: string;
  text: string;
  /** The hidden fields of the post (intent and what it acts on). */
  fields: Record<string, string | number>;
  yes: string;
  no: string;
  back: string;
  busy: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      className="confirm-panel"
      id={id}
      role="group"
      aria-labelledby={`${id}-title`}
      tabIndex={-1}
      ref={ref}
    >
      {level === 2 ? <h2 id={`${id}-title`}>{title}</h2> : <h3 id={`${id}-title`}>{title}</h3>}
      <p>{text}</p>
      <Form method="post" replace className="button-row">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button button--warning" aria-disabled={busy || undefined}>
          {yes}
        </button>
        <Link to={back} preventScrollReset className="button button--secondary">
          {no}
        </Link>
      </Form>
    </div>
  );
}
