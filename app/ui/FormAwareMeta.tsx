import { Meta, UNSAFE_RemixContext, type MetaDescriptor } from "@remix-run/react";
import { useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { UNSAFE_DataRouterStateContext } from "react-router-dom";

type MetaExport = (args: never) => MetaDescriptor[] | undefined;

/** A page's action answered `{ result }` with errors (the one failed shape of decision 014). */
export function isFailedReply(data: unknown): boolean {
  if (!data || typeof data !== "object" || !("result" in data)) return false;
  const result = (data as { result?: { status?: string } | null }).result;
  return result?.status === "error";
}

/**
 * Remix's <Meta /> with the GOV.UK rule for failed forms: after a post answered with errors the page title starts
 * with `Fel: `. Meta functions never see action data, so the route modules' meta exports are wrapped here while
 * the router state holds a failed reply; the server render of a post without JavaScript gets the same title.
 */
export function FormAwareMeta() {
  const state = useContext(UNSAFE_DataRouterStateContext);
  const remix = useContext(UNSAFE_RemixContext);
  const { t } = useTranslation();
  const failed = Object.values(state?.actionData ?? {}).some(isFailedReply);
  const context = useMemo(() => {
    if (!failed || !remix) return remix;
    const prefix = (descriptors: MetaDescriptor[] | undefined) =>
      descriptors?.map((d) =>
        d && "title" in d ? { title: t("validation.titlePrefix", { title: String(d.title) }) } : d,
      );
    const routeModules = Object.fromEntries(
      Object.entries(remix.routeModules).map(([id, module]) => {
        if (!module || typeof module.meta !== "function") return [id, module];
        const meta = module.meta as MetaExport;
        return [id, { ...module, meta: (args: never) => prefix(meta(args)) }];
      }),
    );
    return { ...remix, routeModules };
  }, [failed, remix, t]);
  if (!context || context === remix) return <Meta />;
  return (
    <UNSAFE_RemixContext.Provider value={context}>
      <Meta />
    </UNSAFE_RemixContext.Provider>
  );
}
