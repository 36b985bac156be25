/**
 * A message in a form reply is a locale key; a message with values (`För många tecken {{length}}/30000`) carries
 * them after a bar as JSON: `domain:validation.tooManyCharacters|{"length":30001}`. Schemas and actions build
 * them with `withValues`, the form components read them with `splitMessage`.
 */
export function withValues(key: string, values: Record<string, string | number>): string {
  return `${key}|${JSON.stringify(values)}`;
}

export function splitMessage(message: string): { key: string; values?: Record<string, unknown> } {
  const bar = message.indexOf("|{");
  if (bar < 0) return { key: message };
  try {
    const values: unknown = JSON.parse(message.slice(bar + 1));
    if (values && typeof values === "object" && !Array.isArray(values)) {
      return { key: message.slice(0, bar), values: values as Record<string, unknown> };
    }
  } catch {
    // not values after all: the whole text is the key
  }
  return { key: message };
}
