import { screenerQuerySpec } from '@app/shared/api/screener';
import { parseQuery } from '@app/shared/query/parse-query';
import { badRequest, conflict, unauthorized } from '../../http/errors.ts';
import { entitlementsOf, type SubscriptionFacts } from '../billing/plans.ts';

/** How many screens the user's plan keeps, and the plan's name as messages call it. */
export function screenLimitOf(facts: SubscriptionFacts, now: Date) {
  const entitlements = entitlementsOf(facts, now);
  return { limit: entitlements.savedScreens, plan: entitlements.label };
}

/** The refusal of a save past the plan's limit (409; the web adds the upgrade link). */
export function screenLimitReached(limit: number, plan: string) {
  return conflict(
    `Your ${plan} plan keeps ${limit} saved screens. Delete one or upgrade your plan to save more.`,
  );
}

/**
 * A screen's query string, checked as the screener would read it (a bad field or value is a 400
 * naming it) and kept as written, without a leading `?`.
 */
export function checkScreenQuery(query: string, now: Date): string {
  const text = query.startsWith('?') ? query.slice(1) : query;
  const result = parseQuery(new URLSearchParams(text), screenerQuerySpec, { now });
  if (!result.ok) throw badRequest(`The screen's query: ${result.error}`);
  return text;
}

/**
 * The listings a personal filter keeps: the watchlists' and/or the holdings' symbols (both given:
 * the listings in both), or null when the query has no personal filter. Visitors have neither.
 */
export function personalSymbols(
  wanted: { watchlist: boolean; portfolio: boolean },
  signedIn: boolean,
  lists: { watchlist: readonly string[] | null; portfolio: readonly string[] | null },
): readonly string[] | null {
  if (!wanted.watchlist && !wanted.portfolio) return null;
  if (!signedIn) throw unauthorized('Sign in to screen your watchlist or portfolio.');
  const sets = [wanted.watchlist && lists.watchlist, wanted.portfolio && lists.portfolio].filter(
    (list): list is readonly string[] => Array.isArray(list),
  );
  const [first, ...rest] = sets;
  if (!first) return [];
  return first.filter((symbol) => rest.every((list) => list.includes(symbol)));
}
