import { isPropertyManagerError } from "../../integrations/property-managers/index.server";
import type { PropertyManagers } from "../core/context.server";
import type { Fraction } from "~/lib/transfer";
import type { Identifier } from "~/lib/identifier";

/**
 * What the application needs from the manager's system (spec 03 §3 `rules.acquirer`): whether the manager requires
 * the acquirers' phone and e-mail, and the object's current owners with their shares (the transferors' owner shares).
 */
export interface ManagerFacts {
  rules: { requirePhoneNumber: boolean; requireEmail: boolean };
  owners: Array<{ identifier: Identifier; share: Fraction }>;
}

/** The manager's system could not answer; the application cannot be read or checked without its rules. */
export class ManagerUnavailableError extends Error {
  override readonly name = "ManagerUnavailableError";
}

export function isManagerUnavailable(error: unknown): error is ManagerUnavailableError {
  return error instanceof ManagerUnavailableError;
}

/** No configured system for the provider, or an object the system does not know: no rules beyond the spec's. */
const NO_RULES: ManagerFacts = { rules: { requirePhoneNumber: false, requireEmail: false }, owners: [] };

/**
 * The manager's answer is kept for a minute per object: the wizard's pages and saves read the rules on every request,
 * and a manager's system answers in 50-400 ms (the simulators are as slow on purpose). Submission reads fresh.
 */
const CACHE_MS = 60_000;
const CACHE_MAX = 1_000;
const cache = new Map<string, { at: number; facts: ManagerFacts }>();

export async function readManagerFacts(
  transfer: { provider_id: string; object_id: string },
  managers: PropertyManagers,
  options: { fresh?: boolean; now?: number } = {},
): Promise<ManagerFacts> {
  // Only the configured systems are cached; a caller's own (a test's) is asked every time.
  if (!managers.cacheable) return askManager(transfer, managers);
  const key = `${transfer.provider_id}\u0000${transfer.object_id}`;
  const now = options.now ?? Date.now();
  const hit = cache.get(key);
  if (!options.fresh && hit && now - hit.at < CACHE_MS) return hit.facts;
  const facts = await askManager(transfer, managers);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, { at: now, facts });
  return facts;
}

async function askManager(
  transfer: { provider_id: string; object_id: string },
  managers: PropertyManagers,
): Promise<ManagerFacts> {
  const system = managers.systemOf(transfer.provider_id);
  if (!system) return NO_RULES;
  try {
    const object = await system.getObject(transfer.object_id);
    if (!object) return NO_RULES;
    return {
      rules: { requirePhoneNumber: object.rules.requirePhoneNumber, requireEmail: object.rules.requireEmail },
      owners: object.owners.map((o) => ({ identifier: o.identifier, share: o.share })),
    };
  } catch (error) {
    if (isPropertyManagerError(error) && error.kind !== "notFound")
      throw new ManagerUnavailableError(error.message);
    if (isPropertyManagerError(error)) return NO_RULES;
    throw error;
  }
}
