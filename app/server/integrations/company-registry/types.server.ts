export const BOARD_ROLES = ["Chair", "Member", "Deputy"] as const;

export type BoardRole = (typeof BOARD_ROLES)[number];

/** A person's seat on an association's board as the registry holds it. */
export interface BoardEngagement {
  /** 10 digits, no dash. */
  organisationNumber: string;
  associationName: string;
  role: BoardRole;
  /** ISO date (YYYY-MM-DD), the first day on the board. */
  from: string;
  /** ISO date, the last day on the board; null while the engagement lasts. */
  to: string | null;
}

export interface BoardMember {
  /** 12 digits. */
  personalNumber: string;
  givenName: string;
  surname: string;
  role: BoardRole;
}

export interface Association {
  organisationNumber: string;
  name: string;
  /** The current board only. */
  board: BoardMember[];
}

export interface CompanyRegistryClient {
  /**
   * The associations whose board lists the person today. Ended and not yet started engagements are left
   * out, so an empty list means "not a board member anywhere".
   */
  boardEngagements(personalNumber: string): Promise<BoardEngagement[]>;
  /** The association and its current board, or null when the registry does not know the number. */
  association(organisationNumber: string): Promise<Association | null>;
}

export type CompanyRegistryErrorKind = "unavailable" | "invalidRequest" | "unknown";

/**
 * Every failure of a registry call. `unavailable` (outage, timeout, 5xx) is worth trying again later;
 * `invalidRequest` means our input was wrong; `unknown` covers answers we cannot use (malformed
 * responses, rejected credentials), which retrying will not fix.
 */
export class CompanyRegistryError extends Error {
  override readonly name = "CompanyRegistryError";
  readonly kind: CompanyRegistryErrorKind;
  readonly retryable: boolean;
  readonly httpStatus: number | null;

  constructor(
    kind: CompanyRegistryErrorKind,
    message: string,
    options: { httpStatus?: number; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.retryable = kind === "unavailable";
    this.httpStatus = options.httpStatus ?? null;
  }
}
