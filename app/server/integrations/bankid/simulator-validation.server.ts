import { isIP } from "node:net";
import { BankIdError } from "./errors.server";
import type { BankIdRequirement } from "./types.server";

// BankID's documented limits on the encoded (base64) length. For /auth both texts are limited to 1,500
// characters; /sign allows 40,000 visible and 200,000 non-visible.
export const LIMITS = {
  auth: { userVisibleData: 1_500, userNonVisibleData: 1_500 },
  sign: { userVisibleData: 40_000, userNonVisibleData: 200_000 },
} as const;

export interface ValidOrderRequest {
  endUserIp: string;
  userVisibleData: string | undefined;
  userVisibleDataFormat: "simpleMarkdownV1" | undefined;
  userNonVisibleData: string | undefined;
  requirement: BankIdRequirement | undefined;
  returnUrl: string | undefined;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function invalid(details: string): BankIdError {
  return new BankIdError({ httpStatus: 400, errorCode: "invalidParameters", details });
}

function optionalBase64(body: Record<string, unknown>, field: string, max: number): string | undefined {
  const value = body[field];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "" || !BASE64.test(value)) throw invalid(`Invalid ${field}`);
  if (value.length > max) throw invalid(`Invalid ${field}: longer than ${max} characters`);
  return value;
}

function validRequirement(value: unknown): BankIdRequirement | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw invalid("Invalid requirement");
  const req = value as Record<string, unknown>;
  for (const flag of ["pinCode", "mrtd"] as const) {
    if (req[flag] !== undefined && typeof req[flag] !== "boolean")
      throw invalid(`Invalid requirement.${flag}`);
  }
  if (req.cardReader !== undefined && req.cardReader !== "class1" && req.cardReader !== "class2") {
    throw invalid("Invalid requirement.cardReader");
  }
  if (
    req.certificatePolicies !== undefined &&
    !(Array.isArray(req.certificatePolicies) && req.certificatePolicies.every((p) => typeof p === "string"))
  ) {
    throw invalid("Invalid requirement.certificatePolicies");
  }
  if (
    req.personalNumber !== undefined &&
    !(typeof req.personalNumber === "string" && /^\d{12}$/.test(req.personalNumber))
  ) {
    throw invalid("Invalid requirement.personalNumber");
  }
  return req as BankIdRequirement;
}

/** Checks an /auth or /sign body like BankID does; throws BankIdError invalidParameters otherwise. */
export function validateOrderRequest(kind: "auth" | "sign", input: unknown): ValidOrderRequest {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    throw invalid("Invalid request body");
  const body = input as Record<string, unknown>;
  if (typeof body.endUserIp !== "string" || isIP(body.endUserIp) === 0) throw invalid("Invalid endUserIp");

  const limits = LIMITS[kind];
  const userVisibleData = optionalBase64(body, "userVisibleData", limits.userVisibleData);
  if (kind === "sign" && userVisibleData === undefined) throw invalid("Missing userVisibleData");
  const userNonVisibleData = optionalBase64(body, "userNonVisibleData", limits.userNonVisibleData);

  const format = body.userVisibleDataFormat;
  if (format !== undefined && format !== "simpleMarkdownV1") throw invalid("Invalid userVisibleDataFormat");
  if (format !== undefined && userVisibleData === undefined)
    throw invalid("userVisibleDataFormat without userVisibleData");

  const returnUrl = body.returnUrl;
  if (
    returnUrl !== undefined &&
    !(typeof returnUrl === "string" && returnUrl.length <= 512 && URL.canParse(returnUrl))
  ) {
    throw invalid("Invalid returnUrl");
  }

  return {
    endUserIp: body.endUserIp,
    userVisibleData,
    userVisibleDataFormat: format,
    userNonVisibleData,
    requirement: validRequirement(body.requirement),
    returnUrl,
  };
}
