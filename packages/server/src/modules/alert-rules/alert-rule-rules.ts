import type { AlertRule, AlertRuleInput } from '@app/shared/api/alert-rules';
import { entitlementsOf, type SubscriptionFacts } from '../billing/plans.ts';
import type { AlertRuleRow } from './alert-rule.repository.ts';
import type { ArticleCandidate, QuoteCandidate } from './alert-rule-eval.repository.ts';

/** A price level fired is let go once the price is back past it by this fraction (0.2 %). */
export const HYSTERESIS = 0.002;
/** The volume spike compares the day's volume with the average of this many sessions before. */
export const VOLUME_SESSIONS = 50;

/** How many rules the plan allows (null: no limit) and the plan's name for the message. */
export function ruleLimitOf(facts: SubscriptionFacts, now: Date) {
  const entitlements = entitlementsOf(facts, now);
  return { max: entitlements.alertRules, plan: entitlements.label };
}

/** The fields of a rule its kind uses; the others are stored as null. */
export function normalisedInput(input: AlertRuleInput): AlertRuleInput {
  const keyword = input.kind === 'keyword';
  return {
    ...input,
    symbol: input.scope === 'symbol' ? input.symbol : null,
    watchlist: input.scope === 'watchlist' ? input.watchlist : null,
    threshold: ['high_52w', 'low_52w', 'keyword'].includes(input.kind) ? null : input.threshold,
    direction: input.kind === 'day_move' ? (input.direction ?? 'either') : null,
    keyword: keyword ? input.keyword : null,
    sentiment: keyword ? input.sentiment : null,
    defcon_max: keyword ? input.defcon_max : null,
  };
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** A stored rule as the API answers it. */
export function ruleAnswer(row: AlertRuleRow): AlertRule {
  return {
    id: row.id,
    kind: row.kind,
    scope: row.scope,
    symbol: row.symbol,
    watchlist: row.watchlist,
    threshold: row.threshold,
    direction: row.direction,
    keyword: row.keyword,
    sentiment: row.sentiment,
    defcon_max: row.defcon_max,
    repeat: row.repeat,
    cooldown_minutes: row.cooldown_minutes,
    channels: row.channels as AlertRule['channels'],
    status: row.status,
    last_fired_at: row.last_fired_at ? seconds(row.last_fired_at) : null,
    fire_count: row.fire_count,
    created_at: seconds(row.created_at),
  };
}

const money = (value: number) => value.toFixed(2);
const pct = (value: number) => `${value > 0 ? '+' : ''}${value.toFixed(2)} %`;

/** The one line that says what a quote did to fire a rule. */
export function quoteFiringText(c: QuoteCandidate): string {
  switch (c.kind) {
    case 'price_above':
      return `${c.symbol} rose to ${money(c.price)}, above your level of ${money(c.threshold ?? 0)}`;
    case 'price_below':
      return `${c.symbol} fell to ${money(c.price)}, below your level of ${money(c.threshold ?? 0)}`;
    case 'day_move':
      return `${c.symbol} moved ${pct(c.change_pct)} today (your threshold: ${String(c.threshold)} %), at ${money(c.price)}`;
    case 'high_52w':
      return `${c.symbol} made a new 52-week high at ${money(c.price)} (previous high ${money(c.high52 ?? 0)})`;
    case 'low_52w':
      return `${c.symbol} made a new 52-week low at ${money(c.price)} (previous low ${money(c.low52 ?? 0)})`;
    default: {
      const ratio = c.volume !== null && c.avg_volume ? c.volume / c.avg_volume : null;
      return `${c.symbol} traded ${ratio === null ? 'an unknown multiple of' : `${ratio.toFixed(1)} ×`} its 50-day average volume (your threshold: ${String(c.threshold)} ×)`;
    }
  }
}

/** How many listings a grouped alert names before "and N more". */
export const GROUP_NAMED = 5;

/** The listings of a rule's crossings, the largest moves first (ties by symbol). */
function byMove(crossings: readonly QuoteCandidate[]): QuoteCandidate[] {
  return [...crossings].sort(
    (a, b) => Math.abs(b.change_pct) - Math.abs(a.change_pct) || (a.symbol < b.symbol ? -1 : 1),
  );
}

/** A listing's part of a grouped alert: what its quote did for this kind of rule. */
function crossingPart(c: QuoteCandidate): string {
  switch (c.kind) {
    case 'day_move':
      return `${c.symbol} ${pct(c.change_pct)} at ${money(c.price)}`;
    case 'high_52w':
      return `${c.symbol} at ${money(c.price)} (previous high ${money(c.high52 ?? 0)})`;
    case 'low_52w':
      return `${c.symbol} at ${money(c.price)} (previous low ${money(c.low52 ?? 0)})`;
    case 'volume_spike': {
      const ratio = c.volume !== null && c.avg_volume ? c.volume / c.avg_volume : null;
      return `${c.symbol} ${ratio === null ? 'an unknown multiple' : `${ratio.toFixed(1)} ×`}`;
    }
    default:
      return `${c.symbol} at ${money(c.price)}`;
  }
}

/** What the listings of a grouped alert did, in the words of the rule's kind. */
function groupVerb(c: QuoteCandidate): string {
  switch (c.kind) {
    case 'price_above':
      return `rose above your level of ${money(c.threshold ?? 0)}`;
    case 'price_below':
      return `fell below your level of ${money(c.threshold ?? 0)}`;
    case 'day_move': {
      const verb = c.direction === 'up' ? 'rose' : c.direction === 'down' ? 'fell' : 'moved';
      return `${verb} at least ${String(c.threshold)} % today`;
    }
    case 'high_52w':
      return 'made new 52-week highs';
    case 'low_52w':
      return 'made new 52-week lows';
    default:
      return `traded at least ${String(c.threshold)} × their 50-day average volume`;
  }
}

/**
 * The alert of one rule's crossings in one evaluation. A rule on a watchlist or the holdings
 * whose listings crossed together says so once, naming the largest moves (a storm that moves
 * 20 listings of a watchlist is one alert, not 20); its link and symbol are the largest move's.
 */
export function groupedFiring(crossings: readonly QuoteCandidate[]): {
  lead: QuoteCandidate;
  text: string;
} {
  const sorted = byMove(crossings);
  const lead = sorted[0];
  if (!lead) throw new Error('groupedFiring needs at least one crossing');
  if (sorted.length === 1) return { lead, text: quoteFiringText(lead) };
  const where =
    lead.scope === 'holdings'
      ? `${String(sorted.length)} of your holdings`
      : `${String(sorted.length)} listings on your watchlist “${lead.watchlist ?? ''}”`;
  const named = sorted.slice(0, GROUP_NAMED).map(crossingPart).join(', ');
  const more =
    sorted.length > GROUP_NAMED ? `, and ${String(sorted.length - GROUP_NAMED)} more` : '';
  return { lead, text: `${where} ${groupVerb(lead)}: ${named}${more}`.slice(0, 500) };
}

/** The one line that says which article fired a keyword rule. */
export function articleFiringText(c: ArticleCandidate): string {
  return `“${c.keyword}” in a new article: ${c.title}`.slice(0, 500);
}

/** The site path of a symbol's quote page. */
export const quotePath = (symbol: string) => `/ticker/${encodeURIComponent(symbol)}`;
/** The site path of an article. */
export const articlePath = (id: string) => `/news/view?id=${encodeURIComponent(id)}`;
