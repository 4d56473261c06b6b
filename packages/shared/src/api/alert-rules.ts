import { z } from 'zod';
import { successResponse } from './envelope.ts';
import { watchlistNameSchema } from './market.ts';
import { exchangeTickerSchema } from './tickers.ts';

/**
 * Alert rules a user sets: a price level, a day's move, a 52-week high or low, a volume spike,
 * or a keyword in a newly analysed article; each on one symbol, a watchlist or the holdings.
 */
export const ALERT_RULE_KINDS = [
  'price_above',
  'price_below',
  'day_move',
  'high_52w',
  'low_52w',
  'volume_spike',
  'keyword',
] as const;
export type AlertRuleKind = (typeof ALERT_RULE_KINDS)[number];

export const ALERT_RULE_KIND_LABELS: Record<AlertRuleKind, string> = {
  price_above: 'Price above',
  price_below: 'Price below',
  day_move: 'Day move of at least',
  high_52w: 'New 52-week high',
  low_52w: 'New 52-week low',
  volume_spike: 'Volume spike',
  keyword: 'Keyword in a new article',
};

export const ALERT_RULE_SCOPES = ['symbol', 'watchlist', 'holdings', 'any'] as const;
export type AlertRuleScope = (typeof ALERT_RULE_SCOPES)[number];

export const ALERT_RULE_CHANNELS = ['in_app', 'email', 'telegram', 'push'] as const;
export type AlertRuleChannel = (typeof ALERT_RULE_CHANNELS)[number];

export const ALERT_RULE_CHANNEL_LABELS: Record<AlertRuleChannel, string> = {
  in_app: 'In the app',
  email: 'E-mail',
  telegram: 'Telegram',
  push: 'Browser notification',
};

export const ALERT_RULE_DIRECTIONS = ['up', 'down', 'either'] as const;
export const ALERT_RULE_SENTIMENTS = ['bullish', 'bearish'] as const;
export const ALERT_RULE_STATUSES = ['active', 'paused', 'done'] as const;
export type AlertRuleStatus = (typeof ALERT_RULE_STATUSES)[number];

/** A repeating rule waits this long after firing, unless the user chooses otherwise. */
export const DEFAULT_COOLDOWN_MINUTES = 24 * 60;
export const COOLDOWN_MIN_MINUTES = 5;
export const COOLDOWN_MAX_MINUTES = 30 * 24 * 60;
export const KEYWORD_MAX_LENGTH = 100;

const noNul = (text: string) => !text.includes('\u0000');

const keywordSchema = z
  .string()
  .transform((value) => value.trim().replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .min(2, 'The keyword needs at least 2 characters.')
      .max(KEYWORD_MAX_LENGTH, `The keyword is at most ${String(KEYWORD_MAX_LENGTH)} characters.`)
      .refine(noNul, 'The keyword contains a NUL character.')
      .refine((value) => /[\p{L}\p{N}]/u.test(value), 'The keyword needs a letter or a digit.'),
  );

/** What a user sends to create a rule or to replace one (every field; the defaults fill in). */
export const alertRuleInputSchema = z
  .object({
    kind: z.enum(ALERT_RULE_KINDS, `kind must be one of ${ALERT_RULE_KINDS.join(', ')}.`),
    scope: z.enum(ALERT_RULE_SCOPES, `scope must be one of ${ALERT_RULE_SCOPES.join(', ')}.`),
    symbol: exchangeTickerSchema.nullable().default(null),
    watchlist: watchlistNameSchema.nullable().default(null),
    /** The price level (price rules), the percent (day move) or the multiple (volume spike). */
    threshold: z
      .number('threshold must be a number.')
      .positive('threshold must be more than 0.')
      .max(1e9, 'threshold is too large.')
      .nullable()
      .default(null),
    direction: z.enum(ALERT_RULE_DIRECTIONS).nullable().default(null),
    keyword: keywordSchema.nullable().default(null),
    sentiment: z.enum(ALERT_RULE_SENTIMENTS).nullable().default(null),
    /** Only articles at this defcon level or more urgent (1 = could move the price now). */
    defcon_max: z.number().int().min(1).max(5).nullable().default(null),
    repeat: z.boolean().default(true),
    cooldown_minutes: z
      .number()
      .int('cooldown_minutes must be a whole number.')
      .min(
        COOLDOWN_MIN_MINUTES,
        `The cool-down is at least ${String(COOLDOWN_MIN_MINUTES)} minutes.`,
      )
      .max(COOLDOWN_MAX_MINUTES, 'The cool-down is at most 30 days.')
      .default(DEFAULT_COOLDOWN_MINUTES),
    channels: z
      .array(z.enum(ALERT_RULE_CHANNELS, `channels are ${ALERT_RULE_CHANNELS.join(', ')}.`))
      .min(1, 'Choose at least one channel.')
      .max(ALERT_RULE_CHANNELS.length)
      .refine((list) => new Set(list).size === list.length, 'Each channel once.'),
  })
  .superRefine((rule, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (rule.scope === 'symbol' && rule.symbol === null) issue('symbol', 'Choose a symbol.');
    if (rule.scope === 'watchlist' && rule.watchlist === null)
      issue('watchlist', 'Choose a watchlist.');
    if (rule.scope === 'any' && rule.kind !== 'keyword')
      issue('scope', 'Only a keyword rule may watch every company.');
    const needsThreshold = ['price_above', 'price_below', 'day_move', 'volume_spike'];
    if (needsThreshold.includes(rule.kind) && rule.threshold === null)
      issue('threshold', 'This kind of alert needs a threshold.');
    if ((rule.kind === 'price_above' || rule.kind === 'price_below') && rule.scope !== 'symbol')
      issue('scope', 'A price level belongs to one symbol.');
    if (rule.kind === 'day_move' && rule.threshold !== null && rule.threshold > 100)
      issue('threshold', 'A day move is at most 100 %.');
    if (rule.kind === 'volume_spike' && rule.threshold !== null && rule.threshold < 1)
      issue('threshold', 'A volume spike is at least 1 × the 50-day average.');
    if (rule.kind === 'keyword' && rule.keyword === null)
      issue('keyword', 'Write the keyword or phrase to look for.');
  });
