import type * as OtlpHttp from "@opentelemetry/exporter-trace-otlp-http";
import type * as Core from "@opentelemetry/core";
import type * as Resources from "@opentelemetry/resources";
import type * as SdkNode from "@opentelemetry/sdk-trace-node";
import type { SpanExporter } from "@opentelemetry/sdk-trace-base";
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { lazyModule } from "../platform/lazy-module.server";
import { contextOf, installTracing, tracing } from "../platform/tracing.server";

// The SDK, the exporter and their dependencies are loaded only when traces are wanted (decision 046).
const loadSdk = lazyModule<typeof SdkNode>("@opentelemetry/sdk-trace-node");
const loadExporter = lazyModule<typeof OtlpHttp>("@opentelemetry/exporter-trace-otlp-http");
const loadResources = lazyModule<typeof Resources>("@opentelemetry/resources");
const loadCore = lazyModule<typeof Core>("@opentelemetry/core");

const SERVICE_NAME = "overlatelseportalen";

type Env = Partial<Record<string, string>>;

/**
 * Whether the operator asked for traces: an OTLP endpoint (OTEL_EXPORTER_OTLP_ENDPOINT, or _TRACES_ENDPOINT for
 * traces alone), unless OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none says otherwise.
 */
export function tracesWanted(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === "true") return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === "none") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

/**
 * Starts the OpenTelemetry SDK when traces are wanted, before the database opens and the first request comes: spans
 * are batched and sent over OTLP/HTTP (JSON) to the collector the standard OTEL_EXPORTER_OTLP_* settings name
 * (headers, timeout and compression included), sampled as OTEL_TRACES_SAMPLER says (all by default), under
 * OTEL_SERVICE_NAME (default overlatelseportalen). A test passes an exporter of its own (the SDK's in-memory one).
 * Returns whether tracing is on; without an endpoint nothing is loaded and nothing is traced. `env` decides only
 * whether (a test's); the exporter reads its settings from process.env, as the SDK's documentation says.
 */
export function startTracing(options: { exporter?: SpanExporter; env?: Env } = {}): boolean {
  if (tracing()) return true;
  if (!options.exporter && !tracesWanted(options.env)) return false;
  const { NodeTracerProvider, BatchSpanProcessor } = loadSdk();
  const { defaultResource, detectResources, envDetector, resourceFromAttributes } = loadResources();
  const exporter = options.exporter ?? new (loadExporter().OTLPTraceExporter)();
  const provider = new NodeTracerProvider({
    resource: defaultResource()
      .merge(resourceFromAttributes({ "service.name": SERVICE_NAME }))
      .merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  // The context manager (AsyncLocalStorage), so that a span is the parent of what runs inside it.
  provider.register();
  installTracing({
    tracer: provider.getTracer(SERVICE_NAME),
    propagator: new (loadCore().W3CTraceContextPropagator)(),
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  });
  return true;
}

/** Sends what is buffered (a test reads its exporter after this). */
export async function flushTracing(): Promise<void> {
  await tracing()?.flush();
}

/** Last in a shutdown: the buffered spans are sent, and the SDK lets go of the process's context and propagation. */
export async function stopTracing(): Promise<void> {
  const traced = tracing();
  if (!traced) return;
  installTracing(undefined);
  await traced.shutdown().catch(() => {
    // The collector is gone: the spans are lost, the shutdown goes on.
  });
  trace.disable();
  context.disable();
  propagation.disable();
}

export interface RequestSpan {
  /** Runs the rest of the request inside the span, so that its queries, calls and enqueued jobs are its children. */
  run<T>(fn: () => T): T;
  /** The answer: the span takes the Remix route id as its name and ends, as an error when the status is 5xx. */
  end(answer: { route: string; status: number; aborted?: boolean; userId?: string; tenantId?: string }): void;
}

/**
 * A request's span (server.js starts one per request but the health checks), or null without tracing. A trusted
 * proxy's (TRUST_PROXY=1) `traceparent` makes it part of the proxy's trace; a client's is ignored, as its
 * X-Request-Id is. The name is the Remix route id, known at the end, never the path (which holds ids).
 */
export function startRequestSpan(request: {
  method: string;
  requestId: string;
  header: (name: string) => string | undefined;
  trustProxy: boolean;
}): RequestSpan | null {
  const traced = tracing();
  if (!traced) return null;
  const parent = request.trustProxy
    ? contextOf({ traceparent: request.header("traceparent"), tracestate: request.header("tracestate") })
    : ROOT_CONTEXT;
  const span = traced.tracer.startSpan(
    request.method,
    {
      kind: SpanKind.SERVER,
      attributes: { "http.request.method": request.method, "app.request_id": request.requestId },
    },
    parent,
  );
  const active = trace.setSpan(parent, span);
  return {
    run: (fn) => context.with(active, fn),
    end({ route, status, aborted, userId, tenantId }) {
      span.updateName(route);
      span.setAttributes({
        "http.route": route,
        "http.response.status_code": status,
        ...(userId ? { "user.id": userId } : {}),
        ...(tenantId ? { "app.tenant": tenantId } : {}),
        ...(aborted ? { "app.aborted": true } : {}),
      });
      if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };
}
