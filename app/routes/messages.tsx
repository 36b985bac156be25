import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import { truncate } from "~/lib/truncate";
import { MESSAGES_CHANGED_EVENT } from "~/islands/MessageCounter";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import {
  hasMessageWorklist,
  headerMessageCount,
  unresolvedMessages,
  type WorklistItem,
} from "~/server/domain/messages/worklist.server";
import { viewerFor } from "~/server/domain/transfers/scope.server";
import { recentWatchers } from "~/server/live/activity.server";
import { getT } from "~/server/platform/i18n.server";
import { Table, TBody, THead, Td, Th, Tr } from "~/ui/CardTable";
import { pageTitle } from "~/ui/page-title";
import { getLog } from "~/server/platform/log.server";

/**
 * /messages (spec 02 §2.9, spec 01 §2): the unhandled messages the user may handle, latest activity first.
 * Property managers see `Meddelanden att hantera`, board members `Ohanterade meddelanden`. With JavaScript the list
 * follows the live channel (the header's counter hears `messagesCountChanged`) and shows a loading text after
 * 500 ms; without it, every visit shows the list as it is.
 */

/** Characters of the message shown per width (spec 02 §2.9): above 1024, 768, 640 px, and below. */
const WIDTHS = [95, 80, 50, 30] as const;
const LOADING_DELAY_MS = 500;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, {
    role: ["PropertyManager", "BoardMember"],
    redirectTo: "/noPermissions",
  });
  const db = getDb();
  const viewer = await viewerFor(db, user);
  if (!hasMessageWorklist(viewer)) throw redirect("/noPermissions");
  const t = await getT(request, "review");
  const title = user.role === "PropertyManager" ? t("worklist.titleManager") : t("worklist.titleBoard");
  const now = new Date();
  try {
    // The total is the header's number, counted once for both loaders of this request.
    const [items, total] = await Promise.all([
      unresolvedMessages(db, viewer),
      headerMessageCount(request, db, user).then((n) => n ?? 0),
    ]);
    const watchers = await recentWatchers(
      db,
      viewer,
      items.map((i) => i.transferId),
      now,
    );
    return json(
      {
        title,
        items: items.map((item) => ({
          ...item,
          watchers: (watchers[item.transferId] ?? []).map((w) => w.firstName),
        })),
        total,
        failed: false,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    getLog().warn({ err: error }, "the messages worklist could not be read");
    return json(
      { title, items: [] as Array<WorklistItem & { watchers: string[] }>, total: 0, failed: true },
      // Our own failure (500), not a service that is away (403, 503 lead to /unavailable, spec 01 §8): the list
      // says `Ett fel inträffade när meddelanden skulle hämtas` (spec 02 §2.9).
      { status: 500, headers: { "Cache-Control": "no-store" } },
    );
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function Messages() {
  const { title, items, total, failed } = useLoaderData<typeof loader>();
  const { t } = useTranslation("review");
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/messages");
  const showLoading = useDelayed(loading, LOADING_DELAY_MS);
  useEffect(() => {
    const refresh = () => {
      if (revalidator.state === "idle") revalidator.revalidate();
    };
    window.addEventListener(MESSAGES_CHANGED_EVENT, refresh);
    return () => window.removeEventListener(MESSAGES_CHANGED_EVENT, refresh);
  }, [revalidator]);

  return (
    <div className="page page--wide worklist">
      <h1>{title}</h1>
      <p>{t("worklist.intro")}</p>
      <p className="muted" role="status">
        {showLoading ? t("worklist.loading") : ""}
      </p>
      {failed ? (
        <p className="notice notice--error" role="alert">
          {t("worklist.error")}
        </p>
      ) : items.length === 0 ? (
        <p>{t("worklist.empty")}</p>
      ) : (
        <>
          {total > items.length ? <p>{t("worklist.limited", { shown: items.length, total })}</p> : null}
          <Table className="worklist__table">
            <THead>
              <Tr>
                <Th scope="col">{t("worklist.watchers")}</Th>
                <Th scope="col">{t("worklist.object")}</Th>
                <Th scope="col">{t("worklist.message")}</Th>
                <Th scope="col">{t("worklist.updated")}</Th>
              </Tr>
            </THead>
            <TBody>
              {items.map((item) => (
                <Tr key={item.messageId}>
                  <Td data-label={t("worklist.watchers")}>
                    {item.watchers.length > 0 ? item.watchers.join(", ") : t("worklist.nobody")}
                  </Td>
                  <Td className="nowrap" data-label={t("worklist.object")}>
                    {item.objectDescription}
                  </Td>
                  <Td data-label={t("worklist.message")}>
                    <Link
                      to={`/transfers/${encodeURIComponent(item.transferId)}/messages#${encodeURIComponent(item.messageId)}`}
                    >
                      {WIDTHS.map((width) => (
                        <span key={width} className={`truncate-at truncate-at--${width}`} aria-hidden="true">
                          {truncate(oneLine(item.message), width)}
                        </span>
                      ))}
                      <span className="visually-hidden">{item.message}</span>
                    </Link>
                  </Td>
                  <Td data-label={t("worklist.updated")}>
                    <time dateTime={item.latestMessage}>{formatDateTime(item.latestMessage)}</time>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        </>
      )}
    </div>
  );
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** True once `flag` has held for `ms` (a loading text that does not flash on fast answers). */
function useDelayed(flag: boolean, ms: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!flag) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), ms);
    return () => clearTimeout(timer);
  }, [flag, ms]);
  return shown;
}
