/// <reference types="vite/client" />
import { splitMessage } from "~/lib/messages";
import { svT } from "~/server/platform/i18n.server";
import { urlOf } from "./routes";

/**
 * What an answer shows a person or a client, for the checks that it is Swedish (decision 012): a page form's reply
 * (`{ result }`, decision 014) carries locale keys that the page translates, so its messages are translated here
 * exactly as the page does (a key missing from the locale files shows as `Översättning saknas: …`); a JSON answer
 * shows its strings but its English label (`title`); any other body is shown whole.
 */

/** Texts no answer may show: zod's and Node's English, and the marker of a key missing from the locale files. */
export const NOT_SWEDISH =
  /Översättning saknas|Invalid|Too (small|big)|Unrecognized key|expected|Unexpected|Method not allowed|TypeError|Error:/;

const MESSAGE_NS = ["common", "domain"];

function formReplyTexts(result: { error?: Record<string, string[] | null> | null }): string[] {
  const t = svT();
  return Object.values(result.error ?? {})
    .flatMap((messages) => messages ?? [])
    .map((message) => {
      const { key, values } = splitMessage(message);
      return t(key, { ns: MESSAGE_NS, ...values });
    });
}

function jsonTexts(value: unknown): string[] {
  const out: string[] = [];
  const walk = (node: unknown, key?: string) => {
    if (typeof node === "string" && key !== "title") out.push(node);
    else if (Array.isArray(node)) node.forEach((v) => walk(v));
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, k);
  };
  walk(value);
  return out;
}

/** Whether an answer is a page form's failed reply, whatever its status (a stale form's is a 409). */
function isFormReply(value: unknown): value is { result: { error?: Record<string, string[] | null> } } {
  return (
    !!value &&
    typeof value === "object" &&
    "result" in value &&
    !!value.result &&
    typeof value.result === "object" &&
    "status" in value.result
  );
}

/**
 * The texts of an answer a person or client reads: every error answer (4xx) and every form reply. A successful
 * JSON answer's data is the product's, not a message, and is left out (it echoes what the caller sent).
 */
export async function shownTexts(response: Response): Promise<string[]> {
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    return response.status >= 400 ? [text] : [];
  }
  if (isFormReply(parsed)) return formReplyTexts(parsed.result);
  return response.status >= 400 ? jsonTexts(parsed) : [];
}

/** URL and params of a route file for a probe of the given transfer: every other segment gets a plain value. */
export function probeUrlOf(
  file: string,
  transferId: string,
): { path: string; params: Record<string, string> } {
  return urlOf(file, (name) =>
    name === "id"
      ? transferId
      : name === "*"
        ? "x/y"
        : name === "flag"
          ? "markSaleStopped"
          : name === "status"
            ? "400"
            : "x",
  );
}
