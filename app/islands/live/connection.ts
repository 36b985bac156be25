import {
  HttpTransportType,
  HubConnectionBuilder,
  HubConnectionState,
  LogLevel,
  type HubConnection,
} from "@microsoft/signalr";

/**
 * The page's one live connection (spec 01 §4 "Live connection", 03 §4.7), shared by every island.
 * Baseline without it: every page is complete as the server renders it; the connection only adds live updates.
 *
 * States: connected, reconnecting, disconnected, disabled. A start that fails with "Site Disabled" is retried
 * after 5 s (reconnecting); any other start error disables the channel for this page. A dropped connection is
 * retried by the client; once it gives up, focus or waking the page reconnects. Groups the islands joined are
 * joined again after every reconnect, and listeners of `onReconnected` refetch what they show.
 */
export type LiveState = "connecting" | "connected" | "reconnecting" | "disconnected" | "disabled";

const RETRY_AFTER_SITE_DISABLED_MS = 5000;

type Listener = (state: LiveState) => void;

interface GroupJoin {
  method: string;
  /** Read at every join (the first and after each reconnect), so they can follow the page's data. */
  args: () => unknown[];
  leave: { method: string; args: unknown[] } | null;
  /** Islands holding this join; the group is left when the last lets go. */
  holders: number;
}

class LiveConnection {
  private connection: HubConnection | null = null;
  private state: LiveState = "disconnected";
  private readonly listeners = new Set<Listener>();
  private readonly reconnected = new Set<() => void>();
  private readonly joins = new Map<string, GroupJoin>();
  private users = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private starting: Promise<void> | null = null;

  getState(): LiveState {
    return this.state;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => this.listeners.delete(listener);
  }

  onReconnected(callback: () => void): () => void {
    this.reconnected.add(callback);
    return () => this.reconnected.delete(callback);
  }

  /** An island needs the connection; the last one to let go stops it. */
  acquire(): () => void {
    this.users += 1;
    if (this.users === 1) this.startOnce();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) void this.stop();
    };
  }

  on(event: string, handler: (...args: never[]) => void): () => void {
    const hub = this.hub();
    const callback = handler as (...args: unknown[]) => void;
    hub.on(event, callback);
    return () => hub.off(event, callback);
  }

  /**
   * Joins now when connected, and again after every reconnect; the returned function leaves. Islands that join
   * the same key share one join (the server is asked once, and replays what was missed once).
   */
  join(
    key: string,
    method: string,
    args: unknown[] | (() => unknown[]),
    leave: Omit<GroupJoin, "method" | "args" | "holders">["leave"],
  ): () => void {
    const existing = this.joins.get(key);
    if (existing) {
      existing.holders += 1;
    } else {
      const join = { method, args: typeof args === "function" ? args : () => args, leave, holders: 1 };
      this.joins.set(key, join);
      if (this.state === "connected") void this.invokeQuietly(method, join.args());
    }
    const mine = this.joins.get(key);
    let left = false;
    return () => {
      const current = this.joins.get(key);
      if (left || !current || current !== mine) return;
      left = true;
      current.holders -= 1;
      if (current.holders > 0) return;
      this.joins.delete(key);
      if (current.leave && this.state === "connected")
        void this.invokeQuietly(current.leave.method, current.leave.args);
    };
  }

  async invoke(method: string, ...args: unknown[]): Promise<unknown> {
    if (this.state !== "connected") return undefined;
    return this.hub().invoke(method, ...args);
  }

  private async invokeQuietly(method: string, args: unknown[]): Promise<void> {
    try {
      await this.hub().invoke(method, ...args);
    } catch (error) {
      // A refused join (no access any more) leaves the page as the server rendered it.
      console.warn(`Live: ${method} refused`, error);
    }
  }

  private hub(): HubConnection {
    if (this.connection) return this.connection;
    const connection = new HubConnectionBuilder()
      .withUrl("/api/ws", {
        transport: HttpTransportType.ServerSentEvents | HttpTransportType.LongPolling,
        accessTokenFactory: fetchToken,
      })
      .withAutomaticReconnect()
      .configureLogging(LogLevel.None)
      .build();
    connection.serverTimeoutInMilliseconds = 60_000;
    connection.keepAliveIntervalInMilliseconds = 15_000;
    connection.onreconnecting(() => this.setState("reconnecting"));
    connection.onreconnected(() => {
      this.setState("connected");
      this.rejoin();
      for (const callback of this.reconnected) callback();
    });
    connection.onclose(() => {
      if (this.users > 0 && this.state !== "disabled") this.setState("disconnected");
    });
    this.connection = connection;
    return connection;
  }

  private setState(state: LiveState) {
    this.state = state;
    for (const listener of this.listeners) listener(state);
  }

  private rejoin() {
    for (const join of this.joins.values()) void this.invokeQuietly(join.method, join.args());
  }

  private startOnce() {
    if (this.starting) return;
    this.starting = this.start().finally(() => {
      this.starting = null;
    });
  }

  private async start(): Promise<void> {
    const hub = this.hub();
    if (hub.state !== HubConnectionState.Disconnected) return;
    this.setState(this.state === "reconnecting" ? "reconnecting" : "connecting");
    try {
      await hub.start();
      this.setState("connected");
      this.rejoin();
    } catch (error) {
      if (String(error).includes("Site Disabled")) {
        this.setState("reconnecting");
        clearTimeout(this.retry);
        this.retry = setTimeout(() => this.startOnce(), RETRY_AFTER_SITE_DISABLED_MS);
      } else {
        this.setState("disabled");
      }
    }
  }

  /** Focus or waking up: a connection that gave up tries again. */
  resume() {
    if (this.users > 0 && this.state === "disconnected") {
      this.setState("reconnecting");
      this.startOnce();
    }
  }

  private async stop() {
    clearTimeout(this.retry);
    const hub = this.connection;
    if (!hub) return;
    this.setState("disconnected");
    try {
      await hub.stop();
    } catch {
      // Stopping a connection that never started is fine.
    }
  }
}

async function fetchToken(): Promise<string> {
  const response = await fetch("/api/ws/token", {
    headers: { Accept: "application/json" },
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`Token refused (${response.status})`);
  const body = (await response.json()) as { accessToken?: string };
  return body.accessToken ?? "";
}

let shared: LiveConnection | null = null;

export function liveConnection(): LiveConnection {
  if (!shared) {
    shared = new LiveConnection();
    const connection = shared;
    window.addEventListener("focus", () => connection.resume());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") connection.resume();
    });
    window.addEventListener("online", () => connection.resume());
  }
  return shared;
}
