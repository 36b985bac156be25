/**
 * How many uploads one user may have streaming at once, in this process (decision 012): a page uploads one file at a
 * time, so three leave room for a few tabs, and a user (or a stolen session) cannot hold the server's connections
 * and disk writes with hundreds of slow uploads. Each instance counts its own.
 */
export const MAX_UPLOADS_PER_USER = 3;

declare global {
  var __uploadSlots: Map<string, number> | undefined;
}

function inFlight(): Map<string, number> {
  return (globalThis.__uploadSlots ??= new Map());
}

/** A slot for one upload of this user, to be released when its body is read; null when all are taken. */
export function takeUploadSlot(userId: string): { release: () => void } | null {
  const slots = inFlight();
  const taken = slots.get(userId) ?? 0;
  if (taken >= MAX_UPLOADS_PER_USER) return null;
  slots.set(userId, taken + 1);
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      const left = (slots.get(userId) ?? 1) - 1;
      if (left > 0) slots.set(userId, left);
      else slots.delete(userId);
    },
  };
}
