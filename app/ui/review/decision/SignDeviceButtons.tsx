import { useTranslation } from "react-i18next";

/**
 * `Signera med`: one submit button per way to sign (this device, another device, and by proxy when offered); the
 * first is the form's signDevice field, which the error summary links to.
 */
export function SignDeviceButtons({
  fieldId,
  hasErrors,
  proxy,
  busy,
}: {
  fieldId: string;
  hasErrors: boolean;
  proxy: boolean;
  busy: boolean;
}) {
  const { t } = useTranslation("review");
  const devices = ["ThisDevice", "OtherDevice", ...(proxy ? ["SignByProxy"] : [])];
  return (
    <fieldset className={`field${hasErrors ? " field--error" : ""}`}>
      <legend className="field__label">{t("decision.signWith")}</legend>
      {proxy ? (
        <p className="field__hint" id="proxy-hint">
          {t("decision.proxyHint")}
        </p>
      ) : null}
      <div className="button-row">
        {devices.map((device, index) => (
          <button
            key={device}
            type="submit"
            name="signDevice"
            value={device}
            id={index === 0 ? fieldId : undefined}
            className={index === 0 ? "button" : "button button--secondary"}
            aria-describedby={device === "SignByProxy" ? "proxy-hint" : undefined}
            aria-disabled={busy || undefined}
            onClick={(event) => {
              if (busy) event.preventDefault();
            }}
          >
            {t(`decision.device.${device}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
