import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "~/lib/format";
import { requireUser } from "~/server/auth/guards.server";
import { getDb } from "~/server/db/db.server";
import { outboxMails } from "~/server/integrations/mail/index.server";
import { getEnv } from "~/server/platform/env.server";
import { getT } from "~/server/platform/i18n.server";
import { pageTitle } from "~/ui/page-title";

/**
 * /dev/mail: the mail outbox (MAIL=outbox, the default; decision 021), newest first, like the test BankID app and
 * the registry simulator. Not there on a production install, nor when mail goes to an SMTP server; only for a
 * signed-in person.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const env = getEnv();
  // Like /dev/bankid: a demo or test install (the BankID simulator) or a development one, never production data.
  const devInstall = env.showDevFeatures || env.testEnvironment;
  if (!devInstall || env.MAIL !== "outbox") throw new Response("Not found", { status: 404 });
  // The outbox holds every user's mail: only for someone signed in to the demo.
  await requireUser(request);
  const t = await getT(request);
  const mails = await outboxMails(getDb());
  return json(
    {
      title: t("devMail.title"),
      mails: mails.map((m) => ({
        id: m.id,
        to: m.to_address,
        subject: m.subject,
        body: m.body,
        at: m.created_at,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: pageTitle(data?.title) }];

export default function DevMail() {
  const { title, mails } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <div className="page">
      <h1>{title}</h1>
      <p>{t("devMail.lead")}</p>
      {mails.length === 0 ? (
        <p>{t("devMail.empty")}</p>
      ) : (
        <ol className="message-list">
          {mails.map((m) => (
            <li key={m.id} className="message">
              <h2 className="message__header">{m.subject}</h2>
              <p className="muted">
                {t("devMail.to", { to: m.to })} · <time dateTime={m.at}>{formatDateTime(m.at)}</time>
              </p>
              <div className="message__body">{m.body}</div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
