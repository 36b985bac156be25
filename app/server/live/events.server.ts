// The live events and groups are the domain's contract (domain/events.server); the hub implements its publisher.
import type { Hub } from "./hub.server";
import type { LivePublisher } from "../domain/core/events.server";

export * from "../domain/core/events.server";

/** The typed face of the hub for the domain and jobs (which may only publish). */
export function createLivePublisher(hub: Pick<Hub, "publish" | "publishToUser">): LivePublisher {
  return {
    publish: (group, event, payload) => hub.publish(group, event, payload),
    publishToUser: (userId, event, payload) => hub.publishToUser(userId, event, payload),
  };
}
