import { useTranslation } from "react-i18next";
import type { TestPerson } from "./DevBankIdPage";

/** Whom the phone belongs to: one of the simulator's test people (its label for screen readers only). */
export function PersonSelect({ id, people }: { id: string; people: TestPerson[] }) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t("devBankid.person")}
      </label>
      <select id={id} name="personalNumber">
        {people.map((p) => (
          <option key={p.personalNumber} value={p.personalNumber}>
            {p.givenName} {p.surname} ({p.personalNumber})
          </option>
        ))}
      </select>
    </>
  );
}
