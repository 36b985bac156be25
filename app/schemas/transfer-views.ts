import * as z from "zod";
import "./zod-errors";
import {
  ANSWER_STATUSES,
  CHECK_RESULTS,
  CREDIT_CHECK_STATUSES,
  DOCUMENT_CATEGORIES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  INITIATOR_ROLES,
  MEMBERSHIP_DECISIONS,
  MESSAGE_ROLES,
  PROCESS_STEP_STATES,
  PROCESS_STEP_TYPES,
  RUNNING_TASKS,
  SUPPLEMENT_PERSON_TYPES,
  SUPPLEMENT_STATUSES,
  TRANSFER_ACTIONS,
  TRANSFER_STATUSES,
  TRANSFER_TYPES,
} from "~/lib/transfer";
import { IDENTIFIER_TYPES } from "~/lib/identifier";

/**
 * The shapes of the spec (01 §3, 02 §3, 03 §3) that pages and the JSON API share. The server builds them in
 * app/server/domain/transfers/views.server.ts; the tests parse every built value with these schemas.
 */

const isoInstant = z.iso.datetime({ offset: true });
const isoDate = z.iso.date();

export const ActionViewSchema = <T extends readonly [string, ...string[]]>(types: T) =>
  z.object({ type: z.enum(types), disabled: z.boolean(), disabledReason: z.string().nullable() });

export const IdentifierViewSchema = z.object({ type: z.enum(IDENTIFIER_TYPES), value: z.string() });

export const AddressViewSchema = z.object({
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  country: z.string(),
});

/** A share as an exact fraction plus its number value (the JSON API sends fractions, spec 03 §5.5). */
export const ShareViewSchema = z.object({
  numerator: z.number().int().nonnegative(),
  denominator: z.number().int().positive(),
  value: z.number().min(0).max(1),
});

export const CreditCheckResultViewSchema = z.object({
  fullName: z.string(),
  gender: z.string().nullable(),
  age: z.number().int().nullable(),
  martialStatus: z.string().nullable(),
  creditDecision: z.object({ creditCheckScore: z.string(), notScoredReason: z.string().nullable() }),
  debtBalance: z.object({
    numberOfPublicDebt: z.number(),
    totalPublicDebt: z.number(),
    numberOfPrivateDebt: z.number(),
    totalPrivateDebt: z.number(),
  }),
  taxAssessments: z.array(z.record(z.string(), z.number())),
  remarksOfPayment: z.array(z.object({ occuredOn: z.string(), amount: z.number(), description: z.string() })),
  realEstateProperties: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
  residential: z.object({ county: z.string(), municipality: z.string(), parish: z.string() }).nullable(),
  history: z.array(
    z.object({
      eventOccured: z.string(),
      category: z.string(),
      description: z.string(),
      metadata: z.object({ orderedAt: z.string() }),
    }),
  ),
});

export const CreditCheckOrderViewSchema = z.object({
  orderId: z.string(),
  transferId: z.string(),
  rejectedReasons: z.array(z.string()),
  result: z.object({
    status: z.enum(CREDIT_CHECK_STATUSES),
    dataErasedAt: isoInstant.nullable(),
    result: CreditCheckResultViewSchema.nullable(),
  }),
});

const personBase = {
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  identifier: IdentifierViewSchema,
  phoneNumber: z.string().nullable(),
  emailAddress: z.string().nullable(),
  creditCheckOrder: CreditCheckOrderViewSchema.nullable(),
  actions: z.array(ActionViewSchema(["OrderCreditCheck", "ViewCreditCheck"] as const)),
};

export const AcquirerViewSchema = z.object({
  ...personBase,
  address: AddressViewSchema.nullable(),
  transferShare: ShareViewSchema.nullable(),
  membershipStatus: z.string(),
  isPaymentNoticeRecipient: z.boolean(),
});

export const TransferorViewSchema = z.object({
  ...personBase,
  newAddress: AddressViewSchema.nullable(),
  ownerShare: ShareViewSchema.nullable(),
  transferShare: ShareViewSchema.nullable(),
  isPaymentNoticeRecipient: z.boolean(),
});

export const GuarantorViewSchema = z.object(personBase);

export const DocumentViewSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  translatedCategory: z.string(),
  sizeInBytes: z.number().int().nonnegative().nullable(),
  belongsTo: z.string().nullable(),
  created: isoInstant,
  dataErasedAt: isoInstant.nullable(),
  archivedAt: isoInstant.nullable(),
  fileId: z.string().nullable(),
  sensitive: z.boolean(),
  canBeRemoved: z.boolean(),
  canChangeCategory: z.boolean(),
  status: z.enum(DOCUMENT_STATUSES),
  uploadUrl: z.string().nullable(),
  documentType: z.enum(DOCUMENT_TYPES),
  previewUrl: z.string().nullable(),
  downloadUrl: z.string().nullable(),
});

