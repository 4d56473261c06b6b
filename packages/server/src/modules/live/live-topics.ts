import {
  LIVE_MAX_TOPICS,
  LIVE_PUBLIC_TOPICS,
  LIVE_QUOTES_PREFIX,
  LIVE_USER_TOPICS,
} from '@app/shared/api/live';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import type { AuthUser } from '../../http/access.ts';
import { badRequest, unauthorized } from '../../http/errors.ts';

/** The internal topic of a user's own events (`alerts:<user id>`). */
export const userTopic = (kind: (typeof LIVE_USER_TOPICS)[number], userId: string) =>
  `${kind}:${userId}`;
/** The internal (and public) topic of one listing's quotes. */
export const quotesTopic = (symbol: string) => `${LIVE_QUOTES_PREFIX}${symbol}`;

/**
 * Reads `?topics=news,quotes:NASDAQ:AAPL,alerts` for a caller: the internal topics to listen to,
 * each with the name the client knows it by. Deny by default — a topic that is not one of the
 * known forms is a 400; the caller's own topics (`alerts`, `prompts`) need a login (401) and
 * always mean the caller's, so no one can name another user's.
 */
export function parseTopics(raw: string, caller: AuthUser | null): Map<string, string> {
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw badRequest('topics: name at least one topic.');
  if (names.length > LIVE_MAX_TOPICS) {
    throw badRequest(`topics: at most ${String(LIVE_MAX_TOPICS)} topics on one stream.`);
  }
  const topics = new Map<string, string>();
  for (const name of names) {
    if ((LIVE_PUBLIC_TOPICS as readonly string[]).includes(name)) {
      topics.set(name, name);
      continue;
    }
    const userKind = LIVE_USER_TOPICS.find((kind) => kind === name);
    if (userKind) {
      if (!caller) throw unauthorized();
      topics.set(userTopic(userKind, caller.id), userKind);
      continue;
    }
    if (name.toLowerCase().startsWith(LIVE_QUOTES_PREFIX)) {
      const symbol = exchangeTickerSchema.safeParse(name.slice(LIVE_QUOTES_PREFIX.length));
      if (!symbol.success) {
        throw badRequest(`topics: '${name.slice(0, 60)}' must be quotes:EXCHANGE:TICKER.`);
      }
      topics.set(quotesTopic(symbol.data), quotesTopic(symbol.data));
      continue;
    }
    throw badRequest(`topics: unknown topic '${name.slice(0, 60)}'.`);
  }
  return topics;
}
