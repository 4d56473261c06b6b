import { queryFlagSchema } from '@app/shared/query/query-flag';
import { defineQuerySpec } from '@app/shared/query/query-spec';
import { sql, type Kysely } from 'kysely';
import { defineQueryResource } from './define-query-resource.ts';

/** A table of the test's own, shaped like the news and prompt tables the language will serve. */
export type ItemsTables = {
  query_test_items: {
    id: number;
    name: string;
    price: number | null;
    qty: number;
    created_at: Date | null;
    tags: string[] | null;
    ai: unknown;
    experiment: string | null;
    is_blocked: boolean;
    status: string | null;
  };
};

/** The instant relative dates count back from in these tests. */
export const NOW = new Date('2025-06-15T12:00:00Z');
const DAY_MS = 24 * 3600_000;

/** The allowlist of the test table, one field of each type and source. */
export const itemSpec = defineQuerySpec({
  fields: {
    id: { type: 'integer', sortable: true },
    name: { type: 'string', sortable: true },
    price: { type: 'number', sortable: true },
    qty: { type: 'integer' },
    creation_date: { type: 'date', sortable: true },
    tags: { type: 'string[]' },
    AI__classification: { type: 'string' },
    AI__defcon_level: { type: 'integer', sortable: true },
    AI__flagged: { type: 'boolean' },
    experiment: { type: 'string' },
    is_blocked: { type: 'boolean' },
    status: { type: 'enum', values: ['INDEX', 'PROCESSED'], sortable: true },
  },
  defaultOrder: ['-creation_date'],
  extras: { no_cache: queryFlagSchema },
});

/** The test table bound to SQL: columns, an array column and JSON paths. */
export const itemResource = defineQueryResource({
  spec: itemSpec,
  table: 'query_test_items',
  tiebreaker: 'id',
  sources: {
    id: { column: 'id' },
    name: { column: 'name' },
    price: { column: 'price' },
    qty: { column: 'qty' },
    creation_date: { column: 'created_at', nulls: 'last' },
    tags: { arrayColumn: 'tags' },
    AI__classification: { json: 'ai', path: ['classification'], cast: 'text' },
    AI__defcon_level: { json: 'ai', path: ['defcon_level'], cast: 'numeric' },
    AI__flagged: { json: 'ai', path: ['flagged'], cast: 'boolean' },
    experiment: { column: 'experiment' },
    is_blocked: { column: 'is_blocked' },
    status: { column: 'status' },
  },
});

/** Every identifier the compiled SQL may contain. */
export const ALLOWED_IDENTIFIERS = new Set([
  'query_test_items',
  'id',
  'name',
  'price',
  'qty',
  'created_at',
  'tags',
  'ai',
  'experiment',
  'is_blocked',
  'status',
]);

type Row = ItemsTables['query_test_items'];
const row = (id: number, daysAgo: number | null, fields: Partial<Row>): Row => ({
  id,
  name: `Filler ${id}`,
  price: 1000 + id,
  qty: id,
  created_at: daysAgo === null ? null : new Date(NOW.getTime() - daysAgo * DAY_MS),
  tags: [`OTC:FILL${id}`],
  ai: { classification: 'Other', defcon_level: 5 },
  experiment: null,
  is_blocked: false,
  status: 'INDEX',
  ...fields,
});

/** Twenty rows; rows 1 to 10 exercise edge cases, 11 to 20 are filler (20 has no date or price). */
export const ITEMS: readonly Row[] = [
  row(1, 0.5, {
    name: 'Apple earnings beat',
    price: 10,
    tags: ['NASDAQ:AAPL'],
    ai: { classification: 'Earnings', defcon_level: 3, flagged: false },
  }),
  row(2, 1.5, {
    name: 'Nvidia 50% rally',
    price: 20.5,
    tags: ['NASDAQ:NVDA', 'NYSE:TSM'],
    ai: { classification: 'Lawsuit', defcon_level: 1, flagged: true },
    status: 'PROCESSED',
  }),
  row(3, 3, {
    name: 'nvidia_chip supply',
    price: 30,
    tags: ['XETRA:nvda'],
    ai: { classification: 'Macro', defcon_level: 2 },
  }),
  row(4, 4, { name: 'Back\\slash title', price: null, tags: [], ai: null, status: 'PROCESSED' }),
  row(5, 6, {
    name: 'Tesla recall',
    price: 5,
    tags: null,
    ai: { classification: 'Recall', defcon_level: 5, flagged: true },
    experiment: 'A',
    status: null,
  }),
  row(6, 8, {
    name: 'Lawsuit against Meta',
    price: 15,
    tags: ['NASDAQ:META'],
    ai: { classification: 'Lawsuit', defcon_level: '2' },
    experiment: 'B',
    is_blocked: true,
  }),
  row(7, 10, {
    name: 'Microsoft cloud growth',
    price: 40,
    tags: ['NASDAQ:MSFT', 'NASDAQ:NVDA'],
    ai: { classification: 'Earnings', defcon_level: 4 },
    status: 'PROCESSED',
  }),
  row(8, 12, {
    name: '50 percent off',
    price: 50,
    tags: ['NYSE:IBM'],
    ai: { classification: null },
    experiment: 'A',
  }),
  row(9, 14, { name: 'Percent_sign 5%', price: 9.99, tags: ['NYSE:IBM', 'NYSE:KO'], ai: {} }),
  row(10, 20, {
    name: "O'Reilly quotes",
    price: 100,
    tags: ['NASDAQ:ORLY'],
    ai: { classification: 'Macro', defcon_level: 1 },
    experiment: 'C',
    status: 'PROCESSED',
  }),
  ...Array.from({ length: 9 }, (_, i) => row(11 + i, 31 + i, {})),
  row(20, null, { price: null }),
];

/** Creates and fills the table (raw DDL: it is the test's, not the app's schema). */
export async function createItemsTable(db: Kysely<ItemsTables>): Promise<void> {
  await sql`
    create table query_test_items (
      id integer primary key,
      name text not null,
      price numeric,
      qty integer not null,
      created_at timestamptz,
      tags text[],
      ai jsonb,
      experiment text,
      is_blocked boolean not null default false,
      status text
    )`.execute(db);
  await db
    .insertInto('query_test_items')
    .values(
      ITEMS.map((item) => ({ ...item, ai: item.ai === null ? null : JSON.stringify(item.ai) })),
    )
    .execute();
}
