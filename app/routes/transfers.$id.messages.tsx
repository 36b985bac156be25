import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { messagesTabAction, messagesTabLoader } from "~/server/web/messages.server";
import { pageTitle } from "~/ui/page-title";
import { MessagesTab } from "~/ui/review/messages/MessagesTab";
import { NotFoundBoundary, thrownTitle } from "~/ui/review/NotFoundBoundary";

/**
 * /transfers/{id}/messages, the Meddelanden tab of property managers and board members (spec 02 §2.1, §2.3, §2.8);
 * the server half is web/messages.server.ts, the page ui/review/messages/MessagesTab.tsx.
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  return messagesTabLoader(request, params.id ?? "", "review");
}

export async function action({ request, params }: ActionFunctionArgs) {
  return messagesTabAction(request, params.id ?? "", "review");
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  {
    title: pageTitle(data?.review ? `${data.review.objectDescription} – ${data.title}` : thrownTitle(error)),
  },
];

export function ErrorBoundary() {
  return <NotFoundBoundary titleKey="notFoundTitle" textKey="notFoundText" />;
}

export default function TransferMessages() {
  return <MessagesTab data={useLoaderData<typeof loader>()} />;
}
