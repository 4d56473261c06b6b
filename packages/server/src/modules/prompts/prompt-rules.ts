import {
  EMAIL_SELECTION as EMAIL,
  PORTFOLIO_SELECTION as PORTFOLIO,
  SELECTION_MAX,
} from '@app/shared/api/prompts';
import { badRequest, tooManyRequests } from '../../http/errors.ts';
import { PLAN_ENTITLEMENTS, planOf as billingPlanOf, type PlanName } from '../billing/plans.ts';
import { DAY_MS, isoDay } from '@app/shared/dates';

// The limits the API states (prompt length, selection size) live with its schemas in
// @app/shared/api/prompts; these are the server's own rules.
export {
  EMAIL_SELECTION as EMAIL,
  PORTFOLIO_SELECTION as PORTFOLIO,
  PROMPT_MAX_CHARS,
  SELECTION_MAX,
  SYSTEM_MAX_CHARS,
  SYSTEM_NAME_MAX_CHARS,
} from '@app/shared/api/prompts';

/** Prompts of one user that may wait for an answer at the same time. */
export const OPEN_PROMPTS_MAX = 3;
/** Earlier chat turns handed to the assistant with a question. */
export const CHAT_HISTORY_TURNS = 6;
/** Attempts at writing one answer before the prompt ends FAILED. */
export const PROMPT_MAX_ATTEMPTS = 3;
/** Seconds before the first retry (doubled for each further one). */
export const PROMPT_RETRY_DELAY_SECONDS = 5;

export type { PlanName } from '../billing/plans.ts';

export type PlanRule = {
  /** What the 429 text calls the plan. */
  label: string;
  /** pg-boss priority: higher runs first. */
  priority: number;
  /** Prompts a day (business day, UTC). */
  dailyQuota: number;
  /** Upper bound of an answer's length. */
  maxTokens: number;
};

/** Longest answer per plan (the assistant's business); quotas and priorities are billing's (plans.ts). */
const MAX_TOKENS: Readonly<Record<PlanName, number>> = {
  tier3_monthly: 3_000,
  tier2_monthly: 1_500,
  tier1_monthly: 800,
  free: 600,
};

const rule = (plan: PlanName): PlanRule => ({
  label: PLAN_ENTITLEMENTS[plan].label,
  priority: PLAN_ENTITLEMENTS[plan].aiPriority,
  dailyQuota: PLAN_ENTITLEMENTS[plan].aiDailyQuota,
  maxTokens: MAX_TOKENS[plan],
});

/**
 * Spec §9 plans: subscribers first, higher tiers before lower, then first come first served.
 * Quotas, priorities and names are the billing module's entitlements (one place).
 */
export const PLAN_RULES: Readonly<Record<PlanName, PlanRule>> = {
  tier3_monthly: rule('tier3_monthly'),
  tier2_monthly: rule('tier2_monthly'),
  tier1_monthly: rule('tier1_monthly'),
  free: rule('free'),
};

/**
 * The plan a user's subscription gives at `now` (billing's rules): a known tier while it is
 * active, trialing, or past due within the grace after `current_period_end`; an entitled
 * subscription to a product we do not know counts as the lowest paid tier.
 */
export function planOf(
  account: { subscription: string; subscription_status: string; current_period_end: Date | null },
  now: Date,
): PlanName {
  return billingPlanOf(account, now);
}

/** Start of the business day (UTC) that `now` falls in; the daily quota counts from here. */
export function quotaDay(now: Date): { day: string; start: Date; resetsAt: Date } {
  const start = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  return {
    day: isoDay(start),
    start,
    resetsAt: new Date(start.getTime() + DAY_MS),
  };
}