export const AnswerGuarantorViewSchema = z.object({
  id: z.string(),
  identifier: z.object({ value: z.string() }),
  firstName: z.string(),
  lastName: z.string(),
  creditCheckOrder: CreditCheckOrderViewSchema.nullable(),
  validationResult: z.object({
    isValid: z.boolean(),
    errors: z.array(z.object({ message: z.string(), property: z.string() })),
  }),
});

export const SupplementViewSchema = z.object({
  id: z.string(),
  created: isoInstant,
  createdBy: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  status: z.enum(SUPPLEMENT_STATUSES),
  message: z.string(),
  name: z.string().nullable(),
  personType: z.enum(SUPPLEMENT_PERSON_TYPES),
  initiatorRole: z.enum(INITIATOR_ROLES),
  forwarded: z.boolean(),
  actions: z.array(ActionViewSchema(["Answer", "Cancel", "Forward"] as const)),
  answer: z
    .object({
      id: z.string(),
      status: z.enum(ANSWER_STATUSES),
      answeredBy: z.string().nullable(),
      answered: isoInstant.nullable(),
      handledBy: z.string().nullable(),
      handled: isoInstant.nullable(),
      rejectReason: z.string().nullable(),
      guarantors: z.array(AnswerGuarantorViewSchema),
      transferDocument: DocumentViewSchema.nullable(),
      hasConflictingDocument: z.boolean(),
      hasConflictingGuarantor: z.boolean(),
      actions: z.array(ActionViewSchema(["Handle"] as const)),
    })
    .nullable(),
  validToSubmit: z.boolean(),
});

const changeField = <T extends z.ZodType>(value: T) =>
  z.object({
    currentValue: value.nullable(),
    previousValue: value.nullable(),
    newValue: value.nullable(),
    changeable: z.boolean(),
  });

export const ChangeRequestViewSchema = z.object({
  id: z.string(),
  createdBy: z.object({ firstName: z.string(), lastName: z.string() }),
  createdAt: isoInstant,
  canAcceptChangeRequest: z.boolean(),
  canMakeDecision: z.boolean(),
  purchasePrice: changeField(z.number().int()),
  entryDate: changeField(isoDate),
  contractDate: changeField(isoDate),
  decision: z.enum(["Accepted", "Rejected"]).nullable(),
  decidedAt: isoInstant.nullable(),
  decidedBy: z.string().nullable(),
  rejectedReason: z.string().nullable(),
  additionalAgreement: DocumentViewSchema.nullable(),
  /** Whether the request was made with an additional agreement (it is optional); its document may be gone since. */
  additionalAgreementAttached: z.boolean(),
});

export const MessageViewSchema = z.object({
  id: z.string(),
  recipient: z.enum(MESSAGE_ROLES).nullable(),
  sentBy: z.object({
    firstName: z.string(),
    lastName: z.string(),
    when: isoInstant,
    role: z.enum(MESSAGE_ROLES),
  }),
  body: z.string(),
  replies: z.array(
    z.object({
      id: z.string(),
      sentBy: z.object({
        firstName: z.string(),
        lastName: z.string(),
        when: isoInstant,
        role: z.enum(MESSAGE_ROLES),
      }),
      body: z.string(),
    }),
  ),
  resolved: z.boolean(),
  canResolve: z.boolean(),
});

export const NoteViewSchema = z.object({
  id: z.string(),
  body: z.string(),
  created: isoInstant,
  createdBy: z.string(),
});

export const ProcessStepViewSchema = z.object({
  type: z.enum(PROCESS_STEP_TYPES),
  state: z.enum(PROCESS_STEP_STATES),
  order: z.number().int(),
  finished: z.boolean(),
  information: z.string().nullable(),
});

export const MembershipDecisionViewSchema = z.object({
  decision: z.enum(MEMBERSHIP_DECISIONS),
  decidedBy: z.string(),
  reason: z.string().nullable(),
  date: isoDate,
});

