import {
  context,
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type TextMapPropagator,
  type Tracer,
} from "@opentelemetry/api";

export { SpanKind, type Attributes, type Context, type Span };

/**
 * Traces (decision 046). The OpenTelemetry SDK is started only when an OTLP endpoint is configured
 * (app/server/ops/tracing.server.ts); until then `tracing()` is undefined and every helper here returns at its
 * first line, so an install without a collector does no tracing work at all. Only the API is imported here: the
 * SDK and the exporter are loaded by ops when they are wanted.
 */
export interface Tracing {
  tracer: Tracer;
  /** W3C Trace Context, whatever OTEL_PROPAGATORS says: the format the job queue stores and a trusted proxy sends. */
  propagator: TextMapPropagator;
  /** Exports what is buffered; resolves when the exporter has answered or given up. */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

declare global {
  var __tracing: Tracing | undefined;
}

export function tracing(): Tracing | undefined {
  return globalThis.__tracing;
}

export function installTracing(value: Tracing | undefined): void {
  globalThis.__tracing = value;
}

/**
 * The context to hang a query's or a call's span under: the active one while a request or a job is being traced
 * (its span still recording), else null. Work outside them (the job runner's polling, start-up, a readiness check)
 * makes no spans, which would otherwise be thousands of one-span traces a day; nor does a timer that a request
 * happened to start (the live channel's checks), once that request has ended.
 */
export function tracedParent(): Context | null {
  if (!globalThis.__tracing) return null;
  const active = context.active();
  return trace.getSpan(active)?.isRecording() ? active : null;
}

/** Runs `fn` outside whatever is traced now: work that only happens to be started by a request (a woken runner). */
export function untraced<T>(fn: () => T): T {
  return globalThis.__tracing ? context.with(ROOT_CONTEXT, fn) : fn();
}

/**
 * A failure on its span: the exception event (type, message, stack) and the status. Our errors' messages name
 * kinds and limits, never people; a database error is recorded by its code only (see the database's span).
 */
export function recordFailure(span: Span, error: unknown): void {
  if (error instanceof Error) {
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.name });
  } else {
    // A thrown answer (Remix's 5xx response) is named by its status, not by "[object Object]".
    const status = (error as { status?: unknown } | null)?.status;
    span.recordException(
      typeof status === "number" ? { name: "Response", message: `status ${status}` } : String(error),
    );
    span.setStatus({ code: SpanStatusCode.ERROR });
  }
}

export function markFailed(span: Span, message?: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/**
 * Runs `work` inside a new span (active, so what it does is traced below it) and ends the span when the work
 * settles, recording a failure. Without a traced parent (or without tracing) it only runs the work.
 */
export async function inSpan<T>(
  name: string,
  options: { kind: SpanKind; attributes?: Attributes },
  work: (span: Span | null) => Promise<T>,
): Promise<T> {
  const parent = tracedParent();
  if (!parent) return work(null);
  return startedIn(parent, name, options, work);
}

/** As `inSpan`, under the given parent context (a job's enqueuing request), traced whenever tracing is on. */
export async function inSpanUnder<T>(
  parent: Context,
  name: string,
  options: { kind: SpanKind; attributes?: Attributes },
  work: (span: Span | null) => Promise<T>,
): Promise<T> {
  if (!globalThis.__tracing) return work(null);
  return startedIn(parent, name, options, work);
}

async function startedIn<T>(
  parent: Context,
  name: string,
  options: { kind: SpanKind; attributes?: Attributes },
  work: (span: Span) => Promise<T>,
): Promise<T> {
  const { tracer } = globalThis.__tracing!;
  const span = tracer.startSpan(name, options, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    recordFailure(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** The W3C `traceparent` of the active span (a job stores its enqueuing request's), or null when nothing is traced. */
export function currentTraceparent(): string | null {
  const parent = tracedParent();
  if (!parent) return null;
  const carrier: Record<string, string> = {};
  globalThis.__tracing!.propagator.inject(parent, carrier, defaultTextMapSetter);
  return carrier.traceparent ?? null;
}

/** The context a stored or received `traceparent` names; the root context when there is none or it is malformed. */
export function contextOf(headers: { traceparent?: string | null; tracestate?: string | null }): Context {
  const traced = globalThis.__tracing;
  if (!traced || !headers.traceparent) return ROOT_CONTEXT;
  const carrier: Record<string, string> = { traceparent: headers.traceparent };
  if (headers.tracestate) carrier.tracestate = headers.tracestate;
  return traced.propagator.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
}

/** The trace id of the active span, for the log line written inside it; undefined when nothing is traced. */
export function activeTraceId(): string | undefined {
  if (!globalThis.__tracing) return undefined;
  return trace.getSpan(context.active())?.spanContext().traceId;
}

/** A request's failure (Remix's handleError) on the request's span, which is the active one while Remix answers. */
export function recordActiveFailure(error: unknown): void {
  if (!globalThis.__tracing) return;
  const span = trace.getSpan(context.active());
  if (span) recordFailure(span, error);
}
