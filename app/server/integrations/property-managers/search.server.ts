import { normalizeSearchQuery } from "./query.server";
import {
  PropertyManagerError,
  type ObjectSearchQuery,
  type PropertyManagerSystem,
  type PropertyObject,
} from "./types.server";
import { getLog } from "../../platform/log.server";

/** One hit as the live channel carries it (spec 03 §3: objectId and name). */
export interface PropertyObjectHit {
  objectId: string;
  name: string;
}

/**
 * The two live events of an object search (spec 03 §7), spelled as the spec spells them. The domain's event
 * contract (domain/events.server) takes these payloads from here, so the search and the hub cannot disagree.
 */
export interface SearchEventPayloads {
  /** One manager's hits, as soon as that manager answered. */
  propertyMangerSearchResultFound: {
    searchId: string;
    propertyManagerId: string;
    results: PropertyObjectHit[];
    /** False when the manager could only search part of its register. */
    complete: boolean;
  };
  /** Every manager answered, or the time limit passed. */
  searchPropertyObjectCompleted: {
    searchId: string;
    /** True only when every manager answered in full (status `completed`). */
    successful: boolean;
    status: SearchStatus;
    /** Keyed by property manager id; a manager that did not answer is absent. */
    results: Record<string, PropertyObjectHit[]>;
    /** The managers that failed or did not answer in time. */
    unavailable: string[];
  };
}

export type SearchEventName = keyof SearchEventPayloads;
/** What the search needs of the live channel; the domain's LivePublisher is one. */
export interface SearchPublisher {
  publish<E extends SearchEventName>(group: string, event: E, payload: SearchEventPayloads[E]): Promise<void>;
}

/** `limitedCompleted`: some manager could not be reached, was too slow, or answered only in part (spec 03 §4.5). */
export type SearchStatus = "completed" | "limitedCompleted";

export type ProviderSearchStatus = "answered" | "partial" | "failed" | "timedOut";

export interface ProviderSearchOutcome {
  providerId: string;
  status: ProviderSearchStatus;
  /** The hits this manager returned that the searcher may see. */
  objects: PropertyObject[];
  error?: PropertyManagerError;
}

export interface SearchOutcome {
  searchId: string;
  status: SearchStatus;
  /** In the order the managers answered; those that did not answer last. */
  providers: ProviderSearchOutcome[];
  objects: PropertyObject[];
}

export interface ObjectSearchRequest {
  searchId: string;
  query: ObjectSearchQuery;
  /**
   * A property manager's search: only objects this tenant manages are kept, whatever a system returns. Absent
   * for a private party searching their own objects across every manager.
   */
  tenantId?: string;
}

export interface ObjectSearchOptions {
  systems: readonly PropertyManagerSystem[];
  /** The longest the search waits for the managers; later answers are dropped. */
  timeLimitMs: number;
  /** Where the events go: the search's own group (searchGroup(searchId)). Without it the search only returns. */
  live?: { publisher: SearchPublisher; group: string };
  /** The caller gave up (the request was closed): the search ends at once, as at the time limit. */
  signal?: AbortSignal;
  /**
   * Called with each manager's visible hits before they are published or returned (the portal registers objects
   * it did not know, so a hit can be created). A failure is logged; the hits still go out.
   */
  register?: (objects: PropertyObject[]) => Promise<void>;
  now?: () => Date;
}

export const toHit = (object: PropertyObject): PropertyObjectHit => ({
  objectId: object.objectId,
  name: object.name,
});

/**
 * Asks every manager system at once. Each manager's hits are published as they arrive, and the completion
 * when all have answered or the time limit passed, in that order; the outcome is also returned, so a page
 * without JavaScript can await it. An invalid identifier is refused (`invalidRequest`) before any system is
 * asked and before any event.
 */
export async function searchPropertyObjects(
  request: ObjectSearchRequest,
  options: ObjectSearchOptions,
): Promise<SearchOutcome> {
  const query = normalizeSearchQuery(request.query, "portal", options.now?.());
  const { searchId } = request;
  const controller = new AbortController();
  const outcomes: ProviderSearchOutcome[] = [];
  let open = true;
  let published: Promise<void> = Promise.resolve();
  // Events go out one after another, so the completion can never overtake a manager's result. A live channel
  // that fails must not fail the search: the page that awaits the outcome still gets it.
  const publish = <E extends SearchEventName>(event: E, payload: SearchEventPayloads[E]): Promise<void> => {
    const live = options.live;
    if (!live) return published;
    published = published
      .then(() => live.publisher.publish(live.group, event, payload))
      .catch(() => undefined);
    return published;
  };

  const visible = (object: PropertyObject) =>
    request.tenantId === undefined || object.tenantId === request.tenantId;

  const asks = options.systems.map((system) =>
    system.searchObjects(query, { signal: controller.signal }).then(
      async (answer) => {
        if (!open) return;
        const objects = answer.objects.filter(visible);
        if (options.register && objects.length > 0) {
          try {
            await options.register(objects);
          } catch (error) {
            getLog().error({ err: error, provider: system.providerId }, "objects could not be registered");
          }
          if (!open) return;
        }
        outcomes.push({
          providerId: system.providerId,
          status: answer.complete ? "answered" : "partial",
          objects,
        });
        void publish("propertyMangerSearchResultFound", {
          searchId,
          propertyManagerId: system.providerId,
          results: objects.map(toHit),
          complete: answer.complete,
        });
      },
      (error: unknown) => {
        if (!open) return;
        outcomes.push({
          providerId: system.providerId,
          status: "failed",
          objects: [],
          error:
            error instanceof PropertyManagerError
              ? error
              : new PropertyManagerError(system.providerId, "unknown", "The search failed", { cause: error }),
        });
      },
    ),
  );

  let timer: ReturnType<typeof setTimeout> | undefined;
  const limit = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, options.timeLimitMs);
  });
  const callerGaveUp = new Promise<void>((resolve) => {
    if (options.signal?.aborted) resolve();
    options.signal?.addEventListener("abort", () => resolve(), { once: true });
  });
  await Promise.race([Promise.all(asks), limit, callerGaveUp]);
  open = false;
  clearTimeout(timer);
  controller.abort(new PropertyManagerError("portal", "unavailable", "The search's time limit passed"));

  for (const system of options.systems) {
    if (!outcomes.some((o) => o.providerId === system.providerId)) {
      outcomes.push({ providerId: system.providerId, status: "timedOut", objects: [] });
    }
  }
  const status: SearchStatus = outcomes.every((o) => o.status === "answered")
    ? "completed"
    : "limitedCompleted";
  const results: Record<string, PropertyObjectHit[]> = {};
  for (const o of outcomes)
    if (o.status === "answered" || o.status === "partial") results[o.providerId] = o.objects.map(toHit);
  await publish("searchPropertyObjectCompleted", {
    searchId,
    successful: status === "completed",
    status,
    results,
    unavailable: outcomes
      .filter((o) => o.status === "failed" || o.status === "timedOut")
      .map((o) => o.providerId),
  });
  return { searchId, status, providers: outcomes, objects: outcomes.flatMap((o) => o.objects) };
}
