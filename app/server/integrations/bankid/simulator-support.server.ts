import { createHash } from "node:crypto";
import { qrData, qrSecondsSince, type QrRejection } from "./qr.server";
import { ocspResponse, type Issuer, type IssuedCertificate } from "./pki.server";
import { xmlDsigSignature } from "./signature.server";
import type { ValidOrderRequest } from "./simulator-validation.server";
import type { CollectStatus, CompletionData, OrderResponse } from "./types.server";

export interface TestPerson {
  personalNumber: string;
  givenName: string;
  surname: string;
}

export type SimulatorErrorCode =
  | "unknownToken"
  | "invalidQr"
  | "unknownOrder"
  | "unknownPerson"
  | "notStartable"
  | "notInApp"
  | "requirementNotMet";

/** A refusal by the simulated BankID app (the /dev/bankid page shows it); not an RP API error. */
export class BankIdSimulatorError extends Error {
  override readonly name = "BankIdSimulatorError";
  constructor(
    readonly code: SimulatorErrorCode,
    message: string,
    readonly qrRejection?: QrRejection,
  ) {
    super(message);
  }
}

export interface BankIdSimulatorOptions {
  now?: () => number;
  /** A pending order fails with expiredTransaction this long after it was created. */
  orderLifetimeMs?: number;
  /**
   * An order nobody opened fails with startFailed this long after the RP first collected it; null
   * disables. BankID gives about 30 s once the QR code is displayed. The simulator cannot see whether
   * the RP draws a QR code or launches the app, but every RP starts polling collect as soon as it shows
   * either, so the first collect is the closest observable moment. Orders that are never collected
   * only expire (orderLifetimeMs).
   */
  startTimeoutMs?: number | null;
  /** Finished orders are forgotten this long after they finished, which keeps the Map bounded. */
  finishedRetentionMs?: number;
  /** How old a scanned QR code may be; generous because on /dev/bankid a person copies it by hand. */
  qrMaxAgeSeconds?: number;
  /**
   * The test CA that issues the test people's certificates and signs the OCSP answers (decision 028); made in
   * memory on first use when not given. The process's simulator keeps it under DATA_DIR.
   */
  ca?: () => Issuer;
}

export interface SimulatedOrderView {
  orderRef: string;
  kind: "auth" | "sign";
  status: CollectStatus;
  hintCode: string | undefined;
  /** The app has been opened for this order (autostart token or QR scan). */
  started: boolean;
  createdAt: number;
  autoStartToken: string;
  /** The animated QR content as the RP page would show it right now. */
  currentQrData: string;
  userVisibleData: string | undefined;
  userVisibleDataFormat: "simpleMarkdownV1" | undefined;
  person: TestPerson | undefined;
}

const DAY_MS = 86_400_000;

function stableNumber(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0);
}

/**
 * completionData as BankID returns it; issue date and uhi are stable per person. The signature is a real XML-DSig
 * signature by the person's test certificate, the OCSP answer a real one signed by the test CA.
 */
export function simulatedCompletionData(
  order: SimOrder,
  person: TestPerson,
  now: number,
  pki: { ca: Issuer; personCertificate: IssuedCertificate },
): CompletionData {
  const name = `${person.givenName} ${person.surname}`;
  const { endUserIp, userVisibleData, userNonVisibleData } = order.request;
  return {
    user: {
      personalNumber: person.personalNumber,
      name,
      givenName: person.givenName,
      surname: person.surname,
    },
    device: {
      ipAddress: endUserIp,
      uhi: createHash("sha256").update(`uhi:${person.personalNumber}`).digest("base64url").slice(0, 27),
    },
    bankIdIssueDate: new Date(now - (90 + (stableNumber(person.personalNumber) % 1500)) * DAY_MS)
      .toISOString()
      .slice(0, 10),
    signature: xmlDsigSignature({
      orderRef: order.orderRef,
      personalNumber: person.personalNumber,
      name,
      ipAddress: endUserIp,
      userVisibleData,
      userNonVisibleData,
      signedAt: now,
      privateKey: pki.personCertificate.privateKey,
      chain: [pki.personCertificate.certificate, pki.ca.certificate],
    }),
    ocspResponse: ocspResponse({
      certificate: pki.personCertificate.certificate,
      issuer: pki.ca.certificate,
      signer: pki.ca,
      producedAt: new Date(now),
    }),
  };
}

export interface SimOrder extends OrderResponse {
  kind: "auth" | "sign";
  createdAt: number;
  request: ValidOrderRequest;
  status: CollectStatus;
  hintCode: string | undefined;
  person: TestPerson | undefined;
  firstCollectAt: number | undefined;
  finishedAt: number | undefined;
  finalCollected: boolean;
  completionData: CompletionData | undefined;
}

export function orderView(order: SimOrder, now: number): SimulatedOrderView {
  const { userVisibleData, userVisibleDataFormat } = order.request;
  return {
    orderRef: order.orderRef,
    kind: order.kind,
    status: order.status,
    hintCode: order.hintCode,
    started: order.person !== undefined,
    createdAt: order.createdAt,
    autoStartToken: order.autoStartToken,
    currentQrData: qrData(order.qrStartToken, order.qrStartSecret, qrSecondsSince(order.createdAt, now)),
    userVisibleData:
      userVisibleData === undefined ? undefined : Buffer.from(userVisibleData, "base64").toString("utf8"),
    userVisibleDataFormat,
    person: order.person && { ...order.person },
  };
}
