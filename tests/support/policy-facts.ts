import { DEFAULT_ACTIONS } from "~/server/domain/users.server";
import type {
  ChangeRequestFacts,
  CreditCheckFacts,
  DocumentFacts,
  PartyFacts,
  SupplementFacts,
  TransferFacts,
  Viewer,
} from "~/server/domain/transfers/facts.server";
import type { PolicyAction } from "~/server/domain/core/policy.server";

/**
 * Viewers and transfer facts for the policy tests (one per feature, beside each feature's policies): the demo's
 * people as viewers, parties, and `facts()`, a Purchase in review with nothing holding it back, which each test
 * changes in the one way it is about.
 */

export const NOW = new Date("2026-04-15T10:00:00Z");
export const ALL_ACTIONS = [...DEFAULT_ACTIONS];

export const maria: Viewer = {
  id: "user-maria",
  tenantId: "stadsbo",
  role: "PropertyManager",
  features: [],
  actions: ALL_ACTIONS,
  boardAssociationIds: [],
};
export const johan: Viewer = { ...maria, id: "user-johan", features: ["property_manager_proxy"] };
export const anders: Viewer = { ...maria, id: "user-anders", tenantId: "nordhem" };
export const pmWithoutActions: Viewer = { ...maria, id: "user-pm-bare", actions: [] };
export const erik: Viewer = {
  id: "user-erik",
  tenantId: "styrelse",
  role: "BoardMember",
  features: ["board_member"],
  actions: ALL_ACTIONS,
  boardAssociationIds: ["assoc-kvarnen"],
};
export const karin: Viewer = {
  ...erik,
  id: "user-karin",
  features: ["board_member", "private_agreement"],
  boardAssociationIds: ["assoc-kvarnen", "assoc-sjoutsikten"],
};
export const fatima: Viewer = { ...erik, id: "user-fatima", boardAssociationIds: ["assoc-tallbacken"] };
export const boardWithoutActions: Viewer = { ...erik, id: "user-board-bare", actions: [] };
export const elin: Viewer = {
  id: "user-elin",
  tenantId: "individuals",
  role: "BoardMember",
  features: ["private_agreement"],
  actions: [],
  boardAssociationIds: [],
};

export const acquirer: PartyFacts = {
  id: "party-acquirer",
  kind: "Acquirer",
  identifierType: "SocialSecurityNumber",
  identifierValue: "198706083246",
  membershipStatus: "NOTMEMBER",
};
export const guarantor: PartyFacts = {
  id: "party-guarantor",
  kind: "Guarantor",
  identifierType: "SocialSecurityNumber",
  identifierValue: "197509025172",
  membershipStatus: null,
};
export const transferor: PartyFacts = {
  id: "party-transferor",
  kind: "Transferor",
  identifierType: "SocialSecurityNumber",
  identifierValue: "196803142428",
  membershipStatus: "MEMBER",
};
export const companyAcquirer: PartyFacts = {
  id: "party-company",
  kind: "Acquirer",
  identifierType: "OrganizationNumber",
  identifierValue: "5560360793",
  membershipStatus: "NOTMEMBER",
};

export function doc(
  id: string,
  category: DocumentFacts["category"],
  extra: Partial<DocumentFacts> = {},
): DocumentFacts {
  return {
    id,
    category,
    status: "UploadVerified",
    uploadedByUserId: "user-maria",
    dataErasedAt: null,
    supplementAnswerId: null,
    ...extra,
  };
}

export function supplement(extra: Partial<SupplementFacts> = {}): SupplementFacts {
  return {
    id: "supplement-1",
    status: "Open",
    category: "PersonalGuarantee",
    forwarded: false,
    createdByUserId: "user-maria",
    answer: null,
    ...extra,
  };
}

export function answer(status: NonNullable<SupplementFacts["answer"]>["status"]): SupplementFacts["answer"] {
  return { id: "answer-1", status, hasVerifiedDocument: true, guarantorCount: 1, guarantorsValid: true };
}

export function order(extra: Partial<CreditCheckFacts> = {}): CreditCheckFacts {
  return {
    id: "order-1",
    partyId: acquirer.id,
    identifierValue: acquirer.identifierValue,
    status: "Success",
    dataErasedAt: null,
    ...extra,
  };
}

export function changeRequest(decision: ChangeRequestFacts["decision"]): ChangeRequestFacts {
  return { id: "change-1", createdByUserId: "user-maria", decision };
}

/** A Purchase in review at stadsbo for Kvarnen 3 with nothing holding it back. */
export function facts(overrides: Partial<TransferFacts> = {}): TransferFacts {
  return {
    id: "transfer-1",
    status: "TransferReviewInProgress",
    transferType: "Purchase",
    initiatorRole: "PropertyManager",
    tenantId: "stadsbo",
    associationId: "assoc-kvarnen",
    createdByUserId: "user-maria",
    hasIntermediaryEmail: true,
    saleStopped: false,
    underInvestigationSince: null,
    partsNotified: false,
    expired: false,
    aborting: false,
    runningTasks: [],
    propertyManagerUnderMaintenance: false,
    entryDate: "2026-06-01",
    membershipDecision: null,
    unresolvedMessages: 0,
    parties: [transferor, acquirer, guarantor, companyAcquirer],
    documents: [doc("doc-application", "MembershipApplication"), doc("doc-agreement", "TransferAgreement")],
    checks: [
      { id: "check-1", type: "PricePresent", result: "Valid" },
      { id: "check-2", type: "PriceMatches", result: "AcceptedDeviation" },
    ],
    supplements: [],
    changeRequests: [],
    creditChecks: [],
    messages: [],
    pendingSignSession: null,
    ...overrides,
  };
}

/** Elin's own private transfer, in the same tenant and association as `facts()`. */
export function privateFacts(overrides: Partial<TransferFacts> = {}): TransferFacts {
  return facts({
    status: "DraftTransfer",
    initiatorRole: "PrivateIntermediary",
    createdByUserId: "user-elin",
    ...overrides,
  });
}

export const approved = (date: string) => ({ decision: "Approved" as const, date });
export const rejected = (date: string) => ({ decision: "Rejected" as const, date });

export const types = <T>(actions: PolicyAction<T>[]) => actions.map((a) => a.type);
export function the<T>(actions: PolicyAction<T>[], type: T): PolicyAction<T> {
  const found = actions.find((a) => a.type === type);
  if (!found) throw new Error(`${String(type)} is not offered; offered: ${types(actions).join(", ")}`);
  return found;
}
