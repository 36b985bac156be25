/**
 * HTTP client for the company registry.
 *
 * Bolagsverket's own APIs (board members of economic associations included) are reached only through an
 * agreement-specific gateway: the agreement decides the endpoint, the credentials and the data shape.
 * This client therefore does not speak Bolagsverket directly but the product's gateway contract below,
 * which the gateway operator implements in front of whatever the agreement gives.
 *
 * Every request carries `Authorization: Bearer {COMPANY_REGISTRY_TOKEN}` and `Accept: application/json`.
 *
 *   GET {base}/persons/{personalNumber, 12 digits}/board-engagements
 *     200 { "engagements": [{ "organisationNumber": "7428877166", "associationName": "Brf Kvarnen 3",
 *           "role": "Chair" | "Member" | "Deputy", "from": "2019-05-20", "to": "2024-05-19" | null }] }
 *         A person without engagements gets 200 with an empty list, never 404. The list may include
 *         ended engagements (`to` is the last day on the board); the client keeps the current ones.
 *
 *   GET {base}/organisations/{organisationNumber, 10 digits}
 *     200 { "organisationNumber": "7428877166", "name": "Bostadsrättsföreningen Kvarnen 3",
 *           "board": [{ "personalNumber": "196803142428", "givenName": "Karin", "surname": "Lindqvist",
 *                       "role": "Chair", "from": "2019-05-20", "to": null }] }
 *     404 when the registry has no such organisation.
 *
 * Answers: 400/422 -> invalidRequest; 408, 429, 5xx, network failure and timeout -> unavailable
 * (retryable); anything else, including an answer that does not match the contract -> unknown.
 */
import * as z from "zod";
import { callJson, checkedAnswer, type ContractAnswer, type JsonCall } from "../contract.server";
import {
  isCurrentOn,
  isIsoDate,
  normalizeOrganisationNumber,
  normalizePersonalNumber,
  todayInSweden,
} from "./rules.server";
import {
  BOARD_ROLES,
  CompanyRegistryError,
  type CompanyRegistryErrorKind,
  type Association,
  type BoardEngagement,
  type CompanyRegistryClient,
} from "./types.server";

export interface HttpCompanyRegistryOptions {
  /** For example https://registry-gateway.example.se/v1 */
  baseUrl: string;
  token: string;
  /** Deadline for one call, reading the body included. */
  timeoutMs?: number;
  now?: () => Date;
}

const isoDate = z.string().refine(isIsoDate, "expected YYYY-MM-DD");
const role = z.enum(BOARD_ROLES);
const period = { from: isoDate, to: isoDate.nullable() };

const engagementsResponse = z.object({
  engagements: z.array(
    z.object({
      organisationNumber: z.string().regex(/^\d{10}$/),
      associationName: z.string().min(1),
      role,
      ...period,
    }),
  ),
});

const organisationResponse = z.object({
  organisationNumber: z.string().regex(/^\d{10}$/),
  name: z.string().min(1),
  board: z.array(
    z.object({
      personalNumber: z.string().regex(/^\d{12}$/),
      givenName: z.string(),
      surname: z.string(),
      role,
      ...period,
    }),
  ),
});

export function createHttpCompanyRegistryClient(options: HttpCompanyRegistryOptions): CompanyRegistryClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 10_000;
  const now = options.now ?? (() => new Date());

  const fail = (
    kind: CompanyRegistryErrorKind,
    message: string,
    extra: { httpStatus?: number; cause?: unknown } = {},
  ) => new CompanyRegistryError(kind, message, extra);
  const transport: JsonCall<CompanyRegistryErrorKind> = {
    baseUrl,
    token: options.token,
    timeoutMs,
    who: "The company registry",
    fail,
    verdict(status) {
      if (status === 404) return "noBody";
      if (status === 400 || status === 422)
        return { kind: "invalidRequest", message: `The registry rejected the request (${status})` };
      if (status === 408 || status === 429 || status >= 500)
        return { kind: "unavailable", message: `The registry answered ${status}` };
      if (status !== 200) return { kind: "unknown", message: `Unexpected answer ${status}` };
      return "body";
    },
  };
  const get = (path: string): Promise<ContractAnswer> => callJson(transport, "GET", path, undefined);

  const parse = <T>(schema: z.ZodType<T>, body: unknown): T =>
    checkedAnswer(schema, { status: 200, body }, (message, httpStatus) =>
      fail("unknown", message, { httpStatus }),
    );

  return {
    async boardEngagements(personalNumber: string): Promise<BoardEngagement[]> {
      const pnr = normalizePersonalNumber(personalNumber, now());
      const { status, body } = await get(`/persons/${encodeURIComponent(pnr)}/board-engagements`);
      if (status === 404) {
        // The contract answers an unknown person with an empty list; a 404 means a wrong base URL or
        // a broken gateway, and reading it as "no engagements" would strip every board member's access.
        throw new CompanyRegistryError("unknown", "The registry answered 404 for a person", {
          httpStatus: 404,
        });
      }
      const today = todayInSweden(now());
      return parse(engagementsResponse, body).engagements.filter((e) => isCurrentOn(e, today));
    },

    async association(organisationNumber: string): Promise<Association | null> {
      const orgnr = normalizeOrganisationNumber(organisationNumber);
      const { status, body } = await get(`/organisations/${encodeURIComponent(orgnr)}`);
      if (status === 404) return null;
      const organisation = parse(organisationResponse, body);
      if (organisation.organisationNumber !== orgnr) {
        throw new CompanyRegistryError("unknown", "The registry answered for another organisation", {
          httpStatus: status,
        });
      }
      const today = todayInSweden(now());
      return {
        organisationNumber: orgnr,
        name: organisation.name,
        board: organisation.board
          .filter((member) => isCurrentOn(member, today))
          .map(({ personalNumber, givenName, surname, role }) => ({
            personalNumber,
            givenName,
            surname,
            role,
          })),
      };
    },
  };
}
