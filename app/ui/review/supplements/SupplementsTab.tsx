import { useActionData, useNavigation } from "@remix-run/react";
import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { TransferReview } from "~/schemas/transfer-views";
import { ErrorSummary, replyForm } from "~/ui/error-summary";
import { ReviewHeader, type ReviewTab } from "~/ui/review/ReviewHeader";
import { failedOf } from "~/ui/review/supplements/failed-form";
import { NewSupplement } from "~/ui/review/supplements/NewSupplement";
import { SupplementList } from "~/ui/review/supplements/SupplementList";
import type { Preview, SupplementsData } from "~/ui/review/supplements/types";
import { lastResultOf } from "~/ui/use-page-form";

/**
 * The Kompletteringar tab (spec 02 §2.7; decision 025), for the review side and the private party alike. Every
 * control is a link or a form post, so the tab works without JavaScript: `Ny komplettering` is a two-step form (type
 * and person, then the message; with JavaScript the message opens as soon as they are chosen), the e-mail preview is
 * a step of the same form, and each question (cancel, `Ja, ersätt`, the rejection's reason) is a page state. Further
 * sections (agreement change requests) render in the `extraSections` slot. The supplements' own parts are in
 * ./supplements.
 */

export interface SupplementsTabData extends SupplementsData {
  review: TransferReview;
  role: "PropertyManager" | "BoardMember";
  basePath: string;
  tabs: ReviewTab[] | null;
}

export function SupplementsTab({
  data,
  extraSections,
}: {
  data: SupplementsTabData;
  /** Composition slot: further sections of the tab (the agreement change requests, decision 026). */
  extraSections?: ReactNode;
}) {
  const { review, role, basePath, tabs, newRequest } = data;
  const { t } = useTranslation("review");
  const actionData = useActionData() as { preview?: Preview } | undefined;
  const lastResult = lastResultOf(actionData);
  const failed = failedOf(lastResult);
  const here = `${basePath}/additionals`;
  const busy = useNavigation().state !== "idle";
  const preview = actionData?.preview ?? null;

  return (
    <div className="page page--wide review">
      {/* Every form here is checked by the server (one reply, one summary), also with JavaScript. */}
      {failed.formId ? (
        <ErrorSummary
          form={replyForm(failed.formId, lastResult)}
          order={["category", "personId", "message", "file", "reason"]}
        />
      ) : null}
      <ReviewHeader
        review={review}
        role={role}
        current="additionals"
        basePath={basePath}
        tabs={tabs ?? undefined}
      />
      <section aria-labelledby="additionals-title" className="additionals">
        <h2 id="additionals-title">{t("additionals.title")}</h2>
        {newRequest ? (
          <NewSupplement
            data={newRequest}
            preview={preview}
            failed={failed}
            lastResult={lastResult}
            here={here}
            busy={busy}
          />
        ) : null}
        {extraSections}
        <SupplementList data={data} here={here} busy={busy} failed={failed} lastResult={lastResult} />
      </section>
    </div>
  );
}
