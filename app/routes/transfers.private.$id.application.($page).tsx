import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { wizardAction, wizardLoader } from "~/server/web/wizard/shell.server";
import { wizardTitle } from "~/ui/wizard/meta";
import { thrownTitle } from "~/ui/review/NotFoundBoundary";
import { WizardBoundary } from "~/ui/wizard/WizardBoundary";
import { WizardShell } from "~/ui/wizard/WizardShell";
import { pageTitle } from "~/ui/page-title";

/**
 * /transfers/private/{id}/application/{page?}: the private party's application wizard (spec 03 §2.3); no page is
 * the first step. The shell and the steps are the manager's (app/server/web/wizard, app/ui/wizard).
 */

export async function loader({ request, params }: LoaderFunctionArgs) {
  return wizardLoader(request, "private", params.id ?? "", params.page);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return wizardAction(request, "private", params.id ?? "", params.page);
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => [
  { title: data ? wizardTitle(data.wizard, data.waiting) : pageTitle(thrownTitle(error)) },
];

export function ErrorBoundary() {
  return <WizardBoundary backTo="/transfers/private" />;
}

export default function PrivateApplicationWizard() {
  const { wizard, waiting, data } = useLoaderData<typeof loader>();
  return <WizardShell wizard={wizard} waiting={waiting} data={data} />;
}
