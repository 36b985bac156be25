import type { ClientRequest } from "node:http";
import https from "node:https";
import { setTimeout as sleep } from "node:timers/promises";
import { BankIdError, errorFromResponse, timeoutError, transportError } from "./errors.server";
import type {
  AuthRequest,
  BankIdClient,
  CollectResponse,
  CompletionData,
  OrderResponse,
  SignRequest,
} from "./types.server";

export interface HttpBankIdClientOptions {
  /** For example https://appapi2.test.bankid.com/rp/v6.0 */
  baseUrl: string;
  /** The relying party certificate and key (PKCS#12). */
  pfx: Buffer;
  passphrase: string;
  /** BankID's SSL root CA for the environment (PEM); the only certificate trusted for the server. */
  ca: Buffer | string;
  /** Deadline for one HTTP call, connection included. */
  timeoutMs?: number;
  /** How many times a 503 maintenance answer is retried before it is reported. */
  maintenanceRetries?: number;
  /** Delay before retry n (1-based) is retryBackoffMs * 2^(n-1). */
  retryBackoffMs?: number;
}

const MAX_RESPONSE_BYTES = 5 * 1024 * 1024;

export interface HttpBankIdClient extends BankIdClient {
  /** Closes the kept-alive connections. */
  close(): void;
}

export function createHttpBankIdClient(options: HttpBankIdClientOptions): HttpBankIdClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maintenanceRetries = options.maintenanceRetries ?? 2;
  const retryBackoffMs = options.retryBackoffMs ?? 500;
  // Supplying `ca` replaces Node's bundled public roots, so only BankID's own root CA is trusted.
  const agent = new https.Agent({
    pfx: options.pfx,
    passphrase: options.passphrase,
    ca: options.ca,
    keepAlive: true,
    minVersion: "TLSv1.2",
  });

  async function call(endpoint: string, body: unknown): Promise<unknown> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await post(endpoint, body);
      } catch (error) {
        if (error instanceof BankIdError && error.retryable && attempt < maintenanceRetries) {
          await sleep(retryBackoffMs * 2 ** attempt);
          continue;
        }
        throw error;
      }
    }
  }

  function post(endpoint: string, body: unknown): Promise<unknown> {
    const payload = Buffer.from(JSON.stringify(body), "utf8");
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        outcome();
      };
      let req: ClientRequest | undefined = undefined;
      const timer = setTimeout(() => {
        settle(() => reject(timeoutError(timeoutMs)));
        req?.destroy();
      }, timeoutMs);
      req = https.request(
        `${baseUrl}/${endpoint}`,
        {
          method: "POST",
          agent,
          headers: {
            "Content-Type": "application/json",
            "Content-Length": payload.length,
            Accept: "application/json",
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_RESPONSE_BYTES) {
              res.destroy();
              settle(() =>
                reject(
                  transportError(new Error(`answer from BankID larger than ${MAX_RESPONSE_BYTES} bytes`)),
                ),
              );
              return;
            }
            chunks.push(chunk);
          });
          res.on("error", (error) => settle(() => reject(transportError(error))));
          res.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            const status = res.statusCode ?? 0;
            if (status !== 200) return settle(() => reject(errorFromResponse(status, text)));
            try {
              const json: unknown = JSON.parse(text);
              settle(() => resolve(json));
            } catch {
              settle(() =>
                reject(
                  new BankIdError({ httpStatus: status, errorCode: "unknown", details: `not JSON: ${text}` }),
                ),
              );
            }
          });
        },
      );
      req.on("error", (error) => settle(() => reject(transportError(error))));
      req.end(payload);
    });
  }

  return {
    async auth(req: AuthRequest) {
      return asOrderResponse(await call("auth", req));
    },
    async sign(req: SignRequest) {
      return asOrderResponse(await call("sign", req));
    },
    async collect(orderRef: string) {
      return asCollectResponse(await call("collect", { orderRef }));
    },
    async cancel(orderRef: string) {
      await call("cancel", { orderRef });
    },
    close() {
      agent.destroy();
    },
  };
}

function unexpected(what: string, value: unknown): BankIdError {
  return new BankIdError({
    httpStatus: 200,
    errorCode: "unknown",
    details: `unexpected ${what} answer: ${JSON.stringify(value)}`,
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function hasStrings<K extends string>(
  value: unknown,
  keys: readonly K[],
): value is Record<string, unknown> & Record<K, string> {
  return isRecord(value) && keys.every((key) => typeof value[key] === "string");
}

function asOrderResponse(value: unknown): OrderResponse {
  if (!hasStrings(value, ["orderRef", "autoStartToken", "qrStartToken", "qrStartSecret"] as const)) {
    throw unexpected("order", value);
  }
  const { orderRef, autoStartToken, qrStartToken, qrStartSecret } = value;
  return { orderRef, autoStartToken, qrStartToken, qrStartSecret };
}

function asCollectResponse(value: unknown): CollectResponse {
  if (!hasStrings(value, ["orderRef", "status"] as const)) throw unexpected("collect", value);
  const { orderRef, status } = value;
  if (status === "pending" || status === "failed") {
    if (!hasStrings(value, ["hintCode"] as const)) throw unexpected("collect", value);
    return status === "pending"
      ? { orderRef, status, hintCode: value.hintCode }
      : { orderRef, status, hintCode: value.hintCode };
  }
  if (status !== "complete" || !isRecord(value.completionData)) throw unexpected("collect", value);
  const data = value.completionData;
  const { user, device } = data;
  if (
    !hasStrings(user, ["personalNumber", "name", "givenName", "surname"] as const) ||
    !hasStrings(device, ["ipAddress"] as const) ||
    !hasStrings(data, ["bankIdIssueDate", "signature", "ocspResponse"] as const)
  ) {
    throw unexpected("collect", value);
  }
  const completionData: CompletionData = {
    user: {
      personalNumber: user.personalNumber,
      name: user.name,
      givenName: user.givenName,
      surname: user.surname,
    },
    device: { ipAddress: device.ipAddress, ...(typeof device.uhi === "string" ? { uhi: device.uhi } : {}) },
    bankIdIssueDate: data.bankIdIssueDate,
    signature: data.signature,
    ocspResponse: data.ocspResponse,
  };
  if (isRecord(data.stepUp) && typeof data.stepUp.mrtd === "boolean")
    completionData.stepUp = { mrtd: data.stepUp.mrtd };
  if (typeof data.risk === "string") completionData.risk = data.risk;
  return { orderRef, status, completionData };
}
