import { randomUUID } from "node:crypto";
import path from "node:path";
import { getEnv } from "../../platform/env.server";
import { BankIdError } from "./errors.server";
import {
  createTestCa,
  issuePersonCertificate,
  persistentTestCa,
  type IssuedCertificate,
  type Issuer,
} from "./pki.server";
import { verifyQrData } from "./qr.server";
import {
  BankIdSimulatorError,
  orderView,
  simulatedCompletionData,
  type BankIdSimulatorOptions,
  type SimOrder,
  type SimulatedOrderView,
  type TestPerson,
} from "./simulator-support.server";
import { validateOrderRequest } from "./simulator-validation.server";
import type { AuthRequest, BankIdClient, CollectResponse, OrderResponse, SignRequest } from "./types.server";

export {
  BankIdSimulatorError,
  type BankIdSimulatorOptions,
  type SimulatedOrderView,
  type SimulatorErrorCode,
  type TestPerson,
} from "./simulator-support.server";

function invalidParameters(details: string): BankIdError {
  return new BankIdError({ httpStatus: 400, errorCode: "invalidParameters", details });
}

export class BankIdSimulator implements BankIdClient {
  private readonly orders = new Map<string, SimOrder>();
  private readonly people = new Map<string, TestPerson>();
  private readonly now: () => number;
  private readonly orderLifetimeMs: number;
  private readonly startTimeoutMs: number | null;
  private readonly finishedRetentionMs: number;
  private readonly qrMaxAgeSeconds: number;
  private readonly caSource: () => Issuer;
  private ca: Issuer | undefined;
  private readonly certificates = new Map<string, IssuedCertificate>();

  constructor(options: BankIdSimulatorOptions = {}) {
    this.caSource =
      options.ca ?? (() => createTestCa("BankID-simulator Root CA (in memory)", new Date(this.now())));
    this.now = options.now ?? Date.now;
    this.orderLifetimeMs = options.orderLifetimeMs ?? 180_000;
    this.startTimeoutMs = options.startTimeoutMs === undefined ? 30_000 : options.startTimeoutMs;
    this.finishedRetentionMs = options.finishedRetentionMs ?? 5 * 60_000;
    this.qrMaxAgeSeconds = options.qrMaxAgeSeconds ?? 60;
  }

  async auth(req: AuthRequest): Promise<OrderResponse> {
    return this.createOrder("auth", req);
  }

  async sign(req: SignRequest): Promise<OrderResponse> {
    return this.createOrder("sign", req);
  }

  async collect(orderRef: string): Promise<CollectResponse> {
    const order = this.orders.get(orderRef);
    if (!order) throw invalidParameters("No such order");
    this.refresh(order);
    if (order.status === "pending") {
      order.firstCollectAt ??= this.now();
      return { orderRef, status: "pending", hintCode: order.hintCode ?? "outstandingTransaction" };
    }
    if (order.finalCollected) throw invalidParameters("No such order");
    order.finalCollected = true;
    if (order.status === "complete" && order.completionData) {
      return { orderRef, status: "complete", completionData: order.completionData };
    }
    return { orderRef, status: "failed", hintCode: order.hintCode ?? "cancelled" };
  }

  async cancel(orderRef: string): Promise<void> {
    const order = this.orders.get(orderRef);
    if (!order) throw invalidParameters("No such order");
    this.refresh(order);
    if (order.status !== "pending") throw invalidParameters("Order already finished");
    this.finish(order, "failed", "cancelled");
  }

  setTestPeople(people: readonly TestPerson[]): void {
    this.people.clear();
    for (const person of people) {
      if (!/^\d{12}$/.test(person.personalNumber)) {
        throw new TypeError(`Test person needs a 12-digit personal number, got ${person.personalNumber}`);
      }
      this.people.set(person.personalNumber, { ...person });
    }
  }

  testPeople(): TestPerson[] {
    return [...this.people.values()].map((person) => ({ ...person }));
  }

