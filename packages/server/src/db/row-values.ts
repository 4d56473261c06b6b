import type { SelectQueryBuilder } from 'kysely';

/**
 * How many rows `query` (its tables and filters, no columns chosen) finds: `count(*)` as a
 * number, since pg answers a bigint as a string.
 */
export async function countRows<DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, object>,
): Promise<number> {
  const row = await query
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .$castTo<{ n: string }>()
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The value of the one column `query` selects (or returns) in its first row; undefined without
 * a row. For the many lookups of one field by a key.
 */
export async function firstValue<V>(query: {
  executeTakeFirst(): Promise<Readonly<Record<string, V>> | undefined>;
}): Promise<V | undefined> {
  const row = await query.executeTakeFirst();
  return row === undefined ? undefined : Object.values(row)[0];
}

/** Runs a delete; answers whether it deleted any row. */
export async function deletedAny(query: {
  executeTakeFirst(): Promise<{ numDeletedRows: bigint }>;
}): Promise<boolean> {
  return (await query.executeTakeFirst()).numDeletedRows > 0n;
}