export type AlertRuleInput = z.infer<typeof alertRuleInputSchema>;
export type AlertRuleInputDraft = z.input<typeof alertRuleInputSchema>;

export const alertRuleSchema = z.object({
  id: z.string(),
  kind: z.enum(ALERT_RULE_KINDS),
  scope: z.enum(ALERT_RULE_SCOPES),
  symbol: z.string().nullable(),
  watchlist: z.string().nullable(),
  threshold: z.number().nullable(),
  direction: z.enum(ALERT_RULE_DIRECTIONS).nullable(),
  keyword: z.string().nullable(),
  sentiment: z.enum(ALERT_RULE_SENTIMENTS).nullable(),
  defcon_max: z.number().int().nullable(),
  repeat: z.boolean(),
  cooldown_minutes: z.number().int(),
  channels: z.array(z.enum(ALERT_RULE_CHANNELS)),
  status: z.enum(ALERT_RULE_STATUSES),
  /** Epoch seconds; null before it first fired. */
  last_fired_at: z.number().nullable(),
  fire_count: z.number().int(),
  created_at: z.number(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

/** How many rules the plan allows (null: no limit) and how many the user has. */
export const alertRuleLimitSchema = z.object({
  used: z.number().int(),
  max: z.number().int().nullable(),
  plan: z.string(),
});

export const alertRulesResponseSchema = successResponse({
  rules: z.array(alertRuleSchema),
  limit: alertRuleLimitSchema,
});
export type AlertRulesResponse = z.infer<typeof alertRulesResponseSchema>;

export const alertRuleResponseSchema = successResponse({ rule: alertRuleSchema });

export const alertRulePauseSchema = z.object({
  paused: z.boolean('paused must be true or false.'),
});

export const alertRuleFiringSchema = z.object({
  id: z.string(),
  rule_id: z.string().nullable(),
  kind: z.enum(ALERT_RULE_KINDS),
  symbol: z.string().nullable(),
  article_id: z.string().nullable(),
  /** What happened, in one line ("NASDAQ:NVDA rose above 181.00: 181.40"). */
  text: z.string(),
  /** Where to read more: the quote or the article (a path of this site). */
  link: z.string(),
  fired_at: z.number(),
});
export type AlertRuleFiring = z.infer<typeof alertRuleFiringSchema>;

export const alertRuleHistoryQueryShape = {
  skip: z.coerce.number('skip must be a whole number.').int().min(0).max(10_000).default(0),
  limit: z.coerce.number('limit must be a whole number.').int().min(1).max(100).default(50),
};

export const alertRuleHistoryResponseSchema = successResponse({
  firings: z.array(alertRuleFiringSchema),
  has_more: z.boolean(),
});
export type AlertRuleHistoryResponse = z.infer<typeof alertRuleHistoryResponseSchema>;

export const ALERT_RULE_LIMIT_REACHED = (max: number, plan: string) =>
  `Your ${plan} plan allows ${String(max)} alert rules. Upgrade to set more.`;
