import {
  ALERT_RULE_LIMIT_REACHED,
  type AlertRuleFiring,
  type AlertRuleInput,
} from '@app/shared/api/alert-rules';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { DELIVERY_CHANNELS } from '@app/shared/api/alerts';
import type { SubscriptionFacts } from '../billing/plans.ts';
import type { AlertRuleCache, AlertRuleHistoryPage } from './alert-rule-cache.ts';
import type {
  ArticleCandidate,
  AlertRuleEvalRepository,
  QuoteCandidate,
} from './alert-rule-eval.repository.ts';
import {
  articleFiringText,
  articlePath,
  normalisedInput,
  groupedFiring,
  quotePath,
  ruleAnswer,
  ruleLimitOf,
} from './alert-rule-rules.ts';
import type { AlertRuleRepository, FiringInsert } from './alert-rule.repository.ts';

export const ALERT_RULE_NOT_FOUND = 'No such alert rule of yours.';
/** Articles read per evaluation run (a batch of the analyst is far smaller). */
const ARTICLES_PER_RUN = 5_000;

export type AlertRuleServiceDeps = {
  repository: AlertRuleRepository;
  evaluation: AlertRuleEvalRepository;
  /** The plan facts of a user (null: no such user). */
  planFacts: (userId: string) => Promise<SubscriptionFacts | undefined>;
  /** The listings each of these users holds now, in any portfolio (read at once). */
  heldSymbolsOf: (userIds: readonly string[]) => Promise<Map<string, Set<string>>>;
  /**
   * The alerts' outbox (the firing statement writes its rows; the hourly cap applies at the
   * sending): when each owner's alerts may leave the app (the end of their quiet hours at
   * `now`), and the rows a firing added, to announce and send.
   */
  outbox: {
    releases: (userIds: readonly string[], now: Date) => Promise<Map<string, Date>>;
    written: (added: readonly { user_id: string; channel: string }[]) => Promise<void>;
  };
  /** Users' rules and history pages kept in this process (none: every read asks the database). */
  cache?: AlertRuleCache;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
};

/**
 * Alert rules users set: create, list, edit, pause, delete and the history of what fired (each
 * scoped to the owner, within the plan's limit), and the evaluation that fires them on quote
 * refreshes and analysed articles (`alert-rule-eval.repository.ts`).
 */
