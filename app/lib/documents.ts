/**
 * A file name for display (spec 02 §2.5): at most `max` characters, the suffix kept, so that
 * "Överlåtelseavtal Brf Testkvarnen 2026.pdf" shows as "Överlåtelseavtal Brf Te….pdf". The full name stays
 * available to screen readers and as the link's title.
 */
export function truncateFileName(name: string, max = 25): string {
  const chars = Array.from(name);
  if (chars.length <= max) return name;
  const dot = name.lastIndexOf(".");
  const suffix = dot > 0 && name.length - dot <= 10 ? Array.from(name.slice(dot)) : [];
  const keep = Math.max(1, max - suffix.length - 1);
  return chars.slice(0, keep).join("") + "…" + suffix.join("");
}
