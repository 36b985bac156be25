// Request and response shapes of the BankID Relying Party API v6.0 (auth, sign, collect, cancel).

export interface BankIdRequirement {
  pinCode?: boolean;
  mrtd?: boolean;
  cardReader?: "class1" | "class2";
  certificatePolicies?: string[];
  /** 12 digits (YYYYMMDDNNNN); only this person may pick the order up. */
  personalNumber?: string;
}

export interface BankIdWebInfo {
  referringDomain?: string;
  userAgent?: string;
  deviceIdentifier?: string;
}

export interface BankIdAppInfo {
  appIdentifier?: string;
  deviceOS?: string;
  deviceModelName?: string;
  deviceIdentifier?: string;
}

export interface AuthRequest {
  /** The end user's IP address as seen by our server. */
  endUserIp: string;
  requirement?: BankIdRequirement;
  /** Base64 of UTF-8 text, at most 1,500 characters once encoded. */
  userVisibleData?: string;
  userVisibleDataFormat?: "simpleMarkdownV1";
  /** Base64, never shown to the user. */
  userNonVisibleData?: string;
  /** Where the app sends the user back on the same device; at most 512 characters. */
  returnUrl?: string;
  returnRisk?: boolean;
  web?: BankIdWebInfo;
  app?: BankIdAppInfo;
}

export interface SignRequest extends Omit<AuthRequest, "userVisibleData"> {
  /** Base64 of the UTF-8 text the person signs, at most 40,000 characters once encoded. */
  userVisibleData: string;
}

export interface OrderResponse {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

export type CollectStatus = "pending" | "failed" | "complete";

export const PENDING_HINT_CODES = [
  "outstandingTransaction",
  "noClient",
  "started",
  "userMrtd",
  "userCallConfirm",
  "userSign",
] as const;
export type PendingHintCode = (typeof PENDING_HINT_CODES)[number];

export const FAILED_HINT_CODES = [
  "expiredTransaction",
  "certificateErr",
  "userCancel",
  "cancelled",
  "startFailed",
  "userDeclinedCall",
  "notSupportedByUserApp",
  "transactionRiskBlocked",
] as const;
export type FailedHintCode = (typeof FAILED_HINT_CODES)[number];

/** BankID may add hint codes at any time; callers must treat unknown ones generically. */
// `string & {}` keeps editor completion for the known codes.
export type UnknownHintCode = string & {};

export interface CompletionUser {
  personalNumber: string;
  name: string;
  givenName: string;
  surname: string;
}

export interface CompletionDevice {
  ipAddress: string;
  uhi?: string;
}

export interface CompletionData {
  user: CompletionUser;
  device: CompletionDevice;
  /** A date; only the first 10 characters (YYYY-MM-DD) are reliable. */
  bankIdIssueDate: string;
  stepUp?: { mrtd: boolean };
  /** Base64 XML that holds the userVisibleData that was signed. Keep for audit. */
  signature: string;
  /** Base64 OCSP response. Keep for audit. */
  ocspResponse: string;
  risk?: string;
}

export type CollectResponse =
  | { orderRef: string; status: "pending"; hintCode: PendingHintCode | UnknownHintCode }
  | { orderRef: string; status: "failed"; hintCode: FailedHintCode | UnknownHintCode }
  | { orderRef: string; status: "complete"; completionData: CompletionData };

export interface BankIdClient {
  auth(req: AuthRequest): Promise<OrderResponse>;
  sign(req: SignRequest): Promise<OrderResponse>;
  collect(orderRef: string): Promise<CollectResponse>;
  cancel(orderRef: string): Promise<void>;
}
