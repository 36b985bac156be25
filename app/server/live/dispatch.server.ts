// What happens to the records a client sends: handshake, rate limit, method invocation.
import type { ConnectionRegistry, LiveConnection } from "./connections.server";
import {
  MessageType,
  parseHandshakeRequest,
  parseHubMessage,
  ProtocolError,
  splitRecords,
  writeClose,
  writeCompletionError,
  writeCompletionResult,
  writeHandshakeResponse,
  type HubMessage,
  type InvocationMessage,
} from "./protocol.server";
import {
  HubError,
  RATE_LIMITED,
  STREAMING_NOT_SUPPORTED,
  UNEXPECTED_ERROR,
  UNKNOWN_METHOD,
  type Hub,
  type HubContext,
  type HubMethod,
  type HubMethods,
  type LiveLogger,
  type Principal,
  type RateLimitOptions,
} from "./types.server";

export const DEFAULT_RATE_LIMIT: RateLimitOptions = {
  perSecond: 20,
  burst: 40,
  maxViolations: 50,
  violationWindowMs: 10_000,
};

interface Bucket {
  tokens: number;
  refilledAt: number;
  violations: number;
  violationWindowStart: number;
  chain: Promise<void>;
}

export interface DispatcherOptions {
  registry: ConnectionRegistry<Principal>;
  hub: () => Hub;
  limits: RateLimitOptions;
  maxRecordBytes: number;
  log: LiveLogger;
}

export function createDispatcher({ registry, hub, limits, maxRecordBytes, log }: DispatcherOptions) {
  const methods = new Map<string, { name: string; method: HubMethod }>();
  const buckets = new Map<string, Bucket>();
  const now = registry.options.now;

  function addMethods(more: HubMethods): void {
    for (const [name, method] of Object.entries(more)) {
      // The reference server matches method names case-insensitively.
      methods.set(name.toLowerCase(), { name, method });
    }
  }

  function bucketOf(connection: LiveConnection<Principal>): Bucket {
    let bucket = buckets.get(connection.connectionId);
    if (!bucket) {
      const at = now();
      bucket = {
        tokens: limits.burst,
        refilledAt: at,
        violations: 0,
        violationWindowStart: at,
        chain: Promise.resolve(),
      };
      buckets.set(connection.connectionId, bucket);
    }
    return bucket;
  }

  function receive(connection: LiveConnection<Principal>, body: string): void {
    let records: string[];
    try {
      records = splitRecords(body, maxRecordBytes);
    } catch (error) {
      protocolFailure(connection, error);
      return;
    }
    for (const record of records) {
      if (connection.closed) return;
      if (!connection.handshakeDone) {
        handshake(connection, record);
        continue;
      }
      let message: HubMessage | null;
      try {
        message = parseHubMessage(record);
      } catch (error) {
        protocolFailure(connection, error);
        return;
      }
      if (message) dispatch(connection, message);
    }
  }

  function protocolFailure(connection: LiveConnection<Principal>, error: unknown): void {
    const reason = error instanceof ProtocolError ? error.message : "Invalid message.";
    registry.close(
      connection,
      connection.handshakeDone ? writeClose({ error: reason }) : writeHandshakeResponse(reason),
    );
  }

  function handshake(connection: LiveConnection<Principal>, record: string): void {
    let error: string | undefined;
    try {
      const request = parseHandshakeRequest(record);
      if (request.protocol !== "json") {
        error = `The protocol '${request.protocol}' is not supported.`;
      } else if (request.version !== 1) {
        error = `The server does not support version ${request.version} of the 'json' protocol.`;
      }
    } catch (e) {
      error = e instanceof ProtocolError ? e.message : "Invalid handshake request.";
    }
    if (error !== undefined) {
      registry.close(connection, writeHandshakeResponse(error));
      return;
    }
    connection.handshakeDone = true;
    registry.send(connection, writeHandshakeResponse());
  }

  function allowInvocation(bucket: Bucket): boolean {
    const at = now();
    bucket.tokens = Math.min(
      limits.burst,
      bucket.tokens + ((at - bucket.refilledAt) / 1000) * limits.perSecond,
    );
    bucket.refilledAt = at;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return true;
    }
    if (at - bucket.violationWindowStart > limits.violationWindowMs) {
      bucket.violationWindowStart = at;
      bucket.violations = 0;
    }
    bucket.violations += 1;
    return false;
  }

  function dispatch(connection: LiveConnection<Principal>, message: HubMessage): void {
    if (message.type === MessageType.Close) {
      registry.close(connection);
      return;
    }
    if (message.type !== MessageType.Invocation && message.type !== MessageType.StreamInvocation) {
      return; // pings, client results, stream items, cancels, acks: nothing to do
    }
    const bucket = bucketOf(connection);
    if (!allowInvocation(bucket)) {
      if (bucket.violations > limits.maxViolations) {
        registry.close(connection, writeClose({ error: RATE_LIMITED }));
      } else if (message.invocationId !== undefined) {
        registry.send(connection, writeCompletionError(message.invocationId, RATE_LIMITED));
      }
      return;
    }
    if (message.type === MessageType.StreamInvocation) {
      registry.send(connection, writeCompletionError(message.invocationId, STREAMING_NOT_SUPPORTED));
      return;
    }
    // One invocation at a time per connection, in order, as the reference server does by default.
    bucket.chain = bucket.chain.then(() => invoke(connection, message));
  }

  async function invoke(connection: LiveConnection<Principal>, message: InvocationMessage): Promise<void> {
    if (connection.closed) return;
    const { invocationId, target } = message;
    const entry = methods.get(target.toLowerCase());
    if (!entry) {
      if (invocationId !== undefined) {
        registry.send(connection, writeCompletionError(invocationId, UNKNOWN_METHOD(target)));
      }
      return;
    }
    const context: HubContext = {
      principal: connection.principal,
      connectionId: connection.connectionId,
      hub: hub(),
    };
    try {
      const result = await entry.method(context, ...message.arguments);
      if (invocationId !== undefined) {
        registry.send(connection, writeCompletionResult(invocationId, result));
      }
    } catch (error) {
      if (!(error instanceof HubError)) {
        log("error", `Hub method '${entry.name}' failed.`, error);
      }
      if (invocationId !== undefined) {
        const text = error instanceof HubError ? error.message : UNEXPECTED_ERROR(entry.name);
        registry.send(connection, writeCompletionError(invocationId, text));
      }
    }
  }

  return {
    addMethods,
    receive,
    forget: (connection: LiveConnection<Principal>) => buckets.delete(connection.connectionId),
  };
}
