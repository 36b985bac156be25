import { meters } from "../platform/meters.server";

/** Per client, its metered stand-in: made once, so that a getter asked at every use returns the same object. */
const standIns = new WeakMap<object, object>();

/**
 * The client as its getter hands it out, with each of `operations` timed and its failures (a throw or a rejected
 * promise) counted by system and provider when the metrics are on; the client itself when they are off, so an
 * install without a scraper calls the client directly. Everything else (a field, another method) is the
 * client's own, called on the client itself (a class's private fields need that).
 */
export function metered<T extends object>(
  client: T,
  { system, provider }: { system: string; provider: string },
  operations: readonly (keyof T & string)[],
): T {
  if (!meters()) return client;
  const known = standIns.get(client);
  if (known) return known as T;
  const timed = new Map<PropertyKey, unknown>();
  for (const operation of operations) {
    const method = Reflect.get(client, operation) as unknown;
    if (typeof method !== "function") continue;
    timed.set(
      operation,
      timedCall(method.bind(client) as (...args: unknown[]) => unknown, system, provider, operation),
    );
  }
  const standIn = new Proxy(client, {
    get(target, key) {
      if (timed.has(key)) return timed.get(key);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  standIns.set(client, standIn);
  return standIn;
}

/** Per list of clients, the list of their stand-ins: the same list at every call while the clients are the same. */
const standInLists = new WeakMap<object, object>();

/** `metered` for each client of a list (the property managers' systems), each with its own provider. */
export function meteredEach<T extends object>(
  clients: T[],
  { system, provider }: { system: string; provider: (client: T) => string },
  operations: readonly (keyof T & string)[],
): T[] {
  if (!meters()) return clients;
  let list = standInLists.get(clients) as T[] | undefined;
  if (!list) {
    list = clients.map((client) => metered(client, { system, provider: provider(client) }, operations));
    standInLists.set(clients, list);
  }
  return list;
}

function timedCall(
  method: (...args: unknown[]) => unknown,
  system: string,
  provider: string,
  operation: string,
): (...args: unknown[]) => unknown {
  return (...args) => {
    const started = performance.now();
    const report = (failed: boolean) =>
      meters()?.call({ system, provider, operation, seconds: (performance.now() - started) / 1000, failed });
    let result: unknown;
    try {
      result = method(...args);
    } catch (error) {
      report(true);
      throw error;
    }
    if (result instanceof Promise) {
      return result.then(
        (value: unknown) => {
          report(false);
          return value;
        },
        (error: unknown) => {
          report(true);
          throw error;
        },
      );
    }
    report(false);
    return result;
  };
}
