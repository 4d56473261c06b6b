/**
 * The words around a lexicon term that change its weight: negators flip it, intensifiers scale
 * it, and "bad quantities" turn "up" into bad news. The terms themselves are in lexicon-terms.ts.
 */

/** Words that flip the sentiment of the next few words. */
export const NEGATORS = new Set([
  'not',
  'no',
  'never',
  'without',
  'nor',
  'neither',
  "didn't",
  "doesn't",
  "don't",
  "won't",
  "isn't",
  "wasn't",
  "aren't",
  'lack',
  'lacks',
  'unable',
]);

/** Two-word negators. */
export const NEGATOR_PAIRS = new Set([
  'fails to',
  'failed to',
  'fail to',
  'failing to',
  'no longer',
]);

/** Words that strengthen (> 1) or soften (< 1) a nearby term. */
export const INTENSIFIERS: Record<string, number> = {
  sharply: 1.5,
  significantly: 1.4,
  substantially: 1.4,
  steep: 1.4,
  steeply: 1.4,
  dramatically: 1.6,
  massively: 1.6,
  strongly: 1.3,
  heavily: 1.3,
  very: 1.3,
  deeply: 1.4,
  huge: 1.4,
  big: 1.2,
  biggest: 1.4,
  largest: 1.3,
  worst: 1.5,
  best: 1.4,
  slightly: 0.5,
  modestly: 0.6,
  marginally: 0.5,
  somewhat: 0.6,
  mildly: 0.6,
  small: 0.7,
  little: 0.5,
  touch: 0.5,
  nudged: 0.5,
  edge: 0.6,
  edges: 0.6,
  edged: 0.6,
};

/** Quantities where "up" is bad news (unemployment rises, costs fall). */
export const BAD_QUANTITIES = new Set([
  'unemployment',
  'jobless',
  'claims',
  'inflation',
  'cost',
  'costs',
  'yield',
  'yields',
  'vacancies',
  'vacancy',
  'inventories',
  'inventory',
  'losses',
  'loss',
  'delinquencies',
  'defaults',
  'debt',
  'layoffs',
  'cancellations',
  'deficit',
  'expenses',
]);
