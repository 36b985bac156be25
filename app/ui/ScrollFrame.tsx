/**
 * A wide table's frame: when the table is wider than the column it sits in, it scrolls sideways here instead of
 * running under what is beside it, and the keyboard can reach (and scroll) it. `scroll={false}` renders the table
 * alone.
 */
export function ScrollFrame({
  scroll = true,
  labelledBy,
  children,
}: {
  scroll?: boolean;
  /** The id of the heading that names the table's section. */
  labelledBy: string;
  children: React.ReactNode;
}) {
  if (!scroll) return <>{children}</>;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must be reachable by keyboard (axe scrollable-region-focusable)
    <div className="table-scroll" tabIndex={0} role="group" aria-labelledby={labelledBy}>
      {children}
    </div>
  );
}
