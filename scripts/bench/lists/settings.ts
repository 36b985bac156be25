// What the list benchmark runs (sizes, connections, seconds) and the targets it judges the figures by.

export const SIZES = [10_000, 100_000] as const;
export const CONNECTIONS = [1, 20] as const;
export const SECONDS = 8;
export const WARMUP_SECONDS = 2;
export const TARGET_P50_MS = 20;
export const TARGET_P99_MS = 60;
export const TARGET_GROWTH = 1.5;
