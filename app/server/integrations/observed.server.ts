import { meters } from "../platform/meters.server";
import { inSpan, SpanKind, tracing } from "../platform/tracing.server";

/** Per client, its observed stand-in: made once, so that a getter asked at every use returns the same object. */
const standIns = new WeakMap<object, object>();

/**
 * The client as its getter hands it out, each of `operations` observed under one system and provider: a span of its
 * own when traces are on (`<system> <operation>`, decision 046) and its duration and failures (a throw or a rejected
 * promise) in the metrics when they are on (docs/operations.md). With neither on, the client itself, so an install
 * without a scraper or a collector calls it directly. Everything else (a field, another method) is the client's
 * own, called on the client itself (a class's private fields need that).
 */
export function observed<T extends object>(
  client: T,
  { system, provider }: { system: string; provider: string },
  operations: readonly (keyof T & string)[],
): T {
  if (!meters() && !tracing()) return client;
  const known = standIns.get(client);
  if (known) return known as T;
  const calls = new Map<PropertyKey, unknown>();
  for (const operation of operations) {
    const method = Reflect.get(client, operation) as unknown;
    if (typeof method !== "function") continue;
    const call = timedCall(
      method.bind(client) as (...args: unknown[]) => unknown,
      system,
      provider,
      operation,
    );
    const attributes = {
      "app.integration.system": system,
      "app.integration.provider": provider,
      "app.integration.operation": operation,
    };
    calls.set(operation, (...args: unknown[]) =>
      tracing()
        ? inSpan(`${system} ${operation}`, { kind: SpanKind.CLIENT, attributes }, () =>
            Promise.resolve(call(...args)),
          )
        : call(...args),
    );
  }
  const standIn = new Proxy(client, {
    get(target, key) {
      if (calls.has(key)) return calls.get(key);
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  standIns.set(client, standIn);
  return standIn;
}

/** Per list of clients, the list of their stand-ins: the same list at every call while the clients are the same. */
const standInLists = new WeakMap<object, object>();

/** `observed` for each client of a list (the property managers' systems), each with its own provider. */
export function observedEach<T extends object>(
  clients: T[],
  { system, provider }: { system: string; provider: (client: T) => string },
  operations: readonly (keyof T & string)[],
): T[] {
  if (!meters() && !tracing()) return clients;
  let list = standInLists.get(clients) as T[] | undefined;
  if (!list) {
    list = clients.map((client) => observed(client, { system, provider: provider(client) }, operations));
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