/** "3 h 12 min", "45 min", "under a minute". */
export function formatWait(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Refuses a prompt past the plan's daily quota (429 naming the limit and when it resets). */
export function checkDailyQuota(used: number, plan: PlanName, now: Date): void {
  const rule = PLAN_RULES[plan];
  if (used <= rule.dailyQuota) return;
  const { resetsAt } = quotaDay(now);
  throw tooManyRequests(
    `You have used all ${rule.dailyQuota} AI prompts of your ${rule.label} plan for today. ` +
      `The quota resets at 00:00 UTC (in ${formatWait(resetsAt.getTime() - now.getTime())}).`,
  );
}

/** Refuses a new prompt while the user already has OPEN_PROMPTS_MAX waiting (429). */
export function checkOpenPrompts(open: number): void {
  if (open < OPEN_PROMPTS_MAX) return;
  throw tooManyRequests(
    `You already have ${OPEN_PROMPTS_MAX} prompts waiting for an answer. ` +
      'Please wait until one is answered before sending another.',
  );
}

export type SelectionKind =
  | { kind: 'PORTFOLIO' }
  | { kind: 'EMAIL' }
  | { kind: 'TICKERS'; symbols: string[] }
  | { kind: 'NONE' };

const LISTING = /^[A-Z]{2,15}:[A-Z0-9][A-Z0-9.-]{0,14}$/;

/**
 * Reads a selection (spec §4): PORTFOLIO, or listings (`EXCHANGE:TICKER`), never both; `EMAIL`
 * only for the e-mail summary prompt. Listings are upper-cased and deduplicated; whether they
 * exist is the service's question.
 */
export function readSelection(
  selection: readonly string[],
  subtype: 'EMAIL_SUMMARY' | null,
): SelectionKind {
  const entries = [...new Set(selection.map((entry) => entry.trim().toUpperCase()))].filter(
    (entry) => entry !== '',
  );
  if (subtype === 'EMAIL_SUMMARY') {
    if (entries.length !== 1 || entries[0] !== EMAIL) {
      throw badRequest("The e-mail summary prompt takes the selection ['EMAIL'].");
    }
    return { kind: 'EMAIL' };
  }
  if (entries.includes(EMAIL)) {
    throw badRequest("Invalid selection: 'EMAIL' is only for the e-mail summary prompt.");
  }
  if (entries.includes(PORTFOLIO)) {
    if (entries.length > 1) {
      throw badRequest('Invalid selection: choose PORTFOLIO or tickers, not both.');
    }
    return { kind: 'PORTFOLIO' };
  }
  if (entries.length === 0) return { kind: 'NONE' };
  if (entries.length > SELECTION_MAX) {
    throw badRequest(`Invalid selection: at most ${SELECTION_MAX} tickers.`);
  }
  const bad = entries.find((entry) => !LISTING.test(entry));
  if (bad !== undefined) {
    throw badRequest(
      `Invalid selection: '${bad.slice(0, 40)}' is not PORTFOLIO or an EXCHANGE:TICKER symbol.`,
    );
  }
  return { kind: 'TICKERS', symbols: entries };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be a prompt (or article) id at all; anything else is simply not found. */
export const isUuid = (id: string) => UUID.test(id);

/** A prompt's title: its first line, cut at a word to at most 80 characters. */
export function titleOf(prompt: string): string {
  const line = prompt.trim().split('\n')[0]?.trim() ?? '';
  if (line.length <= 80) return line;
  const cut = line.slice(0, 80);
  const space = cut.lastIndexOf(' ');
  return `${(space > 40 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A failure that retrying cannot mend (the article is gone, the answer is refused). */
export class PermanentPromptError extends Error {
  override name = 'PermanentPromptError';
}

/** Whether a failed answer is worth another attempt. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof PermanentPromptError) return false;
  const flagged = (error as { retryable?: unknown } | null)?.retryable;
  return flagged !== false;
}

/** What the user reads when the answer could not be written: the cause, without addresses. */
export function failureReason(error: unknown, attempts: number): string {
  const message = error instanceof Error ? error.message : String(error);
  const detail = message
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '(address hidden)')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  const tries = attempts === 1 ? '1 attempt' : `${attempts} attempts`;
  return `The answer could not be written (${tries}): ${detail || 'unknown error'}. Please try again later.`;
}
