import type { ColumnType } from 'kysely';

/** A timestamp column: read as a Date, written as a Date or an ISO string. */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp column with a database default (optional on insert). */
export type TimestampDefault = ColumnType<Date, Date | string | undefined, Date | string>;
