/**
 * How long a client may take to send a request body (decision 012). A body that stops (no byte for the idle time),
 * that trickles (less than the minimum rate once the grace has passed, counting only the time spent waiting for the
 * client), or that is still coming after the whole-body time is cut: the source is cancelled, which under Node's
 * server destroys the connection, so a slow sender holds it for seconds instead of minutes. The minimum rate is far
 * below any real line (a 25 MB upload at 4 kB/s would take 100 minutes, and the whole-body limit ends it first).
 */
export interface BodyTimeouts {
  idleMs: number;
  graceMs: number;
  minBytesPerSecond: number;
  totalMs: number;
}

export const BODY_TIMEOUTS: BodyTimeouts = {
  idleMs: 30_000,
  graceMs: 5_000,
  minBytesPerSecond: 4096,
  totalMs: 5 * 60_000,
};

export class BodyTimeout extends Error {
  override readonly name = "BodyTimeout";
}

/** A request body that errors with BodyTimeout (and cancels its source) when the client is too slow. */
export function timedBody(body: ReadableStream<Uint8Array>, limits: BodyTimeouts = BODY_TIMEOUTS) {
  const reader = body.getReader();
  const started = Date.now();
  let received = 0;
  let waited = 0;
  let timedOut = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const now = Date.now();
      // The longest this read may wait: the idle time, until the bytes so far fall under the rate, or until the
      // whole body's time is up, whichever comes first.
      const behindAt = limits.graceMs + (received / limits.minBytesPerSecond) * 1000 - waited;
      const allowed = Math.min(limits.idleMs, behindAt, limits.totalMs - (now - started));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const late = new Promise<"late">((resolve) => {
        timer = setTimeout(() => resolve("late"), Math.max(0, allowed));
      });
      try {
        const next = await Promise.race([reader.read(), late]);
        if (next === "late") {
          timedOut = true;
          controller.error(new BodyTimeout(`request body too slow (${received} bytes)`));
          await reader.cancel().catch(() => undefined);
          return;
        }
        waited += Date.now() - now;
        if (next.done) controller.close();
        else {
          received += next.value.byteLength;
          controller.enqueue(next.value);
        }
      } catch (error) {
        controller.error(error);
      } finally {
        clearTimeout(timer);
      }
    },
    async cancel(reason) {
      await reader.cancel(reason).catch(() => undefined);
    },
  });
  return { stream, timedOut: () => timedOut };
}
