import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { messagesTabAction, messagesTabLoader } from "~/server/web/messages.server";
import { pageTitle } from "~/ui/page-title";
import { MessagesTab } from "~/ui/review/messages/MessagesTab";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * /transfers/private/{id}/messages (spec 02 §2.2, §2.8): the private party's Meddelanden tab on their
 * own private transfer, through the private party's scope; the server half is web/messages.server.ts, the page
 * ui/review/messages/MessagesTab.tsx.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  return messagesTabLoader(request, params.id ?? "", "private");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return messagesTabAction(request, params.id ?? "", "private");
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data?.review ? `${data.review.objectDescription} – ${data.title}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" backTo="/transfers/private" />;
}

export default function PrivateTransferMessages() {
  return <MessagesTab data={useLoaderData<typeof loader>()} />;
}
