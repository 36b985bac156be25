// Fans hub messages out between instances. Each instance subscribes and delivers to its own
// connections; the in-process implementation is the single-instance default (no REDIS_URL).

export type BackplaneHandler = (channel: string, message: string) => void;

export interface Backplane {
  /** Resolves once the message has been handed to every subscriber it reaches. */
  publish(channel: string, message: string): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(handler: BackplaneHandler): () => void;
  close(): Promise<void>;
}

export function createInProcessBackplane(): Backplane {
  const handlers = new Set<BackplaneHandler>();
  let closed = false;
  return {
    async publish(channel, message) {
      if (closed) throw new Error("The backplane is closed.");
      // Delivery is asynchronous, as it is through Redis, so publishers never re-enter themselves.
      await Promise.resolve();
      for (const handler of [...handlers]) handler(channel, message);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      closed = true;
      handlers.clear();
    },
  };
}
