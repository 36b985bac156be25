// The live events and groups are the domain's contract (domain/events.server); the hub implements its publisher.
import type { Hub } from "./hub.server";
import type { LivePublisher } from "../domain/core/events.server";

export * from "../domain/core/events.server";

/** The events alone, typed: what the hub's own methods publish. */
export type EventPublisher = Pick<LivePublisher, "publish" | "publishToUser">;

export function createEventPublisher(hub: Pick<Hub, "publish" | "publishToUser">): EventPublisher {
  return {
    publish: (group, event, payload) => hub.publish(group, event, payload),
    publishToUser: (userId, event, payload) => hub.publishToUser(userId, event, payload),
  };
}

/** The typed face of the hub for the domain and jobs (which may only publish, and announce narrowed access). */
export function createLivePublisher(
  hub: Pick<Hub, "publish" | "publishToUser">,
  accessChanged: LivePublisher["accessChanged"],
): LivePublisher {
  return { ...createEventPublisher(hub), accessChanged };
}
