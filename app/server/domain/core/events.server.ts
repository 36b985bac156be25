/**
 * Every live event the specs name (01 §7, 02 §4, 03 §7), with its payload, the group names, and the publisher
 * the use cases and jobs are given: the domain's outbound port. The live channel (app/server/live) implements
 * the publisher over its hub; the domain never imports the live channel itself.
 */

import type { TransferActivityEvent } from "~/lib/activity";
import type {
  PropertyObjectHit,
  SearchEventPayloads,
} from "../../integrations/property-managers/search.server";

export type { TransferActivityEvent };

export type CreditCheckStatus = "Success" | "SuccessWithoutResult" | "Error" | "Pending" | "Cancelled";

export interface TransferRef {
  transferId: string;
}

export interface DocumentRef extends TransferRef {
  documentId: string;
}

// The object search's two events are defined beside the search that publishes them (integrations may not
// import the domain); the contract takes them from there.
export type { PropertyObjectHit };

export interface Payloads {
  transferInitiated: TransferRef;
  transferReadyForReview: TransferRef;
  transferApproved: TransferRef;
  membershipApproved: TransferRef;
  membershipRejected: TransferRef;
  transferAborted: TransferRef;
  transferTaskStarted: TransferRef & { task: string };
  transferTaskCompleted: TransferRef & { task: string };
  transferSummaryDocumentUpdated: TransferRef & { documentId: string; fileName: string };
  documentVerified: DocumentRef;
  documentRejected: DocumentRef & { reason?: string };
  documentUploadTimeout: DocumentRef;
  /** The document analysis finished (decision 020): the wizard's proposedApplication is Ready or Failed. */
  proposedApplicationUpdated: TransferRef & { status: "Ready" | "Failed" };
  creditCheckOrderStatusUpdated: TransferRef & {
    status: CreditCheckStatus;
    orderId: string;
    /** The credit check order's result (spec 02 §3), absent while pending. */
    result?: unknown;
    /** Whose check it is: the page attaches the order to the acquirer and guarantor with this identifier. */
    identifier?: { type: string; value: string };
  };
  messagesCountChanged: { unresolved: number };
  searchPropertyObjectCompleted: SearchEventPayloads["searchPropertyObjectCompleted"];
  // The spec's spelling, which is what clients listen for.
  propertyMangerSearchResultFound: SearchEventPayloads["propertyMangerSearchResultFound"];
  transferActivityEvents: TransferActivityEvent[];
  transferActivityEventUpdated: TransferActivityEvent;
  transferActivityEventDeleted: TransferActivityEvent;
}

export type EventName = keyof Payloads;

// Prefixes keep the id spaces apart, so a client can never reach one kind of group with another's id.
export const userGroup = (userId: string) => `user:${userId}`;
export const transferGroup = (transferId: string) => `transfer:${transferId}`;
export const searchGroup = (searchId: string) => `search:${searchId}`;
export const tenantGroup = (tenantId: string) => `tenant:${tenantId}`;
/**
 * Presence of a tenant's co-workers, narrowed to one unit of scope (`tenant:{id}`, `association:{id}` or
 * `private:{userId}`, see scope.server's scopeUnits): a watcher's presence on a transfer reaches only the
 * co-workers whose scope holds that transfer (decision 012, presence by scope).
 */
export const scopedActivityGroup = (tenantId: string, unit: string) => `tenant-activity:${tenantId}:${unit}`;

/** What the domain and the jobs may do with the live channel: publish. */
export interface LivePublisher {
  publish<E extends EventName>(group: string, event: E, payload: Payloads[E]): Promise<void>;
  publishToUser<E extends EventName>(userId: string, event: E, payload: Payloads[E]): Promise<void>;
  /**
   * After a change that can narrow what users may see (a board seat ended, a user deactivated, a transfer moved
   * out of a scope): every instance checks these users' open connections again at once (everyone's when none are
   * named) and drops the groups they may no longer be in. The periodic check catches what no one announces.
   */
  accessChanged(userIds?: readonly string[]): Promise<void>;
}

/** A live event a use case publishes after its commit. */
export type PublishedEvent = {
  [E in EventName]: { group: string; event: E; payload: Payloads[E] };
}[EventName];

/** An event to the transfer's group (everyone with the transfer open). */
export function event<E extends EventName>(
  transferId: string,
  name: E,
  payload: Payloads[E],
): PublishedEvent {
  return { group: transferGroup(transferId), event: name, payload } as PublishedEvent;
}
