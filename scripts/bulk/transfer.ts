import type { InitiatorRole, TransferStatus, TransferType } from "~/lib/transfer";
import { location, type PlannedAssociation, type PlannedObject } from "./associations";
import type { Context } from "./context";
import { DAY, isoDate, isoTime } from "./format";
import { email, person, phone, type Broker, type Person } from "./people";
import type { Rng } from "./rng";
import type { PartyRow, TransferRow } from "./rows";

// One generated transfer and its parties: status, type and initiator drawn by weight, dates and flags that fit
// the status.

const DECISION_WINDOW_DAYS = 548; // 18 months
const HISTORY_DAYS = 730;
const STALE_AFTER_DAYS = 60;
const EXPIRED_AFTER_DAYS = 90;

const STATUS_WEIGHTS: ReadonlyArray<readonly [TransferStatus, number]> = [
  ["Initiating", 1.5],
  ["Initiated", 3],
  ["Draft", 3],
  ["DraftTransfer", 3],
  ["OngoingApplications", 8],
  ["ApplicationSent", 8],
  ["TransferReviewInProgress", 14],
  ["AwaitingInfoRequestAnswer", 5],
  ["MembershipReviewInProgress", 12],
  ["MembershipDecisionPending", 5],
  ["MembershipApproved", 30],
  ["MembershipRejected", 2],
  ["Aborting", 0.5],
  ["Aborted", 5],
];
const TYPE_WEIGHTS: ReadonlyArray<readonly [TransferType, number]> = [
  ["Purchase", 88],
  ["Gift", 4],
  ["Inheritance", 5],
  ["DivisionOfProperty", 3],
];
const INITIATOR_WEIGHTS: ReadonlyArray<readonly [InitiatorRole, number]> = [
  ["Intermediary", 80],
  ["PropertyManager", 16],
  ["PrivateIntermediary", 4],
];

const EARLY: ReadonlySet<TransferStatus> = new Set(["Initiating", "Initiated", "Draft", "DraftTransfer"]);
const APPLICATION: ReadonlySet<TransferStatus> = new Set(["OngoingApplications", "ApplicationSent"]);
const REVIEW: ReadonlySet<TransferStatus> = new Set([
  "TransferReviewInProgress",
  "AwaitingInfoRequestAnswer",
  "MembershipReviewInProgress",
  "MembershipDecisionPending",
]);
const DECIDED: ReadonlySet<TransferStatus> = new Set(["MembershipApproved", "MembershipRejected"]);

interface TransferInput {
  id: string;
  association: PlannedAssociation;
  object: PlannedObject;
  now: number;
  nowYear: number;
  context: Context;
  brokers: Broker[];
}