  listPendingOrders(): SimulatedOrderView[] {
    this.prune();
    return [...this.orders.values()]
      .filter((order) => order.status === "pending")
      .map((order) => orderView(order, this.now()));
  }

  order(orderRef: string): SimulatedOrderView | undefined {
    const order = this.orders.get(orderRef);
    if (!order) return undefined;
    this.refresh(order);
    return orderView(order, this.now());
  }

  openWithAutoStartToken(autoStartToken: string, personalNumber: string): SimulatedOrderView {
    const order = [...this.orders.values()].find((candidate) => candidate.autoStartToken === autoStartToken);
    if (!order) throw new BankIdSimulatorError("unknownToken", "No order has this autostart token");
    return this.open(order, personalNumber);
  }

  openWithQrData(scanned: string, personalNumber: string): SimulatedOrderView {
    const byQrToken = (token: string) =>
      [...this.orders.values()].find((candidate) => candidate.qrStartToken === token);
    const result = verifyQrData(
      scanned,
      (token) => {
        const order = byQrToken(token);
        return order && { qrStartSecret: order.qrStartSecret, startedAt: order.createdAt };
      },
      { now: this.now(), maxAgeSeconds: this.qrMaxAgeSeconds },
    );
    if (!result.ok)
      throw new BankIdSimulatorError("invalidQr", `QR code refused: ${result.reason}`, result.reason);
    const order = byQrToken(result.qrStartToken);
    if (!order) throw new BankIdSimulatorError("unknownToken", "No order has this QR token");
    return this.open(order, personalNumber);
  }

  /** The person picks their BankID in the app, which now asks for the security code. */
  chooseIdentity(orderRef: string): SimulatedOrderView {
    const order = this.inApp(orderRef, ["started"]);
    order.hintCode = "userSign";
    return orderView(order, this.now());
  }

  approve(orderRef: string): SimulatedOrderView {
    const order = this.inApp(orderRef, ["started", "userSign"]);
    const person = order.person;
    if (!person) throw new BankIdSimulatorError("notInApp", "Nobody has opened this order");
    order.completionData = simulatedCompletionData(order, person, this.now(), this.pkiFor(person));
    this.finish(order, "complete", undefined);
    return orderView(order, this.now());
  }

  decline(orderRef: string): SimulatedOrderView {
    const order = this.inApp(orderRef, ["started", "userSign"]);
    this.finish(order, "failed", "userCancel");
    return orderView(order, this.now());
  }

  fail(
    orderRef: string,
    hintCode: "startFailed" | "expiredTransaction" | "certificateErr",
  ): SimulatedOrderView {
    const order = this.pendingOrder(orderRef);
    this.finish(order, "failed", hintCode);
    return orderView(order, this.now());
  }

  /** The test CA whose certificates sign this simulator's signatures (the verifier's trusted root). */
  testCa(): Issuer {
    return (this.ca ??= this.caSource());
  }

  /** One certificate per test person, issued by the test CA when they first sign. */
  private pkiFor(person: TestPerson) {
    const ca = this.testCa();
    let personCertificate = this.certificates.get(person.personalNumber);
    if (!personCertificate) {
      personCertificate = issuePersonCertificate(ca, person, new Date(this.now()));
      this.certificates.set(person.personalNumber, personCertificate);
    }
    return { ca, personCertificate };
  }

  /** Forgets every order (tests, or the /dev/bankid page's reset button). */
  reset(): void {
    this.orders.clear();
  }

