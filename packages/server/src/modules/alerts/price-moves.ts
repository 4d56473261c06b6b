import { isoDay } from '@app/shared/dates';
/** How long a listing's prices are reused within a burst of alerts. */
const TTL_MS = 60_000;
const MAX_ENTRIES = 5_000;

type Prices = { then: number | null; now: number | null };

/**
 * A listing's last close on or before an article's publication day and its latest price, for the
 * "move since publication" line of an alert; cached a minute per listing and day, so a burst of
 * stories about one company asks the market services once.
 */
export function createPriceMoves(deps: {
  /** Daily closes (`YYYY-MM-DD` bounds, inclusive). */
  closes: (symbol: string, from: string, to: string) => Promise<{ day: string; close: number }[]>;
  latestPrice: (symbol: string) => Promise<number | null>;
  /** The machine's clock: the cache's age is not business time. */
  nowMs?: () => number;
}) {
  const nowMs = deps.nowMs ?? (() => Date.now());
  const cache = new Map<string, { at: number; value: Promise<Prices> }>();
  return async function prices(symbol: string, published: Date): Promise<Prices> {
    const day = isoDay(published);
    const key = `${symbol}|${day}`;
    const hit = cache.get(key);
    if (hit && nowMs() - hit.at < TTL_MS) return hit.value;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    const value = (async () => {
      const from = new Date(published.getTime() - 10 * 86_400_000).toISOString().slice(0, 10);
      const [bars, now] = await Promise.all([
        deps.closes(symbol, from, day).catch(() => []),
        deps.latestPrice(symbol).catch(() => null),
      ]);
      return { then: bars.at(-1)?.close ?? null, now };
    })();
    cache.set(key, { at: nowMs(), value });
    return value;
  };
}
