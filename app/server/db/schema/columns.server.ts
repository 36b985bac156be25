import type { ColumnType } from "kysely";

/**
 * Table types, written once and used by every query.
 * Portable column conventions (see docs/decisions/003-portable-database-schema.md):
 * text ids, ISO-8601 UTC text timestamps, integer 0/1 flags.
 */
export type Flag = ColumnType<number, number | undefined, number>;
export type Timestamp = ColumnType<string, string | undefined, string>;
/** A column with a database default: optional on insert. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
