import {
  portfolioSnapshotResponseSchema,
  transactionListResponseSchema,
  type PortfolioSnapshot,
  type Transaction,
} from '@app/shared/api/portfolio';
import type { z } from 'zod';
import { compileResponseSerializer } from '../../http/serializer.ts';

/**
 * The writer Fastify compiles for a route's response schema (fast-json-stringify: the declared
 * fields only, so the schema stays the allowlist); zod's own path if the schema cannot compile.
 */
function writerOf(schema: z.ZodType): (value: unknown) => string {
  const compiled = compileResponseSerializer(schema);
  if ('stringify' in compiled) return compiled.stringify;
  return (value) => JSON.stringify(schema.encode(value));
}

/** Bytes of serialised answers kept, over all snapshots and over all ledgers (each cache). */
export const ANSWER_BYTES = 64 * 1024 * 1024;

const writeSnapshot = writerOf(portfolioSnapshotResponseSchema);
const writeTransactions = writerOf(transactionListResponseSchema);

/** An `as_of` no snapshot can carry: the serialised answer is cut around it. */
const AS_OF_MARK = -987_654_321_012;
const AS_OF_KEY = '"as_of":';

/**
 * A snapshot's answer serialised once: the bytes before and after its `as_of`, which alone
 * follows the clock; the answer of one second is kept, so repeated calls copy nothing.
 */
export type SnapshotAnswer = { at(asOf: Date): Buffer; readonly bytes: number };

export function snapshotAnswer(snapshot: PortfolioSnapshot): SnapshotAnswer {
  const json = writeSnapshot({ status: 'success', ...snapshot, as_of: AS_OF_MARK });
  const marker = `${AS_OF_KEY}${String(AS_OF_MARK)}`;
  const cut = json.indexOf(marker);
  if (cut < 0) {
    // Not expected (the writer writes every declared field); serialise per call then.
    return {
      at: (asOf) =>
        Buffer.from(
          writeSnapshot({
            status: 'success',
            ...snapshot,
            as_of: Math.floor(asOf.getTime() / 1000),
          }),
        ),
      bytes: json.length,
    };
  }
  const head = Buffer.from(json.slice(0, cut + AS_OF_KEY.length));
  const tail = Buffer.from(json.slice(cut + marker.length));
  let second = Number.NaN;
  let body = Buffer.alloc(0);
  return {
    at(asOf) {
      const now = Math.floor(asOf.getTime() / 1000);
      if (now !== second) {
        body = Buffer.concat([head, Buffer.from(String(now)), tail]);
        second = now;
      }
      return body;
    },
    bytes: head.length + tail.length,
  };
}

/** The answer of `/portfolio/transactions`: the ledger's entries, or a page of them. */
export function transactionsAnswer(
  portfolio: string,
  transactions: readonly Transaction[],
): Buffer {
  return Buffer.from(writeTransactions({ status: 'success', portfolio, transactions }));
}