export const TransferReviewSchema = z.object({
  id: z.string(),
  objectId: z.string(),
  objectDescription: z.string(),
  tenantAssociation: z.object({ name: z.string(), organisationNumber: z.string() }),
  transferType: z.enum(TRANSFER_TYPES),
  initiatorRole: z.enum(INITIATOR_ROLES),
  status: z.enum(TRANSFER_STATUSES),
  saleStatus: z.literal("Stopped").nullable(),
  isUnderInvestigation: z.boolean(),
  underInvestigationSince: isoInstant.nullable(),
  partsNotified: z.boolean(),
  expired: z.boolean(),
  transferProcess: z.array(ProcessStepViewSchema),
  membershipDecision: MembershipDecisionViewSchema.nullable(),
  transferSummaryDocument: z.object({ id: z.string(), fileName: z.string() }).nullable(),
  /** The transfer has been sent to the association but its summary is not made yet ("being created"). */
  transferSummaryPending: z.boolean(),
  propertyManager: z.object({ displayName: z.string(), underMaintenance: z.boolean() }),
  intermediary: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      emailAddress: z.string().nullable(),
      officeName: z.string().nullable(),
    })
    .nullable(),
  transferors: z.array(TransferorViewSchema),
  acquirers: z.array(AcquirerViewSchema),
  guarantors: z.array(GuarantorViewSchema),
  actions: z.array(ActionViewSchema(TRANSFER_ACTIONS)),
  runningTasks: z.array(z.enum(RUNNING_TASKS)),
  numberOfMessages: z.number().int().nonnegative(),
  unresolvedMessages: z.number().int().nonnegative(),
  canPostMessage: z.boolean(),
  canRequestAdditionalInformation: z.boolean(),
  /** The note form is shown: the policy offers AddNote, enabled (the use case checks the same). */
  canAddNote: z.boolean(),
  actionIsNeeded: z.boolean(),
  awaitingInfoRequestAnswer: z.boolean(),
  hasDeviations: z.boolean(),
  aborting: z.boolean(),
  agreement: z.object({
    purchasePrice: z.number().int().nullable(),
    entryDate: isoDate.nullable(),
    contractDate: isoDate.nullable(),
  }),
  checks: z.array(z.object({ id: z.string(), type: z.string(), result: z.enum(CHECK_RESULTS) })),
  version: z.number().int().positive(),
  modified: isoInstant,
});

export const TransferListItemSchema = z.object({
  transferId: z.string(),
  objectId: z.string(),
  objectDescription: z.string(),
  tenantAssociation: z.string(),
  address: AddressViewSchema,
  transferType: z.enum(TRANSFER_TYPES),
  initiatorRole: z.enum(INITIATOR_ROLES),
  status: z.enum(TRANSFER_STATUSES),
  actionIsNeeded: z.boolean(),
  awaitingInfoRequestAnswer: z.boolean(),
  modified: isoInstant,
  finalizedAtPropertyManager: z.boolean(),
  hasDeviation: z.boolean(),
  saleStatus: z.literal("Stopped").nullable(),
  underInvestigationSince: isoInstant.nullable(),
  partsNotified: z.boolean(),
  expired: z.boolean(),
  unresolvedMessages: z.number().int().nonnegative(),
  agreement: z.object({ purchasePrice: z.number().int().nullable(), entryDate: isoDate.nullable() }),
  membershipDecision: z.object({ decision: z.enum(MEMBERSHIP_DECISIONS), date: isoDate }).nullable(),
});

const namedPerson = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() });

export const PrivateListItemSchema = z.object({
  id: z.string(),
  objectDescription: z.string(),
  transferors: z.array(namedPerson),
  acquirers: z.array(namedPerson),
  agreement: z.object({ entryDate: isoDate.nullable() }),
  propertyManager: z.object({ displayName: z.string() }),
  transferProcess: z.array(ProcessStepViewSchema),
  tenantAssociation: z.object({ name: z.string() }),
  membershipDecision: z.object({ decision: z.enum(MEMBERSHIP_DECISIONS), date: isoDate }).nullable(),
  actionIsNeeded: z.boolean(),
  saleStatus: z.literal("Stopped").nullable(),
  isUnderInvestigation: z.boolean(),
  initiatorRole: z.enum(INITIATOR_ROLES),
  status: z.enum(TRANSFER_STATUSES),
  modified: isoInstant,
});

export type TransferReview = z.infer<typeof TransferReviewSchema>;
export type TransferListItem = z.infer<typeof TransferListItemSchema>;
export type PrivateListItem = z.infer<typeof PrivateListItemSchema>;
export type AcquirerView = z.infer<typeof AcquirerViewSchema>;
export type TransferorView = z.infer<typeof TransferorViewSchema>;
export type GuarantorView = z.infer<typeof GuarantorViewSchema>;
export type DocumentView = z.infer<typeof DocumentViewSchema>;
export type SupplementView = z.infer<typeof SupplementViewSchema>;
export type ChangeRequestView = z.infer<typeof ChangeRequestViewSchema>;
export type CreditCheckOrderView = z.infer<typeof CreditCheckOrderViewSchema>;
export type MessageView = z.infer<typeof MessageViewSchema>;
export type NoteView = z.infer<typeof NoteViewSchema>;
export type ProcessStepView = z.infer<typeof ProcessStepViewSchema>;
