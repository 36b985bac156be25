/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** The client's IP address as the HTTP server saw it (server.js); absent under remix-serve. */
    clientIp?: string;
  }
}

export {};
