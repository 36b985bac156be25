import fs from "node:fs";

// The server's memory as Linux reports it (/proc): its RSS now, sampled, at its peak and at rest.

const SAMPLE_MS = 50;

export function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") * 1024, hwm: kb("VmHWM") * 1024 };
}

/** Resets VmHWM (Linux: "5" to clear_refs, allowed on one's own processes); false where that is refused. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}

/** VmRSS sampled every 50 ms, plus the kernel's own peak (VmHWM, reset at the start when the kernel allows). */
export function sampler(pid: number) {
  const hwmReset = resetPeak(pid);
  let peak = memoryOf(pid).rss;
  let samples = 0;
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, memoryOf(pid).rss);
      samples++;
    } catch {
      // the process is gone; the caller finds out from its requests
    }
  }, SAMPLE_MS);
  return {
    /** The peak so far: the larger of the sampled maximum and VmHWM (when it was reset). */
    peak(): number {
      const now = memoryOf(pid);
      peak = Math.max(peak, now.rss);
      return hwmReset ? Math.max(peak, now.hwm) : peak;
    },
    samples: () => samples,
    hwmReset,
    stop: () => clearInterval(timer),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The RSS at rest: the median of five readings 50 ms apart. */
export async function restingRss(pid: number): Promise<number> {
  const values: number[] = [];
  for (let i = 0; i < 5; i++) {
    values.push(memoryOf(pid).rss);
    await sleep(SAMPLE_MS);
  }
  return values.sort((a, b) => a - b)[2]!;
}
