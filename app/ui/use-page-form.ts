import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import type { FormEvent } from "react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import type * as z from "zod";

/**
 * conform set up the one way (decision 014): the schema of `app/schemas` validates in the browser on submit and,
 * once sent, as the user corrects, exactly as the action parses on the server; without JavaScript the server's reply renders the same errors.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any object schema
export function usePageForm<Schema extends z.ZodType<any, Record<string, any>>>(
  schema: Schema,
  options: {
    id: string;
    lastResult?: SubmissionResult<string[]> | null;
    defaultValue?: Partial<z.input<Schema>> | Record<string, unknown>;
    /**
     * Called for a submit the schema accepted, never for conform's own submits (the validation as a field with an
     * error is corrected): a page that sends the form another way calls `event.preventDefault()` here.
     */
    onValidSubmit?: (event: FormEvent<HTMLFormElement>, value: z.output<Schema>) => void;
  },
) {
  return useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: options.lastResult,
    defaultValue: options.defaultValue as never,
    // Checked when sent, then again as a field with an error is corrected: no errors while a first answer is
    // typed (the GOV.UK advice). Never on blur: an error appearing or leaving as a field loses focus moves the
    // button under the pointer between mousedown and mouseup, and the click is lost (decision 014).
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    onSubmit: options.onValidSubmit
      ? (event, { submission }) => {
          if (submission?.status === "success") options.onValidSubmit!(event, submission.value);
        }
      : undefined,
  });
}

/** The reply of a page action, when the last post failed (`{ result }`), for `lastResult`. */
export function lastResultOf(data: unknown): SubmissionResult<string[]> | undefined {
  if (data && typeof data === "object" && "result" in data) {
    return (data as { result: SubmissionResult<string[]> }).result;
  }
  return undefined;
}

/**
 * The reply of a page action when the post came from this form: several forms on one page share the action's
 * answer, told apart by the `intent` each posts (the reply keeps what was posted), so a form shows only its own.
 */
export function lastResultFor(
  data: unknown,
  intents: readonly string[],
): SubmissionResult<string[]> | undefined {
  const result = lastResultOf(data);
  const intent = (result?.initialValue as Record<string, unknown> | undefined)?.intent;
  return typeof intent === "string" && intents.includes(intent) ? result : undefined;
}

/** A form that was saved starts empty again, so a second click cannot send the same text twice. */
export function useResetAfterSuccess(reset: () => void, submitting: boolean, actionData: unknown) {
  const was = useRef(false);
  useEffect(() => {
    if (submitting) {
      was.current = true;
      return;
    }
    if (!was.current) return;
    was.current = false;
    if (!lastResultOf(actionData)) reset();
  }, [submitting, actionData, reset]);
}

/**
 * getFormProps, and when the browser's check refuses the submit, the named text fields are trimmed in place: what
 * is shown is then what was judged (spec 02 §5: a message body is trimmed on invalid submit). The server trims the
 * same fields before it parses, for the page without JavaScript.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any form's metadata
export function formPropsTrimmingOnInvalid(form: FormMetadata<any, string[]>, names: string[]) {
  const props = getFormProps(form);
  return {
    ...props,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      props.onSubmit(event);
      if (!event.defaultPrevented) return;
      for (const name of names) {
        const field = event.currentTarget.elements.namedItem(name);
        if (field instanceof HTMLTextAreaElement || field instanceof HTMLInputElement)
          field.value = field.value.trim();
      }
    },
  };
}
