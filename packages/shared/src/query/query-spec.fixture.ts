import { z } from 'zod';
import { parseQuery } from './parse-query.ts';
import { queryFlagSchema } from './query-flag.ts';
import { defineQuerySpec } from './query-spec.ts';

/** A resource shaped like the news and prompt queries of spec §7, shared by the parser tests. */
export const testSpec = defineQuerySpec({
  fields: {
    id: { type: 'string', ops: ['eq', 'in'], sortable: true },
    title: { type: 'string', sortable: true },
    creation_date: { type: 'date', sortable: true },
    price: { type: 'number', sortable: true },
    interest_score: { type: 'integer' },
    sentiment_score: { type: 'number' },
    related_exchange_tickers: { type: 'string[]' },
    AI__classification: { type: 'string' },
    AI__defcon_level: { type: 'integer', sortable: true },
    status: { type: 'enum', values: ['INDEX', 'PROCESSED'] },
    type: { type: 'enum', values: ['PORTFOLIO', 'email_prompt', 'CHAT'] },
    username: { type: 'string', projectable: false },
    experiment: { type: 'string' },
    is_blocked: { type: 'boolean' },
    ai_summary: { type: 'string' },
  },
  defaultOrder: ['-creation_date'],
  extras: {
    no_cache: queryFlagSchema,
    add: z.enum(['31', '365']).optional(),
  },
});

/** The instant relative dates count back from in the parser tests. */
export const NOW = new Date('2025-06-15T12:00:00Z');

type TestInput = string | Record<string, string | string[] | undefined>;

const parseTest = (qs: TestInput) =>
  parseQuery(typeof qs === 'string' ? new URLSearchParams(qs) : qs, testSpec, { now: NOW });

/** Parses a query string the test expects to be valid. */
export function query(qs: TestInput) {
  const result = parseTest(qs);
  if (!result.ok) throw new Error(`expected success, got: ${result.error}`);
  return result.query;
}

/** Parses a query string the test expects to be refused. */
export function failure(qs: TestInput) {
  const result = parseTest(qs);
  if (result.ok) throw new Error(`expected an error for ${JSON.stringify(qs)}`);
  return { param: result.param, error: result.error };
}
