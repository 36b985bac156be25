import type { Identifier, IdentifierType } from "~/lib/identifier";
import type { Fraction } from "~/lib/transfer";

export type { Fraction, Identifier, IdentifierType };

/** The property-manager systems the portal knows (management_providers.id); "unknown" is not a system. */
export const PROVIDER_IDS = ["mock", "simpleko", "fastighetsagarna", "riksbyggen"] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export function isProviderId(value: string): value is ProviderId {
  return (PROVIDER_IDS as readonly string[]).includes(value);
}

export interface PropertyOwner {
  /** Normalised: 12 digits for a person, 10 for an organisation, trimmed text for Other. */
  identifier: Identifier;
  firstName: string;
  /** Empty for an organisation. */
  lastName: string;
  /** The owner's share of the apartment. */
  share: Fraction;
}

/** What the manager requires of the acquirers the application names (spec 03 §3, rules.acquirer). */
export interface ManagerRules {
  requirePhoneNumber: boolean;
  requireEmail: boolean;
}

export interface PropertyAddress {
  street: string;
  postalCode: string;
  city: string;
  country: string;
}

export interface PropertyObject {
  /** The manager system's id of the object (for the simulators, property_objects.id). */
  objectId: string;
  providerId: string;
  /** The property-manager tenant that manages the object (property_objects.tenant_id). */
  tenantId: string;
  /** The manager's object number, e.g. "1102-0304". */
  objectNumber: string;
  /** A short text that tells the object apart in a list of hits, e.g. "Tjärhovsgatan 14, Lägenhet 1203, 1 rok". */
  name: string;
  description: string;
  association: { organisationNumber: string; name: string };
  address: PropertyAddress;
  underMaintenance: boolean;
  rules: ManagerRules;
  /** The current owners; their shares add up to the whole. */
  owners: PropertyOwner[];
}

export interface ObjectSearchQuery {
  /** An owner's identifier; normalised by normalizeSearchQuery before it reaches a system. */
  identifier: Identifier;
  /** The association's organisation number (10 digits), to narrow the search. */
  organisationNumber?: string;
}

export interface ObjectSearchAnswer {
  objects: PropertyObject[];
  /**
   * False when the system says it could only look in part of its register (a partition offline, a capped
   * answer): the hits are real but there may be more, so the search ends `limitedCompleted`.
   */
  complete: boolean;
}

export interface TransferCaseRequest {
  objectId: string;
  /** The portal's transfer id; a system keeps one case per (object, transfer), so a retry is harmless. */
  transferId: string;
  /** The transferors as the portal took them from the object's owners. */
  transferors: Array<{ identifier: Identifier; share: Fraction }>;
}

export interface TransferCase {
  caseId: string;
}

/** One property manager's system: a register of objects and their owners, and where transfer cases start. */
export interface PropertyManagerSystem {
  readonly providerId: string;
  searchObjects(query: ObjectSearchQuery, options?: { signal?: AbortSignal }): Promise<ObjectSearchAnswer>;
  /** The object with its owners, rules and maintenance flag, or null when the system does not know it. */
  getObject(objectId: string, options?: { signal?: AbortSignal }): Promise<PropertyObject | null>;
  createTransferCase(request: TransferCaseRequest, options?: { signal?: AbortSignal }): Promise<TransferCase>;
}

export type PropertyManagerErrorKind = "unavailable" | "invalidRequest" | "notFound" | "unknown";

/**
 * Every failure of a call to a manager system. `unavailable` (down, timeout, 5xx, aborted) may work later;
 * `invalidRequest` means our input was wrong; `notFound` that the object is not the system's; `unknown`
 * covers answers we cannot use (outside the contract, refused credentials).
 */
export class PropertyManagerError extends Error {
  override readonly name = "PropertyManagerError";
  readonly kind: PropertyManagerErrorKind;
  readonly providerId: string;
  readonly httpStatus: number | null;

  constructor(
    providerId: string,
    kind: PropertyManagerErrorKind,
    message: string,
    options: { httpStatus?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.providerId = providerId;
    this.kind = kind;
    this.httpStatus = options.httpStatus ?? null;
  }

  get retryable(): boolean {
    return this.kind === "unavailable";
  }
}

export function isPropertyManagerError(error: unknown): error is PropertyManagerError {
  return error instanceof PropertyManagerError;
}
