import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PrivateObject, ProviderLogo } from "./PrivateNewTransferPage";

/**
 * One of the private party's own objects: the manager's logo, the object and `Skapa överlåtelse`, a link to the
 * question (`?confirm=`); with JavaScript, on a page that searched live, the question opens in place (`onAsk`).
 */
export function PrivateObjectCard({
  object: o,
  provider,
  onAsk,
}: {
  object: PrivateObject;
  provider: ProviderLogo | undefined;
  /** Given when the question is asked in place rather than as a page of its own. */
  onAsk: (() => void) | null;
}) {
  const { t } = useTranslation("transfer");
  return (
    <article className="card" aria-labelledby={`object-${o.objectId}`}>
      {provider ? <img src={provider.logoUrl} alt={provider.alt} height={32} /> : null}
      <h2 id={`object-${o.objectId}`}>{o.name}</h2>
      {o.association ? <p className="muted">{o.association}</p> : null}
      <Link
        to={`?confirm=${encodeURIComponent(o.objectId)}#confirm`}
        className="button"
        preventScrollReset
        onClick={(event) => {
          if (!onAsk) return;
          event.preventDefault();
          onAsk();
        }}
      >
        {t("privateNew.create")}
        <span className="visually-hidden"> {o.name}</span>
      </Link>
    </article>
  );
}