export function createAlertRuleService(deps: AlertRuleServiceDeps) {
  const { repository, evaluation, cache, clock, log, publicUrl } = deps;

  /**
   * Runs a write of `userId`'s rules; answers once every process dropped the user's kept
   * answers, so the next read anywhere sees the write.
   */
  async function written<T>(userId: string, write: () => Promise<T>): Promise<T> {
    await cache?.ready();
    try {
      return await write();
    } finally {
      await cache?.changed(userId);
    }
  }

  const loadRules = async (userId: string) => (await repository.list(userId)).map(ruleAnswer);

  async function loadHistory(
    userId: string,
    skip: number,
    limit: number,
  ): Promise<AlertRuleHistoryPage> {
    const rows = await repository.history(userId, skip, limit + 1);
    const firings: AlertRuleFiring[] = rows.slice(0, limit).map((row) => ({
      id: row.id,
      rule_id: row.rule_id,
      kind: row.kind as AlertRuleFiring['kind'],
      symbol: row.symbol,
      article_id: row.article_id,
      text: row.text,
      link: row.link,
      fired_at: Math.floor(row.fired_at.getTime() / 1000),
    }));
    return { firings, has_more: rows.length > limit };
  }

  async function limitOf(userId: string, facts?: SubscriptionFacts) {
    const known = facts ?? (await deps.planFacts(userId));
    if (!known) throw badRequest('This account no longer exists.');
    return ruleLimitOf(known, clock.now());
  }

  /** Keeps the holdings rules' candidates whose symbol the owner still holds. */
  async function held<T extends { user_id: string; scope: string }>(
    candidates: T[],
    symbolsOf: (candidate: T) => readonly string[],
  ): Promise<T[]> {
    const owners = [
      ...new Set(candidates.filter((c) => c.scope === 'holdings').map((c) => c.user_id)),
    ];
    if (owners.length === 0) return candidates;
    const holdings = await deps.heldSymbolsOf(owners);
    return candidates.filter(
      (c) => c.scope !== 'holdings' || symbolsOf(c).some((s) => holdings.get(c.user_id)?.has(s)),
    );
  }

  /**
   * The candidates the owners still hold (`held`), then when each of their owners' alerts may
   * leave the app at `now` (both read before the firing's one statement; one after the other,
   * so an evaluation holds one connection of the pool at a time).
   */
  async function heldAndReleased<T extends { user_id: string; scope: string }>(
    candidates: T[],
    symbolsOf: (candidate: T) => readonly string[],
    now: Date,
  ) {
    const kept = await held(candidates, symbolsOf);
    const owners = [...new Set(kept.map((c) => c.user_id))];
    const releases =
      owners.length === 0 ? new Map<string, Date>() : await deps.outbox.releases(owners, now);
    return { kept, releases };
  }

  /**
   * Claims the rules (cool-down, once), writes their history and their alerts in one statement,
   * then announces the alerts; `steps` gets the time of each part (ms, for the log).
   */
  async function fire(
    candidates: FiringInsert[],
    now: Date,
    releases: ReadonlyMap<string, Date>,
    steps?: Record<string, number>,
  ): Promise<number> {
    if (candidates.length === 0) return 0;
    let started = performance.now();
    const { fired, added } = await repository.fire(
      candidates.map((c) => ({
        ...c,
        subject: `Alert: ${c.text}`.slice(0, 200),
        url: `${publicUrl}${c.link}`,
      })),
      now,
      { releases, channels: DELIVERY_CHANNELS },
    );
    if (steps) steps.fire_ms = Math.round(performance.now() - started);
    started = performance.now();
    await deps.outbox.written(added);
    if (steps) steps.announce_ms = Math.round(performance.now() - started);
    return fired;
  }

  /** One firing per rule: a list's listings that crossed together are one alert. */
  const quoteFiring = (crossings: readonly QuoteCandidate[]): FiringInsert => {
    const { lead, text } = groupedFiring(crossings);
    return {
      rule_id: lead.rule_id,
      user_id: lead.user_id,
      kind: lead.kind,
      symbol: lead.symbol,
      article_id: null,
      story_key: null,
      text,
      link: quotePath(lead.symbol),
    };
  };

  const articleFiring = (c: ArticleCandidate): FiringInsert => ({
    rule_id: c.rule_id,
    user_id: c.user_id,
    kind: 'keyword',
    symbol: null,
    article_id: c.article_id,
    story_key: c.story_key,
    text: articleFiringText(c),
    link: articlePath(c.article_id),
  });

  return {
    async list(userId: string, facts?: SubscriptionFacts) {
      const [rules, limit] = await Promise.all([
        cache ? cache.rules(userId, () => loadRules(userId)) : loadRules(userId),
        limitOf(userId, facts),
      ]);
      return { rules: [...rules], limit: { used: rules.length, ...limit } };
    },

    /** A new rule; 403 with the upgrade message once the plan's limit is reached. */
    async create(userId: string, input: AlertRuleInput, facts?: SubscriptionFacts) {
      const { max, plan } = await limitOf(userId, facts);
      const row = await written(userId, () =>
        repository.create(userId, normalisedInput(input), max, clock.now()),
      );
      if (!row) throw forbidden(ALERT_RULE_LIMIT_REACHED(max ?? 0, plan));
      return ruleAnswer(row);
    },

    async update(userId: string, id: string, input: AlertRuleInput) {
      const row = await written(userId, () =>
        repository.update(userId, id, normalisedInput(input), clock.now()),
      );
      if (!row) throw notFound(ALERT_RULE_NOT_FOUND);
      return ruleAnswer(row);
    },

    async pause(userId: string, id: string, paused: boolean) {
      const row = await written(userId, () =>
        repository.setPaused(userId, id, paused, clock.now()),
      );
      if (!row) throw notFound(ALERT_RULE_NOT_FOUND);
      return ruleAnswer(row);
    },

    /** One-click unsubscribe from a rule's e-mails (its owner's, from the mail's token). */
    async dropEmail(userId: string, id: string) {
      await written(userId, () => repository.dropEmail(userId, id, clock.now()));
    },

    async remove(userId: string, id: string) {
      if (!(await written(userId, () => repository.remove(userId, id))))
        throw notFound(ALERT_RULE_NOT_FOUND);
    },

    async history(userId: string, skip: number, limit: number) {
      const page = cache
        ? await cache.history(userId, { skip, limit }, () => loadHistory(userId, skip, limit))
        : await loadHistory(userId, skip, limit);
      return { firings: [...page.firings], has_more: page.has_more };
    },

    /** The kept answers' state (undefined when ALERT_RULES_CACHE is off); for tests. */
    cacheStats: () => cache?.stats(),
    closeCache: () => cache?.close() ?? Promise.resolve(),

    /** The symbols active rules watch one by one: the minute refresh keeps their quotes fresh. */
    watchedSymbols: () => repository.activeSymbols(),

    /** After a quote refresh: the rules on these symbols that crossed fire. */
    async evaluateQuotes(
      symbols: readonly string[],
    ): Promise<{ candidates: number; fired: number }> {
      // Each step's time goes to the log (a duration, not business time).
      const started = performance.now();
      const crossings = await evaluation.quoteCrossings(symbols, clock.now());
      const steps: Record<string, number> = {
        crossings_ms: Math.round(performance.now() - started),
      };
      // The owners' holdings and quiet hours.
      const heldStarted = performance.now();
      const now = clock.now();
      const { kept: candidates, releases } = await heldAndReleased(
        crossings,
        (c) => [c.symbol],
        now,
      );
      steps.owners_ms = Math.round(performance.now() - heldStarted);
      const byRule = Map.groupBy(candidates, (c) => c.rule_id);
      const fired = await fire([...byRule.values()].map(quoteFiring), now, releases, steps);
      if (fired > 0) log.info({ fired, ...steps }, 'alert rules fired on quotes');
      return { candidates: candidates.length, fired };
    },

    /** After the analyst finished articles in [since, until]: the keyword rules they match. */
    async evaluateArticles(
      since: Date,
      until: Date,
    ): Promise<{ candidates: number; fired: number }> {
      const now = clock.now();
      const { kept: matches, releases } = await heldAndReleased(
        await evaluation.articleMatches(since, until, ARTICLES_PER_RUN),
        (c) => c.tickers,
        now,
      );
      // One article per rule and run: the rule's cool-down starts with it.
      const first = new Map<string, ArticleCandidate>();
      for (const match of matches) if (!first.has(match.rule_id)) first.set(match.rule_id, match);
      const fired = await fire([...first.values()].map(articleFiring), now, releases);
      if (fired > 0) log.info({ fired }, 'alert rules fired on articles');
      return { candidates: matches.length, fired };
    },
  };
}

export type AlertRuleService = ReturnType<typeof createAlertRuleService>;
