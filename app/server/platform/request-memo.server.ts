// Work that the loaders of one document or data request share.
//
// Remix gives each loader its own copy of the Request (it strips `?index` and `_data` by building new
// ones), so a cache keyed by the Request never sees the root and the page loader as one request. What they
// do share is the load context object, one per incoming request. The route wrapper (protect-routes.server)
// ties each loader's Request to a memo kept per context; actions are not tied, so what an action changes is
// read fresh by the loaders that run after it.

const memoOfContext = new WeakMap<object, Map<string, unknown>>();
const memoOfRequest = new WeakMap<Request, Map<string, unknown>>();

/** Called by the route wrapper before a loader runs: this Request belongs to this request's memo. */
export function bindLoaderRequest(request: Request, context: unknown): void {
  if (typeof context !== "object" || context === null) return;
  let memo = memoOfContext.get(context);
  if (!memo) {
    memo = new Map();
    memoOfContext.set(context, memo);
  }
  memoOfRequest.set(request, memo);
}

/** The value computed once per incoming request under `key`; outside a bound loader, computed every time. */
export function perRequest<T>(request: Request, key: string, compute: () => T): T {
  const memo = memoOfRequest.get(request);
  if (!memo) return compute();
  if (memo.has(key)) return memo.get(key) as T;
  const value = compute();
  memo.set(key, value);
  return value;
}
