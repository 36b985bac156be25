import type { LastResult } from "./types";

export const NEW_FORM = "new-supplement";
const NEW_INTENTS = ["create", "preview", "choose"];

export type FailedForm = ReturnType<typeof failedOf>;

/** Which form a failed post came from, by its intent and request (so its errors show there and in the summary). */
export function failedOf(result: LastResult) {
  const initial = (result?.initialValue ?? {}) as Record<string, unknown>;
  const intent = typeof initial.intent === "string" ? initial.intent : null;
  const requestId = typeof initial.requestId === "string" ? initial.requestId : null;
  let formId: string | null = null;
  if (intent && NEW_INTENTS.includes(intent)) formId = NEW_FORM;
  else if (requestId && intent) {
    if (["saveGuarantors", "addGuarantor", "removeGuarantor"].includes(intent))
      formId = `guarantors-${requestId}`;
    else if (intent === "uploadDocument") formId = `upload-${requestId}`;
    else if (intent === "reject") formId = `reject-${requestId}`;
    else formId = `answer-${requestId}`;
  }
  return { intent, requestId, formId };
}
