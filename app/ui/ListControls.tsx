import { Form, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export interface FilterOption {
  id: string;
  label: string;
  count: number;
  checked: boolean;
}

export interface ListControlsProps {
  /** Hidden state the GET form carries along (tab, sort, direction). */
  hidden: Record<string, string>;
  filters: FilterOption[];
  toggles: Array<{ id: string; label: string; checked: boolean }> | null;
  search: string;
  searchMaxLength: number;
}

const SEARCH_DEBOUNCE_MS = 500;

/**
 * Filters, toggles and search of a transfer list as one GET form: without JavaScript the button submits it and
 * every state has a URL. With JavaScript a ticked box submits at once and typing submits after 500 ms of quiet;
 * the form is not re-mounted, so focus stays where the user was.
 */
export function ListControls({ hidden, filters, toggles, search, searchMaxLength }: ListControlsProps) {
  const { t } = useTranslation("transferList");
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const submitNow = () => {
    clearTimeout(timer.current);
    if (formRef.current) submit(formRef.current, { replace: true, preventScrollReset: true });
  };

  return (
    <Form
      method="get"
      ref={formRef}
      className="list-controls"
      role="search"
      aria-label={t("search.formLabel")}
    >
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="field list-controls__search">
        <label className="field__label" htmlFor="list-search">
          {t("search.label")}
        </label>
        <div className="list-controls__search-row">
          <input
            id="list-search"
            className="field__input"
            type="search"
            name="q"
            defaultValue={search}
            placeholder={t("search.placeholder")}
            maxLength={searchMaxLength}
            autoComplete="off"
            onChange={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(submitNow, SEARCH_DEBOUNCE_MS);
            }}
          />
          <button type="submit" className="button button--secondary">
            {t("search.submit")}
          </button>
        </div>
      </div>
      {filters.length > 0 ? (
        <CheckboxGroup
          legend={t("filters.legend")}
          name="filter"
          options={filters.map((f) => ({
            ...f,
            label: t("filters.withCount", { label: f.label, count: f.count }),
          }))}
          onChange={submitNow}
        />
      ) : null}
      {toggles ? (
        <CheckboxGroup
          legend={t("filters.togglesLegend")}
          name="toggle"
          options={toggles}
          onChange={submitNow}
        />
      ) : null}
      <div className="button-row">
        <button type="submit" className="button">
          {t("filters.apply")}
        </button>
      </div>
    </Form>
  );
}

/** One fieldset of checkboxes of the GET form; each ticked box adds `name=id` to the URL. */
function CheckboxGroup({
  legend,
  name,
  options,
  onChange,
}: {
  legend: string;
  name: string;
  options: Array<{ id: string; label: string; checked: boolean }>;
  onChange: () => void;
}) {
  return (
    <fieldset className="list-controls__group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <div className="checkbox checkbox--inline" key={option.id}>
          <input
            id={`${name}-${option.id}`}
            type="checkbox"
            name={name}
            value={option.id}
            defaultChecked={option.checked}
            onChange={onChange}
          />
          <label htmlFor={`${name}-${option.id}`}>{option.label}</label>
        </div>
      ))}
    </fieldset>
  );
}

/** True 500 ms into a navigation of this page (skeletons must not flash on fast answers). */
export function useDelayedLoading(pathname: string, delayMs = 500): boolean {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname === pathname;
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!loading) {
      setLate(false);
      return;
    }
    const id = setTimeout(() => setLate(true), delayMs);
    return () => clearTimeout(id);
  }, [loading, delayMs]);
  return late;
}

/** After "Hämta fler" the first new row takes focus, so keyboard users continue where the list grew. */
export function useFocusFirstNewRow(firstNewIndex: number | null, locationKey: string) {
  useEffect(() => {
    if (firstNewIndex === null) return;
    document.getElementById("forsta-nya")?.focus({ preventScroll: false });
  }, [firstNewIndex, locationKey]);
}
