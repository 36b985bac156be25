import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { getFormProps } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { DecisionFormSchema } from "~/schemas/decision";
import { ErrorSummary } from "~/ui/error-summary";
import { DateField, TextArea } from "~/ui/forms";
import { lastResultOf, usePageForm } from "~/ui/use-page-form";
import { AcquirersField } from "./AcquirersField";
import { DecisionFile } from "./DecisionFile";
import { SignDeviceButtons } from "./SignDeviceButtons";

/**
 * The membership decision's form (spec 02 §2.7 `Meddela godkännande`/`Meddela avslag`, 03 §4.6): a board member
 * approves (every acquirer ticked; members pre-ticked and locked) or rejects (a reason) and signs with BankID on this
 * or another device; a property manager announces the board's decision (its date, and for an approval its file) the
 * same way, or by proxy. The server half is app/routes/transfers.$id.decision.tsx.
 */

export interface DecisionAcquirer {
  id: string;
  name: string;
  identifier: string;
  member: boolean;
}

export interface DecisionPageData {
  title: string;
  kind: "Approve" | "Reject";
  /** A property manager announces the board's decision; a board member makes it. */
  announce: boolean;
  proxy: boolean;
  today: string;
  transfer: {
    id: string;
    objectDescription: string;
    association: string;
    version: number;
    acquirers: DecisionAcquirer[];
  };
  /** What was chosen in a signing that ended without a decision, chosen again. */
  previous: { acquirerIds: string[]; reason?: string; decisionDate?: string } | null;
}

export function DecisionPage({ data }: { data: DecisionPageData }) {
  const { title, kind, announce, proxy, today, transfer, previous } = data;
  const actionData = useActionData<{ ongoing?: boolean }>();
  const navigation = useNavigation();
  const { t } = useTranslation("review");
  const busy = navigation.state !== "idle";
  const [form, fields] = usePageForm(DecisionFormSchema, {
    id: "decision",
    lastResult: lastResultOf(actionData),
    defaultValue: {
      decision: kind,
      announce: announce ? "yes" : undefined,
      decisionDate: announce ? (previous?.decisionDate ?? today) : undefined,
      reason: previous?.reason,
      acquirerIds: [
        ...new Set([
          ...transfer.acquirers.filter((a) => a.member).map((a) => a.id),
          ...(previous?.acquirerIds ?? []).filter((id) => transfer.acquirers.some((a) => a.id === id)),
        ]),
      ],
    },
  });
  const overview = `/transfers/${encodeURIComponent(transfer.id)}/overview`;
  const ongoing = Boolean(actionData && "ongoing" in actionData && actionData.ongoing);
  return (
    <div className="page review">
      <ErrorSummary
        form={form}
        order={["acquirerIds", "reason", "decisionDate", "decisionDocument", "signDevice"]}
      />
      {ongoing ? (
        <div className="notice notice--error">
          <p>{t("decision.error.ongoing")}</p>
          <p>
            <Link className="button button--secondary" to={overview} reloadDocument>
              {t("decision.error.close")}
            </Link>
          </p>
        </div>
      ) : null}
      <p>
        <Link className="back-link" to={overview}>
          {t("decision.back")}
        </Link>
      </p>
      <h1>{title}</h1>
      <p className="lead">
        {transfer.objectDescription}, {transfer.association}
      </p>
      <p>{t(`decision.formLead.${kind}`)}</p>
      <Form
        method="post"
        {...getFormProps(form)}
        encType={announce ? "multipart/form-data" : undefined}
        replace
      >
        <input type="hidden" name="decision" value={kind} />
        <input type="hidden" name="version" value={transfer.version} />
        {announce ? <input type="hidden" name="announce" value="yes" /> : null}
        {kind === "Approve" ? (
          <AcquirersField field={fields.acquirerIds} acquirers={transfer.acquirers} />
        ) : (
          <TextArea
            field={fields.reason}
            label={t("decision.reasonLabel")}
            hint={t("decision.reasonHint")}
            rows={4}
          />
        )}
        {announce ? (
          <DateField
            field={fields.decisionDate}
            label={t("decision.decisionDate")}
            hint={t("decision.decisionDateHint")}
            max={today}
          />
        ) : null}
        {announce ? <DecisionFile formId={form.id} actionData={actionData} /> : null}
        <SignDeviceButtons
          fieldId={fields.signDevice.id}
          hasErrors={Boolean(fields.signDevice.errors?.length)}
          proxy={proxy}
          busy={busy}
        />
      </Form>
    </div>
  );
}
