import crypto from "node:crypto";
import type { Insertable } from "kysely";
import type { Db } from "../../db/kysely.server";
import type { TransferPartiesTable } from "../../db/schema.server";

type NewPartyRow = Insertable<TransferPartiesTable>;

/** What a party starts without: contact details, address, shares, membership and the payment notice. */
const EMPTY = {
  email: null,
  phone: null,
  street: null,
  postal_code: null,
  city: null,
  country: null,
  owner_share_numerator: null,
  owner_share_denominator: null,
  transfer_share_numerator: null,
  transfer_share_denominator: null,
  membership_status: null,
  is_payment_notice_recipient: 0,
} as const satisfies Partial<NewPartyRow>;

type Optional = keyof typeof EMPTY;

/**
 * Adds a party (a transferor, an acquirer or a guarantor) to a transfer, in the caller's transaction: what it does
 * not name starts empty. Returns the party's new id.
 */
export async function insertParty(
  trx: Db,
  party: Omit<NewPartyRow, "id" | Optional> & Partial<Pick<NewPartyRow, Optional>>,
): Promise<string> {
  const id = crypto.randomUUID();
  await trx
    .insertInto("transfer_parties")
    .values({ ...EMPTY, ...party, id })
    .execute();
  return id;
}
