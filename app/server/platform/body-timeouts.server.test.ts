import { describe, expect, it } from "vitest";
import { BodyTimeout, timedBody, type BodyTimeouts } from "./body-timeouts.server";

const LIMITS: BodyTimeouts = { idleMs: 150, graceMs: 100, minBytesPerSecond: 1000, totalMs: 1000 };

/** A source that enqueues each of `chunks` after its delay (ms); ends after the last unless `open`. */
function source(chunks: Array<[number, number]>, { open = false } = {}) {
  const state = { cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = chunks.shift();
      if (!next) {
        if (!open) controller.close();
        else await new Promise(() => {});
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, next[0]));
      controller.enqueue(new Uint8Array(next[1]));
    },
    cancel() {
      state.cancelled = true;
    },
  });
  return { stream, state };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<number> {
  const reader = stream.getReader();
  let size = 0;
  for (let next = await reader.read(); !next.done; next = await reader.read()) size += next.value.byteLength;
  return size;
}

describe("a timed request body", () => {
  it("passes a body that keeps up, whole", async () => {
    const { stream } = source([
      [0, 500],
      [50, 500],
      [50, 500],
    ]);
    const timed = timedBody(stream, LIMITS);
    expect(await readAll(timed.stream)).toBe(1500);
    expect(timed.timedOut()).toBe(false);
  });

  it("is cut when it stops (idle), and its source is cancelled", async () => {
    const { stream, state } = source([[0, 100_000]], { open: true });
    const timed = timedBody(stream, LIMITS);
    const started = Date.now();
    await expect(readAll(timed.stream)).rejects.toBeInstanceOf(BodyTimeout);
    expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS.idleMs - 5);
    expect(timed.timedOut()).toBe(true);
    expect(state.cancelled).toBe(true);
  });

  it("is cut when it trickles below the rate once the grace has passed, though no wait reaches the idle time", async () => {
    const { stream, state } = source(Array.from({ length: 50 }, () => [40, 1] as [number, number]));
    const timed = timedBody(stream, LIMITS);
    const started = Date.now();
    await expect(readAll(timed.stream)).rejects.toBeInstanceOf(BodyTimeout);
    expect(Date.now() - started).toBeLessThan(LIMITS.graceMs + 100);
    expect(state.cancelled).toBe(true);
  });

  it("is cut when the whole body takes longer than the total time, however fast it comes", async () => {
    const { stream } = source(Array.from({ length: 200 }, () => [20, 10_000] as [number, number]));
    const timed = timedBody(stream, { ...LIMITS, totalMs: 300 });
    await expect(readAll(timed.stream)).rejects.toBeInstanceOf(BodyTimeout);
    expect(timed.timedOut()).toBe(true);
  });
});
