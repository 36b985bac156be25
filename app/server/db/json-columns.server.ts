/** A JSON text column holding a list of strings (features, actions, running tasks); junk reads as empty. */
export function parseJsonList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}
