import type { LegalDocumentContent } from "~/lib/legal";

export type { LegalDocumentContent, LegalSection } from "~/lib/legal";

/** A policy page: one h1, a table of contents, then one h2 section per topic. */
export function LegalDocument({
  doc,
  tocLabel,
  children,
  nested = false,
}: {
  doc: LegalDocumentContent;
  tocLabel: string;
  children?: React.ReactNode;
  /** Inside a dialog that has its own heading: no h1, sections as h3. */
  nested?: boolean;
}) {
  const SectionHeading = nested ? "h3" : "h2";
  return (
    <article className="page page--prose">
      {nested ? null : <h1>{doc.title}</h1>}
      <p className="lead">{doc.lead}</p>
      <p className="muted">{doc.updated}</p>
      {children}
      <nav aria-label={nested ? `${tocLabel}: ${doc.title}` : tocLabel} className="toc">
        <ol>
          {doc.sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.heading}</a>
            </li>
          ))}
        </ol>
      </nav>
      {doc.sections.map((s) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`}>
          <SectionHeading id={`${s.id}-heading`}>{s.heading}</SectionHeading>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {s.items?.length ? (
            <ul>
              {s.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </article>
  );
}
