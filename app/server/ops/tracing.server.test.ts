import { afterEach, describe, expect, it } from "vitest";
import { InMemorySpanExporter } from "@opentelemetry/sdk-trace-base";
import { tracing } from "../platform/tracing.server";
import { flushTracing, startRequestSpan, startTracing, stopTracing, tracesWanted } from "./tracing.server";

/** Decision 046: traces are off, and the SDK is not started, until an OTLP endpoint is set. */
describe("whether traces are wanted", () => {
  afterEach(async () => {
    await stopTracing();
  });

  it("only with an OTLP endpoint, unless the SDK or the traces' exporter is turned off", () => {
    expect(tracesWanted({})).toBe(false);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: " " })).toBe(false);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracesWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(
      true,
    );
    expect(
      tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_SDK_DISABLED: "TRUE" }),
    ).toBe(false);
    expect(
      tracesWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318", OTEL_TRACES_EXPORTER: "none" }),
    ).toBe(false);
  });

  it("starts nothing without an endpoint: no SDK, no request spans", () => {
    expect(startTracing({ env: {} })).toBe(false);
    expect(tracing()).toBeUndefined();
    expect(
      startRequestSpan({ method: "GET", requestId: "r", header: () => undefined, trustProxy: false }),
    ).toBeNull();
  });

  it("starts the SDK with its OTLP exporter when an endpoint is set, and stops it again", async () => {
    expect(startTracing({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" } })).toBe(true);
    expect(tracing()).toBeDefined();
    await stopTracing();
    expect(tracing()).toBeUndefined();
  });

  it("continues a trusted proxy's trace from its traceparent, and ignores a client's", async () => {
    const exporter = new InMemorySpanExporter();
    startTracing({ exporter });
    const traceparent = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
    const header = (name: string) => (name === "traceparent" ? traceparent : undefined);
    for (const trustProxy of [true, false]) {
      const span = startRequestSpan({ method: "GET", requestId: `proxy-${trustProxy}`, header, trustProxy })!;
      span.end({ route: "routes/transfers._index", status: 200 });
    }
    await flushTracing();
    const [trusted, untrusted] = exporter.getFinishedSpans();
    expect(trusted!.name).toBe("routes/transfers._index");
    expect(trusted!.spanContext().traceId).toBe("0af7651916cd43dd8448eb211c80319c");
    expect(trusted!.parentSpanContext?.spanId).toBe("b7ad6b7169203331");
    expect(untrusted!.spanContext().traceId).not.toBe("0af7651916cd43dd8448eb211c80319c");
    expect(untrusted!.parentSpanContext).toBeUndefined();
  });
});
