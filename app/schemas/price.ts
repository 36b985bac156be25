/**
 * The highest purchase price taken anywhere (the application form, agreement change requests): nine digits. The price
 * columns are `integer`, which PostgreSQL keeps in 32 bits (at most 2 147 483 647), so a higher value must be a
 * Swedish 400 and not a database error. No tenant-owned apartment costs a billion kronor.
 */
export const MAX_PURCHASE_PRICE = 999_999_999;
