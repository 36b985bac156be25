import type { Db } from "../db/kysely.server";
import { getLog } from "../platform/log.server";

/**
 * Analytics events (spec 01 §7, spec 03 §7): what users did, for the product's own statistics, kept in
 * `analytics_events`. No personal data goes into `properties` (ids and counts only); the user and tenant columns
 * say who, as the retention rules for users say how long.
 *
 * Recording is best effort: an event that cannot be written is logged and the user's action stands.
 */
export const ANALYTICS_EVENTS = [
  "OrderCreditCheck",
  "UpdateAccountInformation",
  "RegisterUser",
  "UserRegistrationFailed",
  "CancelRegistration",
  "DownloadDocument",
  "DeleteDocument",
  "SearchPrivateAgreement",
  "InitiatePrivateAgreementTransfer",
  "PageView",
] as const;
export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];

export interface AnalyticsEvent {
  name: AnalyticsEventName;
  userId: string | null;
  tenantId: string | null;
  properties?: Record<string, string | number | boolean | null>;
  durationMs?: number;
}

export async function recordAnalyticsEvent(db: Db, event: AnalyticsEvent, now = new Date()): Promise<void> {
  try {
    await db
      .insertInto("analytics_events")
      .values({
        id: crypto.randomUUID(),
        name: event.name,
        user_id: event.userId,
        tenant_id: event.tenantId,
        properties: JSON.stringify(event.properties ?? {}),
        duration_ms: event.durationMs ?? null,
        occurred_at: now.toISOString(),
      })
      .execute();
  } catch (error) {
    getLog().error({ err: error, event: event.name }, "analytics event was not recorded");
  }
}
