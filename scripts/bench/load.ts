import autocannon from "autocannon";

export interface Target {
  name: string;
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface Measurement {
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  statusCodes: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

/**
 * autocannon for `seconds` after a discarded warm-up at the same concurrency. Latencies are taken from every
 * response as autocannon times it (autocannon's own histogram rounds to whole milliseconds).
 */
export async function measure(
  origin: string,
  target: Target,
  connections: number,
  { seconds, warmupSeconds }: { seconds: number; warmupSeconds: number },
): Promise<Measurement> {
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  const instance = autocannon({
    url: `${origin}${target.path}`,
    method: target.method,
    headers: target.headers,
    body: target.body,
    connections,
    duration: seconds,
    timeout: 10,
    warmup: { connections, duration: warmupSeconds },
  });
  instance.on("response", (_client, statusCode, _bytes, ms) => {
    latencies.push(ms);
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const non2xx = Object.entries(statusCodes)
    .filter(([code]) => !code.startsWith("2"))
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    requests: latencies.length,
    seconds: result.duration,
    requestsPerSecond: latencies.length / result.duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statusCodes,
    non2xx: Math.max(non2xx, result.non2xx),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
