/**
 * What the parts beneath the metrics report: the database's queries, the integrations' calls, uploads and the live
 * channel's messages. Those parts may not import the metrics (app/server/ops sits above them, decision 045), so the
 * metrics install their sink here when METRICS_PORT asks for them. Without a sink a part reports nothing, and the
 * parts that would pay to measure (the query log, the integrations' timing) are not even set up.
 */

/** A query's statement, by its first keyword: the only label a query gets (never its SQL or a table's name). */
export type StatementKind = "select" | "insert" | "update" | "delete" | "other";

export interface IntegrationCall {
  /** bankid, property-managers, credit-bureau, company-registry, storage, mail (as the traces name them). */
  system: string;
  /** `simulator`, or the real one's name (the BankID environment, a manager system, `s3`, `smtp`, …). */
  provider: string;
  /** The client's method: `auth`, `searchObjects`, `put`, … */
  operation: string;
  seconds: number;
  failed: boolean;
}

export interface Meters {
  query(kind: StatementKind, seconds: number, failed: boolean): void;
  call(call: IntegrationCall): void;
  /** An upload stored, of this many bytes. */
  uploadStored(bytes: number): void;
  /** An upload refused before it was stored (notPdf, tooLarge, empty, tooMany). */
  uploadRefused(reason: string): void;
  /** A record queued for a live client (an event, an answer to its call; not a keep-alive ping). */
  liveSent(): void;
  /** A live client that read too slowly and was cut off with data still waiting for it. */
  liveDroppedSlow(): void;
}

declare global {
  var __meters: Meters | undefined;
}

/** The metrics' sink, or undefined when the metrics are off. */
export function meters(): Meters | undefined {
  return globalThis.__meters;
}

/** Called by the metrics once they exist (and with undefined to stop reporting). */
export function installMeters(sink: Meters | undefined): void {
  globalThis.__meters = sink;
}
