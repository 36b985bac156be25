import { stockholmDateParts } from "~/lib/format";
import type { UseCase } from "../../domain/transfers/lifecycle.server";

/**
 * Time in the demo is relative to `now`, so the demo always looks current: "3d 09:40" is 09:40 Swedish time
 * three days ago, "5h" and "40m" are that long before now.
 */

export type When = string;

export interface Clock {
  now: Date;
  /** ISO instant. */
  at(when: When): string;
  /** YYYY-MM-DD, `offset` days from today in Sweden. */
  date(offset: number): string;
  /** YYYY-MM-DD in Sweden of an ISO instant. */
  dateOf(iso: string): string;
  /** ISO instant of a wall-clock time in Sweden, `minutes` after midnight on `date`. */
  wall(date: string, minutes: number): string;
}

const DAY_MS = 86_400_000;

export function makeClock(now: Date): Clock {
  const today = stockholmDateParts(now);
  const todayUtc = Date.UTC(today.year, today.month - 1, today.day);
  const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const wallMs = (dayUtc: number, minutes: number) => {
    // Shift a UTC guess by the Swedish zone's offset at that moment.
    const guess = dayUtc + minutes * 60_000;
    const p = stockholmDateParts(new Date(guess));
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    return guess - (shown - guess);
  };
  return {
    now,
    date: (offset) => isoDate(todayUtc + offset * DAY_MS),
    dateOf(iso) {
      const p = stockholmDateParts(iso);
      return isoDate(Date.UTC(p.year, p.month - 1, p.day));
    },
    wall: (date, minutes) => new Date(wallMs(Date.parse(`${date}T00:00:00Z`), minutes)).toISOString(),
    at(when) {
      const relative = /^(\d+)([hm])$/.exec(when);
      if (relative) {
        const minutes = Number(relative[1]) * (relative[2] === "h" ? 60 : 1);
        return new Date(now.getTime() - minutes * 60_000).toISOString();
      }
      const dated = /^(\d+)d(?: (\d{2}):(\d{2}))?$/.exec(when);
      if (!dated || Number(dated[1]) < 1) throw new Error(`Bad seed time "${when}"`);
      const minutesOfDay = Number(dated[2] ?? 10) * 60 + Number(dated[3] ?? 15);
      return new Date(wallMs(todayUtc - Number(dated[1]) * DAY_MS, minutesOfDay)).toISOString();
    },
  };
}

export function addMinutes(iso: string, minutes: number): string {
  return new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();
}

/** System steps that run by themselves, this many minutes after the step before them. */
export const FOLLOW_UP_MINUTES: Partial<Record<UseCase, number>> = {
  initiate: 1,
  completeAutomaticReview: 6,
  completeAbort: 3,
};

/**
 * Times for the steps without one: a follow-up a few minutes after its step, the others spread evenly
 * between the anchored ones and moved into office hours when there is room. Anchors must not go back in time.
 */
export function stepSchedule(
  anchors: Array<string | null>,
  followUps: Array<number | undefined>,
  clock: Clock,
  fail: (why: string) => never,
): string[] {
  const ms = anchors.map((iso) => (iso === null ? null : new Date(iso).getTime()));
  const known = ms.flatMap((value, i) => (value === null ? [] : [i]));
  if (known[0] !== 0 || known.at(-1) !== ms.length - 1) fail("the first and last steps need a time");
  for (let k = 1; k < known.length; k++) {
    const from = known[k - 1]!;
    const to = known[k]!;
    const start = ms[from]!;
    const end = ms[to]!;
    if (end < start) fail(`step ${to + 1} happens before step ${from + 1}`);
    for (let i = from + 1; i < to; i++) {
      const previous = ms[i - 1]!;
      const followUp = followUps[i];
      if (followUp !== undefined) {
        ms[i] = Math.min(previous + followUp * 60_000, end);
        continue;
      }
      const even = Math.round(start + ((end - start) * (i - from)) / (to - from));
      const officeHours = Date.parse(
        clock.wall(clock.dateOf(new Date(even).toISOString()), 8 * 60 + 30 + ((i * 97) % 480)),
      );
      ms[i] = officeHours > previous && officeHours < end ? officeHours : Math.max(even, previous);
    }
  }
  return ms.map((value) => new Date(value!).toISOString());
}
