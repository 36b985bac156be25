/**
 * The HTTP client of one property-manager system; the contract it speaks is docs/property-manager-api.md.
 * Every call carries `Authorization: Bearer {token}` and `Accept: application/json`, and must be answered,
 * body included, within the timeout. 400/422 -> invalidRequest; 404 -> notFound (getObject: null);
 * 408, 429, 5xx, network failure, timeout and the caller's abort -> unavailable; anything else, and an
 * answer outside the contract -> unknown.
 */
import * as z from "zod";
import { callJson, checkedAnswer, type ContractAnswer, type JsonCall } from "../contract.server";
import { IDENTIFIER_TYPES } from "~/lib/identifier";
import { normalizeIdentifierForSearch, normalizeSearchQuery } from "./query.server";
import {
  PropertyManagerError,
  type ObjectSearchAnswer,
  type ObjectSearchQuery,
  type PropertyManagerSystem,
  type PropertyObject,
  type TransferCase,
  type TransferCaseRequest,
} from "./types.server";

export interface HttpPropertyManagerOptions {
  providerId: string;
  /** For example https://api.simpleko.example/portal/v1 */
  baseUrl: string;
  token: string;
  /** Deadline for one call, reading the body included. */
  timeoutMs?: number;
  now?: () => Date;
}

const fractionSchema = z.object({
  numerator: z.number().int().positive(),
  denominator: z.number().int().positive(),
});
const identifierSchema = z.object({ type: z.enum(IDENTIFIER_TYPES), value: z.string().min(1) });
const objectSchema = z.object({
  objectId: z.string().min(1),
  managerId: z.string().min(1),
  objectNumber: z.string(),
  name: z.string().min(1),
  description: z.string(),
  association: z.object({ organisationNumber: z.string().regex(/^\d{10}$/), name: z.string().min(1) }),
  address: z.object({ street: z.string(), postalCode: z.string(), city: z.string(), country: z.string() }),
  underMaintenance: z.boolean(),
  rules: z.object({ requirePhoneNumber: z.boolean(), requireEmail: z.boolean() }),
  owners: z
    .array(
      z.object({
        identifier: identifierSchema,
        firstName: z.string(),
        lastName: z.string(),
        share: fractionSchema,
      }),
    )
    .min(1),
});
const searchSchema = z.object({ objects: z.array(objectSchema), complete: z.boolean() });
const caseSchema = z.object({ caseId: z.string().min(1) });

type Answer = ContractAnswer;

export function createHttpPropertyManager(options: HttpPropertyManagerOptions): PropertyManagerSystem {
  const { providerId, token } = options;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 5_000;
  const now = options.now ?? (() => new Date());
  const fail = (
    kind: PropertyManagerError["kind"],
    message: string,
    extra: { httpStatus?: number; cause?: unknown } = {},
  ) => new PropertyManagerError(providerId, kind, message, extra);

  const transport: JsonCall<PropertyManagerError["kind"]> = {
    baseUrl,
    token,
    timeoutMs,
    who: "The system",
    fail,
    verdict(status) {
      if (status === 400 || status === 422)
        return { kind: "invalidRequest", message: `The system refused the request (${status})` };
      if (status === 404) return "noBody";
      if (status === 408 || status === 429 || status >= 500)
        return { kind: "unavailable", message: `The system answered ${status}` };
      if (status !== 200 && status !== 201)
        return { kind: "unknown", message: `Unexpected answer ${status}` };
      return "body";
    },
  };
  const call = (method: string, path: string, body: unknown, signal?: AbortSignal): Promise<Answer> =>
    callJson(transport, method, path, body, { signal });

  const parse = <T>(schema: z.ZodType<T>, answer: Answer): T =>
    checkedAnswer(schema, answer, (message, httpStatus) => fail("unknown", message, { httpStatus }));

  function toObject(o: z.infer<typeof objectSchema>): PropertyObject {
    const { managerId, ...rest } = o;
    return { ...rest, providerId, tenantId: managerId };
  }

  const objectPath = (objectId: string) => `/objects/${encodeURIComponent(objectId)}`;

  return {
    providerId,

    async searchObjects(
      query: ObjectSearchQuery,
      callOptions: { signal?: AbortSignal } = {},
    ): Promise<ObjectSearchAnswer> {
      const normalized = normalizeSearchQuery(query, providerId, now());
      const answer = await call("POST", "/objects/search", normalized, callOptions.signal);
      // Search answers an owner without objects with an empty list; 404 means a wrong base URL.
      if (answer.status === 404)
        throw fail("unknown", "The system answered 404 to a search", { httpStatus: 404 });
      const { objects, complete } = parse(searchSchema, answer);
      return { objects: objects.map(toObject), complete };
    },

    async getObject(
      objectId: string,
      callOptions: { signal?: AbortSignal } = {},
    ): Promise<PropertyObject | null> {
      if (!objectId.trim()) throw fail("invalidRequest", "An object id is required");
      const answer = await call("GET", objectPath(objectId), undefined, callOptions.signal);
      if (answer.status === 404) return null;
      const object = parse(objectSchema, answer);
      if (object.objectId !== objectId)
        throw fail("unknown", "The system answered for another object", { httpStatus: answer.status });
      return toObject(object);
    },

    async createTransferCase(
      request: TransferCaseRequest,
      callOptions: { signal?: AbortSignal } = {},
    ): Promise<TransferCase> {
      if (!request.objectId.trim() || !request.transferId.trim()) {
        throw fail("invalidRequest", "A case needs an object id and a transfer id");
      }
      const transferors = request.transferors.map((t) => ({
        identifier: normalizeIdentifierForSearch(t.identifier, providerId, now()),
        share: t.share,
      }));
      const answer = await call(
        "PUT",
        `${objectPath(request.objectId)}/transfer-cases/${encodeURIComponent(request.transferId)}`,
        { transferors },
        callOptions.signal,
      );
      if (answer.status === 404)
        throw fail("notFound", "The system does not know the object", { httpStatus: 404 });
      return parse(caseSchema, answer);
    },
  };
}
