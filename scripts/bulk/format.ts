// How generated values are written: a day in milliseconds, zero-padded numbers, ISO dates and times.

export const DAY = 86_400_000;
export const pad = (n: number, width: number) => String(n).padStart(width, "0");
export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const isoTime = (ms: number) => new Date(ms).toISOString();
