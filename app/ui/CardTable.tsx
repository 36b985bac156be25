/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role -- the roles
   are the point: see below. */

/**
 * The parts of a table that collapses into cards on narrow screens (`.transfer-table`, app.css): there the table,
 * its rows and cells are display: block, which drops their table semantics in some browsers (Safari, older
 * Chromium), so each part states its role explicitly and screen readers still get a table with headers.
 */
export function Table({ className, ...props }: React.TableHTMLAttributes<HTMLTableElement>) {
  return (
    <table role="table" className={className ? `transfer-table ${className}` : "transfer-table"} {...props} />
  );
}

export function THead(props: React.HTMLAttributes<HTMLTableSectionElement>) {
  return <thead role="rowgroup" {...props} />;
}

export function TBody(props: React.HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody role="rowgroup" {...props} />;
}

export function Tr(props: React.HTMLAttributes<HTMLTableRowElement>) {
  return <tr role="row" {...props} />;
}

/** A column's header (scope="col") or a row's (scope="row"). */
export function Th({
  scope,
  ...props
}: React.ThHTMLAttributes<HTMLTableCellElement> & { scope: "col" | "row" }) {
  return <th scope={scope} role={scope === "row" ? "rowheader" : "columnheader"} {...props} />;
}

/** A cell; on narrow screens it shows its column's header as `data-label` (required, so no cell goes unnamed). */
export function Td(props: React.TdHTMLAttributes<HTMLTableCellElement> & { "data-label": string }) {
  return <td role="cell" {...props} />;
}
