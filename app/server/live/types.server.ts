// Types shared by the hub, its dispatcher and the product's methods.

export interface Principal {
  userId: string;
  tenantId: string;
  firstName: string;
  lastName: string;
  /** The sign-in session the access token was minted for; the connection ends with it. */
  sessionId?: string;
}

/** Thrown by a hub method: the client's invoke rejects with exactly this message. */
export class HubError extends Error {
  override readonly name = "HubError";
}

export interface HubContext {
  principal: Principal;
  connectionId: string;
  hub: Hub;
}

export type HubMethod = (context: HubContext, ...args: unknown[]) => unknown;
export type HubMethods = Record<string, HubMethod>;

export interface RateLimitOptions {
  /** Invocations per second refilled into each connection's bucket. */
  perSecond: number;
  burst: number;
  /** Refused invocations within `violationWindowMs` after which the connection is closed. */
  maxViolations: number;
  violationWindowMs: number;
}

export type LiveLogger = (level: "warn" | "error", message: string, detail?: unknown) => void;

export interface HubStats {
  connections: number;
  serverSentEvents: number;
  longPolling: number;
  /** Long polls waiting for data right now. */
  pendingPolls: number;
  groups: number;
  users: number;
}

export interface Hub {
  handleNegotiate(request: Request): Promise<Response>;
  handleConnection(request: Request): Promise<Response>;
  /** To every connection in the group, on every instance (through the backplane). */
  publish(group: string, event: string, payload?: unknown): Promise<void>;
  publishToUser(userId: string, event: string, payload?: unknown): Promise<void>;
  /** To one connection of this instance; false when it is not here or not ready. */
  sendToConnection(connectionId: string, event: string, payload?: unknown): boolean;
  groups: {
    add(connectionId: string, group: string): boolean;
    remove(connectionId: string, group: string): boolean;
    /**
     * Sends a member of the group the group's messages this instance delivered at or after `since` (ms since
     * the epoch, within the replay window), in order; the number sent.
     */
    replay(connectionId: string, group: string, since: number): number;
    has(connectionId: string, group: string): boolean;
    /** The groups a connection is in. */
    of(connectionId: string): string[];
  };
  addMethods(methods: HubMethods): void;
  closeConnection(connectionId: string, options?: { error?: string; allowReconnect?: boolean }): boolean;
  /** The open connections of this instance with their principals. */
  connections(): Array<{ connectionId: string; principal: Principal }>;
  /** Shutdown: every connection gets a close message with allowReconnect. */
  close(): Promise<void>;
  stats(): HubStats;
  /** Runs the timer sweep once (tests with an injected clock). */
  sweep(): void;
}

export const UNEXPECTED_ERROR = (target: string) =>
  `An unexpected error occurred invoking '${target}' on the server.`;
// The reference server's wording for an unknown method, so client code written against it matches.
export const UNKNOWN_METHOD = (target: string) =>
  `Failed to invoke '${target}' due to an error on the server. HubException: Method does not exist.`;
export const STREAMING_NOT_SUPPORTED = "Streaming is not supported by this hub.";
export const RATE_LIMITED = "Rate limit exceeded";