export function generateTransfer(
  rng: Rng,
  input: TransferInput,
): { transfer: TransferRow; parties: PartyRow[] } {
  const { association, object, now, context } = input;
  const status = rng.weighted(STATUS_WEIGHTS);
  let initiator = rng.weighted(INITIATOR_WEIGHTS);
  if (initiator === "PrivateIntermediary" && context.privateCreators.length === 0) initiator = "Intermediary";
  const transferType = initiator === "PrivateIntermediary" ? "Purchase" : rng.weighted(TYPE_WEIGHTS);

  const active = !DECIDED.has(status) && status !== "Aborted" && status !== "Aborting";
  let decisionMs: number | null = null;
  let modified: number;
  let created: number;
  if (DECIDED.has(status)) {
    decisionMs = now - rng.between(0.5, DECISION_WINDOW_DAYS) * DAY;
    created = decisionMs - rng.between(10, 70) * DAY;
    modified = Math.min(now, decisionMs + rng.between(0, 5) * DAY);
  } else if (status === "Aborted") {
    modified = now - rng.between(0, HISTORY_DAYS) * DAY;
    created = modified - rng.between(3, 90) * DAY;
  } else if (status === "Aborting") {
    modified = now - rng.between(0, 0.1) * DAY;
    created = modified - rng.between(5, 60) * DAY;
  } else {
    modified =
      now -
      (rng.chance(0.88) ? rng.between(0, STALE_AFTER_DAYS) : rng.between(STALE_AFTER_DAYS, HISTORY_DAYS)) *
        DAY;
    created = modified - rng.between(0, EARLY.has(status) ? 10 : 45) * DAY;
  }

  const hasAgreement = !(EARLY.has(status) && rng.chance(0.4));
  const contractMs = created - rng.between(0, 10) * DAY;
  const entryMs = contractMs + rng.int(14, 150) * DAY;
  let purchasePrice: number | null = null;
  if (hasAgreement && transferType === "Purchase") {
    const area = object.row.area ?? 25 + object.rooms * 15;
    purchasePrice = Math.round((area * association.pricePerSqm * rng.between(0.9, 1.1)) / 5000) * 5000;
  }

  const reviewed = REVIEW.has(status) || DECIDED.has(status) || status === "Aborted";
  const partsNotified = DECIDED.has(status) && rng.chance(0.6);
  const expired = active && modified < now - EXPIRED_AFTER_DAYS * DAY && rng.chance(0.8);
  const saleStopped = (active && rng.chance(0.02)) || (status === "Aborted" && rng.chance(0.1));
  const investigated =
    ((APPLICATION.has(status) || REVIEW.has(status)) && rng.chance(0.02)) ||
    (status === "Aborted" && rng.chance(0.05));
  const numberOfMessages = rng.chance(0.6) ? 0 : rng.int(1, 12);
  const unresolved = Math.min(numberOfMessages, active && rng.chance(0.5) ? rng.int(0, 5) : 0);
  const managers = context.managers.get(association.tenantId) ?? [];
  const finalized = status === "MembershipApproved" && managers.length > 0 && rng.chance(0.5);
  let finalizedAt: number | null = null;
  if (finalized && decisionMs !== null) {
    finalizedAt = Math.min(now, decisionMs + rng.between(1, 20) * DAY);
    modified = Math.max(modified, finalizedAt);
  }
  let runningTasks: string[] = [];
  if (status === "Aborting") runningTasks = ["Abort"];
  else if (status === "TransferReviewInProgress" && modified > now - DAY && rng.chance(0.2)) {
    runningTasks = ["AutomaticReview"];
  }

  let createdBy: string | null = null;
  let creatorAsTransferor: Person | null = null;
  if (initiator === "PropertyManager" && managers.length > 0) createdBy = rng.pick(managers);
  if (initiator === "PrivateIntermediary") {
    const creator = rng.pick(context.privateCreators);
    createdBy = creator.id;
    creatorAsTransferor = creator;
  }
  const broker = initiator === "Intermediary" ? rng.pick(input.brokers) : null;

  const row = object.row;
  const transfer: TransferRow = {
    id: input.id,
    object_id: row.id,
    object_number: row.object_number,
    association_id: association.id,
    association_name: association.name,
    tenant_id: association.tenantId,
    provider_id: association.providerId,
    street: row.street,
    postal_code: row.postal_code,
    city: row.city,
    country: row.country,
    search_text: `${row.object_number} ${association.name}`.toLowerCase(),
    transfer_type: transferType,
    initiator_role: initiator,
    status,
    status_before_info_request:
      status === "AwaitingInfoRequestAnswer"
        ? rng.chance(0.75)
          ? "TransferReviewInProgress"
          : "MembershipReviewInProgress"
        : null,
    sale_status: saleStopped ? "Stopped" : null,
    under_investigation_since: investigated ? isoTime(rng.between(created, modified)) : null,
    parts_notified: partsNotified ? 1 : 0,
    expired: expired ? 1 : 0,
    running_tasks: JSON.stringify(runningTasks),
    aborting: status === "Aborting" ? 1 : 0,
    has_deviations: reviewed && rng.chance(REVIEW.has(status) ? 0.2 : 0.1) ? 1 : 0,
    action_is_needed: (APPLICATION.has(status) || REVIEW.has(status)) && rng.chance(0.15) ? 1 : 0,
    awaiting_info_request_answer: status === "AwaitingInfoRequestAnswer" ? 1 : 0,
    unresolved_messages: unresolved,
    number_of_messages: numberOfMessages,
    finalized_at_property_manager: finalized ? 1 : 0,
    finalized_by_user_id: finalized ? rng.pick(managers) : null,
    finalized_at: finalizedAt === null ? null : isoTime(finalizedAt),
    purchase_price: purchasePrice,
    entry_date: hasAgreement ? isoDate(entryMs) : null,
    contract_date: hasAgreement ? isoDate(contractMs) : null,
    membership_decision:
      status === "MembershipApproved" ? "Approved" : status === "MembershipRejected" ? "Rejected" : null,
    membership_decision_date: decisionMs === null ? null : isoDate(decisionMs),
    intermediary_first_name: broker?.firstName ?? null,
    intermediary_last_name: broker?.lastName ?? null,
    intermediary_email: broker?.email ?? null,
    intermediary_office_name: broker?.office ?? null,
    created_by_user_id: createdBy,
    summary_document_id: null,
    version: 1,
    created_at: isoTime(created),
    modified_at: isoTime(modified),
    deleted_at: null,
  };

  const parties: PartyRow[] = [];
  const createdAtText = transfer.created_at;
  const addParty = (kind: "Transferor" | "Acquirer", p: Person, sortOrder: number, share: number) => {
    const acquirer = kind === "Acquirer";
    // An acquirer moves in; a transferor's new address is known only sometimes.
    const moving = !acquirer && rng.chance(0.4);
    const newPlace = moving ? location(rng, association.tenantId) : null;
    parties.push({
      id: "",
      transfer_id: transfer.id,
      kind,
      identifier_type: "SocialSecurityNumber",
      identifier_value: p.personalNumber,
      first_name: p.firstName,
      last_name: p.lastName,
      email: rng.chance(0.8) ? email(rng, p) : null,
      phone: rng.chance(0.6) ? phone(rng) : null,
      street: acquirer ? row.street : (newPlace?.addresses[0] ?? null),
      postal_code: acquirer ? row.postal_code : (newPlace?.postalCode ?? null),
      city: acquirer ? row.city : (newPlace?.city.name ?? null),
      country: acquirer || newPlace ? "Sverige" : null,
      owner_share_numerator: 1,
      owner_share_denominator: share,
      transfer_share_numerator: 1,
      transfer_share_denominator: share,
      membership_status: acquirer ? (rng.chance(0.9) ? "NOTMEMBER" : "UNKNOWN") : "MEMBER",
      is_payment_notice_recipient: acquirer && sortOrder === 0 ? 1 : 0,
      sort_order: sortOrder,
      created_at: createdAtText,
    });
  };
  const transferors = rng.chance(0.45) ? 2 : 1;
  for (let i = 0; i < transferors; i++) {
    const p =
      i === 0 && creatorAsTransferor ? creatorAsTransferor : person(rng, input.nowYear, context, 25, 88);
    addParty("Transferor", p, i, transferors);
  }
  const acquirers = rng.chance(0.4) ? 2 : 1;
  for (let i = 0; i < acquirers; i++) {
    addParty("Acquirer", person(rng, input.nowYear, context, 19, 80), i, acquirers);
  }
  return { transfer, parties };
}