  private createOrder(kind: "auth" | "sign", input: unknown): OrderResponse {
    this.prune();
    const request = validateOrderRequest(kind, input);
    const required = request.requirement?.personalNumber;
    if (required) {
      const running = [...this.orders.values()].filter(
        (order) =>
          order.status === "pending" &&
          (order.person?.personalNumber === required ||
            order.request.requirement?.personalNumber === required),
      );
      // BankID aborts the running order as well and creates no new one.
      for (const order of running) this.finish(order, "failed", "cancelled");
      if (running.length > 0) {
        throw new BankIdError({
          httpStatus: 400,
          errorCode: "alreadyInProgress",
          details: "Order already in progress for pno",
        });
      }
    }
    const order: SimOrder = {
      orderRef: randomUUID(),
      autoStartToken: randomUUID(),
      qrStartToken: randomUUID(),
      qrStartSecret: randomUUID(),
      kind,
      createdAt: this.now(),
      request,
      status: "pending",
      hintCode: "outstandingTransaction",
      person: undefined,
      firstCollectAt: undefined,
      finishedAt: undefined,
      finalCollected: false,
      completionData: undefined,
    };
    this.orders.set(order.orderRef, order);
    const { orderRef, autoStartToken, qrStartToken, qrStartSecret } = order;
    return { orderRef, autoStartToken, qrStartToken, qrStartSecret };
  }

  private open(order: SimOrder, personalNumber: string): SimulatedOrderView {
    this.refresh(order);
    if (
      order.status !== "pending" ||
      (order.hintCode !== "outstandingTransaction" && order.hintCode !== "noClient")
    ) {
      throw new BankIdSimulatorError("notStartable", "The order has already been started or has finished");
    }
    const person = this.people.get(personalNumber);
    if (!person) throw new BankIdSimulatorError("unknownPerson", "No test person has this personal number");
    const required = order.request.requirement?.personalNumber;
    if (required && required !== personalNumber) {
      throw new BankIdSimulatorError("requirementNotMet", "The order is meant for another person");
    }
    // The app now knows who it is; BankID allows one running order per person and drops the older one.
    for (const other of this.orders.values()) {
      if (other !== order && other.status === "pending" && other.person?.personalNumber === personalNumber) {
        this.finish(other, "failed", "cancelled");
      }
    }
    order.person = { ...person };
    order.hintCode = "started";
    return orderView(order, this.now());
  }

  private pendingOrder(orderRef: string): SimOrder {
    const order = this.orders.get(orderRef);
    if (!order) throw new BankIdSimulatorError("unknownOrder", "No such order");
    this.refresh(order);
    if (order.status !== "pending") throw new BankIdSimulatorError("notInApp", "The order has finished");
    return order;
  }

  private inApp(orderRef: string, hintCodes: readonly string[]): SimOrder {
    const order = this.pendingOrder(orderRef);
    if (!order.hintCode || !hintCodes.includes(order.hintCode)) {
      throw new BankIdSimulatorError(
        "notInApp",
        `The order is ${order.hintCode}, expected ${hintCodes.join(" or ")}`,
      );
    }
    return order;
  }

  private finish(order: SimOrder, status: "complete" | "failed", hintCode: string | undefined): void {
    order.status = status;
    order.hintCode = hintCode;
    order.finishedAt = this.now();
  }

  private refresh(order: SimOrder): void {
    if (order.status !== "pending") return;
    const now = this.now();
    if (now - order.createdAt >= this.orderLifetimeMs) {
      this.finish(order, "failed", "expiredTransaction");
    } else if (
      order.hintCode === "outstandingTransaction" &&
      this.startTimeoutMs !== null &&
      order.firstCollectAt !== undefined &&
      now - order.firstCollectAt >= this.startTimeoutMs
    ) {
      this.finish(order, "failed", "startFailed");
    }
  }

  private prune(): void {
    const now = this.now();
    for (const [orderRef, order] of this.orders) {
      this.refresh(order);
      if (order.finishedAt !== undefined && now - order.finishedAt >= this.finishedRetentionMs) {
        this.orders.delete(orderRef);
      }
    }
  }
}

const GLOBAL_KEY = "__overlatelseportalenBankIdSimulator";

/** One simulator per process, kept on globalThis so that dev-server rebuilds do not lose running orders. */
export function getBankIdSimulator(): BankIdSimulator {
  const store = globalThis as typeof globalThis & { [GLOBAL_KEY]?: BankIdSimulator };
  return (store[GLOBAL_KEY] ??= new BankIdSimulator({
    ca: () => persistentTestCa(path.join(getEnv().dataDir, "bankid-simulator-ca.pem")),
  }));
}
