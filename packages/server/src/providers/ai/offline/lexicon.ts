/**
 * Our finance sentiment lexicon: words and phrases with weights from −3 (very bearish) to +3
 * (very bullish), scored with negation ("not", "fails to", "without" …) and intensity ("sharply",
 * "slightly", the size of a nearby percentage) handling.
 *
 * Phrases are space-separated tokens as produced by `tokenize`; a trailing `*` matches any word
 * with that prefix (`raise*` matches raises, raised, raising); `?` matches any one word.
 */
import { PLACEHOLDERS, type Token } from './text.ts';

const ENTRIES: Record<string, number> = {
  // results and guidance
  'beat*': 2,
  'top* estimates': 2,
  'top* forecasts': 2,
  'top* expectations': 2,
  'ahead of': 1,
  'above expectations': 2,
  'above estimates': 2,
  'above forecasts': 2,
  'better than expected': 2,
  'better-than-expected': 2,
  'miss*': -2,
  'short of': -2,
  'fell short': -2,
  'falls short': -2,
  'below expectations': -2,
  'below estimates': -2,
  'below forecasts': -2,
  'worse than expected': -2,
  'worse-than-expected': -2,
  'weaker-than-expected': -2,
  'stronger-than-expected': 2,
  'hotter-than-expected': -1,
  'in line': 0,
  'raise* guidance': 3,
  'raise* outlook': 3,
  'raise* forecast': 3,
  'raise* its': 1,
  'lift* its': 1,
  'boost*': 1.5,
  'cut* guidance': -3,
  'cut* outlook': -3,
  'cut* forecast': -3,
  'lower* guidance': -3,
  'lower* outlook': -3,
  'lower* forecast': -3,
  'lower* its': -1.5,
  'trim*': -1,
  'slash*': -2.5,
  'warn*': -2,
  'profit warning': -3,
  record: 1.5,
  'record high': 2,
  'all-time high': 2,
  'strong*': 1.5,
  robust: 1.5,
  resilient: 1,
  solid: 1,
  'weak*': -1.5,
  'soften*': -1,
  softer: -1,
  softness: -1,
  'slow*': -1,
  'stall*': -1.5,
  'squeez*': -1.5,
  'pressure*': -1,
  'headwind*': -1.5,
  'tailwind*': 1.5,
  loss: -1.5,
  losses: -1.5,
  'net loss': -2,
  'swing* to loss': -2.5,
  'swing* to profit': 2.5,
  'first annual profit': 2,
  'narrower loss': 1,
  profit: 0.5,
  growth: 0.7,
  'accelerat*': 1.5,
  'expand*': 1,
  'improv*': 1.5,
  'recover*': 1.2,
  'rebound*': 1.5,
  'stabilis*': 0.8,
  'stabiliz*': 0.8,
  'outperform*': 2,
  'underperform*': -2,
  'decline*': -1.5,
  'drop*': -1.5,
  'fall*': -1.5,
  fell: -1.5,
  down: -1,
  lower: -1,
  higher: 1,
  'rise*': 1.2,
  rising: 1,
  rose: 1.2,
  'gain*': 1.3,
  'climb*': 1.3,
  'jump*': 2,
  'surg*': 2.5,
  'soar*': 2.5,
  'rall*': 2,
  'skyrocket*': 3,
  'plung*': -2.5,
  'plummet*': -2.5,
  'tumbl*': -2.5,
  'slump*': -2,
  'sink*': -2,
  sank: -2,
  slid: -1.5,
  slides: -1.5,
  sliding: -1.5,
  'sell-off': -2,
  'crash*': -3,
  correction: -1.5,
  'double*': 1.5,
  'halv*': -2.5,
  contracted: -1,
  contracts: -0.5,
  contraction: -1.5,
  shrank: -1.5,
  'shrink*': -1.5,
  'stagnat*': -1.2,
  recession: -2,
  inflation: -0.5,
  'cool*': 0.5,
  ease: 0.7,
  eased: 0.7,
  eases: 0.7,
  easing: 0.7,
  // analysts
  'upgrad*': 2.5,
  'downgrad*': -2.5,
  'raise* price target': 1.5,
  'raise* target': 1.5,
  'cut* price target': -1.5,
  'lower* price target': -1.5,
  'buy rating': 1,
  'top picks': 2,
  overweight: 1.5,
  underweight: -2,
  'sell rating': -2,
  'to sell': -1.5,
  upside: 1.5,
  downside: -1.5,
  bullish: 2,
  bearish: -2,
  'optimis*': 1.5,
  'pessimis*': -1.5,
  confidence: 1,
  'fair* valued': 0,
  overvalued: -1.5,
  undervalued: 1,
  stretched: -1,
  'value trap': -2,
  // corporate events
  'layoff*': -2,
  'lay off': -2,
  'job cuts': -2,
  'cut* jobs': -2,
  'cut* about': -1,
  'eliminate*': -1.5,
  'restructur*': -1,
  'bankrupt*': -3,
  chapter: -1,
  'insolven*': -3,
  'going concern': -3,
  'default*': -2.5,
  'fraud*': -3,
  'probe*': -2,
  'investigat*': -1.5,
  'subpoena*': -2,
  'lawsuit*': -1.5,
  'sue*': -1.5,
  'class action': -1.5,
  'fine*': -2,
  'penalt*': -2,
  'recall*': -2,
  'halt*': -2,
  'suspend*': -2,
  grounded: -2,
  ground: -1,
  'outage*': -2,
  'breach*': -2,
  'cyberattack*': -2,
  'delay*': -1.5,
  'postpone*': -1.5,
  'withdr*': -1.5,
  'collaps*': -2.5,
  'terminat*': -1.5,
  'block*': -1.5,
  'reject*': -2,
  'revok*': -2,
  'scrap*': -2,
  'cancel*': -1.5,
  deny: -1,
  denied: -1,
  'dismiss*': 1,
  wins: 1.5,
  win: 1.5,
  won: 1.5,
  'approv*': 2,
  'clear*': 1,
  'award*': 1.5,
  'acquire*': 0.8,
  premium: 1.5,
  'buyback*': 1.5,
  'repurchase*': 1.5,
  'dividend increase*': 2,
  'special dividend': 2,
  'initiat* dividend': 2,
  'reinstat*': 2,
  breakthrough: 2,
  'met the main goal': 2.5,
  positive: 1.5,
  negative: -1.5,
  oversubscribed: 2,
  'discover*': 1.5,
  'opportunit*': 0.8,
  'risk*': -0.8,
  'concern*': -1.2,
  'worr*': -1.5,
  'fear*': -1.8,
  'uncertaint*': -1.2,
  'volatil*': -1,
  'disrupt*': -1.5,
  shortfall: -2,
  'overrun*': -2,
  'liabl*': -1.5,
  damages: -1.2,
  meritless: 0.5,
  accident: -2,
  killed: -2.5,
  contamination: -2,
  stranding: -1.5,
  'hike*': -0.8,
  relief: 1.5,
  'cut rate*': 1,
  'rate cut*': 1.5,
  'cut* interest rates': 1.5,
  'lower* interest rates': 1.5,
  'lower* rates': 1.5,
  'lower* its key rate': 1.5,
  'raise* interest rates': -1.5,
  'raise* rates': -1.5,
  'higher for longer': -2,
  'too high': -1.5,
  steady: 0.3,
  unchanged: 0,
  flat: -0.3,
  mixed: 0,
  'ends negative': 0,
  setback: -2,
  hurdle: -0.5,
  'unlock value': 1,
  smartest: 1.5,
  'reward*': 1.5,
  careful: -1,
  fragile: -2,
  mistake: -2,
  avoid: -1.5,
  ouch: -1,
  'darken*': -1.5,
  'overturn*': 1.5,
  'in favour of': 1.5,
  'in favor of': 1.5,
  'win* dismissal': 2.5,
  'call* off': -2,
  'to acquire': 1,
  'to merge': 1,
  'buy* shares': 1.5,
  buys: 1,
  bought: 1,
  'purchas*': 1,
  'add* to stake': 1.5,
  'raises stake': 1.5,
  sells: -1,
  sold: -0.8,
  'dump*': -2,
  lag: -1,
  lags: -1,
  'lagg*': -1,
  sticky: -1,
  wary: -1,
  'cautio*': -1,
  hawkish: -1.5,
  dovish: 1.5,
  'priced in': -0.5,
  'above range': 1.5,
  'above the range': 1.5,
  'top of its range': 1.5,
  'below the range': -1.5,
  busiest: 1,
  'unveil*': 1,
  'launch*': 1,
  'step* down': -0.5,
  fewer: -0.5,
  lowest: -0.8,
  highest: 0.8,
  best: 1,
  worst: -1.5,
  upbeat: 1.5,
  gloomy: -1.5,
  'benefit*': 1.2,
  'hurt*': -1.5,
  'weigh* on': -1.5,
  'drag*': -1.5,
  'threat*': -1.5,
  crisis: -2,
  freeze: -1,
  loses: -1.5,
  lost: -1.5,
  lose: -1.5,
  'lay* off': -2,
  'raise* ? guidance': 3,
  'raise* ? outlook': 3,
  'raise* ? forecast': 3,
  'cut* ? guidance': -3,
  'cut* ? outlook': -3,
  'cut* ? forecast': -3,
  'lower* ? guidance': -3,
  'lower* ? outlook': -3,
  'lower* ? forecast': -3,
  sell: -0.8,
  'charged with': -2,
};

interface Entry {
  words: string[];
  weight: number;
}

const BY_FIRST_WORD = new Map<string, Entry[]>();
const BY_PREFIX: { prefix: string; entries: Entry[] }[] = [];

for (const [phrase, weight] of Object.entries(ENTRIES)) {
  const words = phrase.split(' ');
  const first = words[0] ?? '';
  const entry = { words, weight };
  if (first.endsWith('*')) {
    const prefix = first.slice(0, -1);
    const group = BY_PREFIX.find((g) => g.prefix === prefix);
    if (group) group.entries.push(entry);
    else BY_PREFIX.push({ prefix, entries: [entry] });
  } else {
    const list = BY_FIRST_WORD.get(first) ?? [];
    list.push(entry);
    BY_FIRST_WORD.set(first, list);
  }
}

function wordMatches(pattern: string, word: string | undefined): boolean {
  if (word === undefined) return false;
  if (pattern === '?') return true;
  if (!pattern.endsWith('*')) return pattern === word;
  const prefix = pattern.slice(0, -1);
  // `fraud*` must not match `fraud-detection`: a prefix never reaches across a hyphen.
  return word.startsWith(prefix) && !word.slice(prefix.length).includes('-');
}

function candidates(word: string): Entry[] {
  const out = [...(BY_FIRST_WORD.get(word) ?? [])];
  for (const g of BY_PREFIX) {
    if (word.startsWith(g.prefix) && !word.slice(g.prefix.length).includes('-')) {
      out.push(...g.entries);
    }
  }
  return out;
}

const NEGATORS = new Set([
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
/** Two-word negators (first word, second word). */
const NEGATOR_PAIRS = new Set(['fails to', 'failed to', 'fail to', 'failing to', 'no longer']);

const INTENSIFIERS: Record<string, number> = {
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

/** One lexicon hit, for explaining a score. */
export interface LexiconHit {
  phrase: string;
  /** Weight after negation and intensity. */
  weight: number;
  negated: boolean;
}

/** Lexicon score of a token sequence (sum of adjusted hits) and the hits. */
export interface LexiconScore {
  score: number;
  hits: LexiconHit[];
}

/** Quantities where "up" is bad news (unemployment rises, costs fall). */
const BAD_QUANTITIES = new Set([
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
/** Movement words whose direction flips after a bad quantity. */
const MOVEMENTS =
  /^(?:ris\w*|rose|fall\w*|fell|climb\w*|jump\w*|drop\w*|declin\w*|surg\w*|soar\w*|plung\w*|tumbl\w*|slump\w*|sink\w*|sank|slid\w*|higher|lower|up|down|increas\w*|gain\w*|doubl\w*|halv\w*|record|highest|lowest)$/;
const RATE_WORDS = new Set(['rate', 'rates']);
const EASING = /^(?:cut\w*|lower\w*|reduc\w*|slash\w*)$/;
const TIGHTENING = /^(?:rais\w*|hike\w*|increas\w*|lift\w*)$/;

/** −1 when a movement word follows a bad quantity ("jobless claims rise"), else 1. */
function polarity(tokens: readonly Token[], at: number): number {
  if (!MOVEMENTS.test(tokens[at]?.text ?? '')) return 1;
  for (let i = Math.max(0, at - 3); i < at; i++) {
    if (BAD_QUANTITIES.has(tokens[i]?.text ?? '')) return -1;
  }
  return BAD_QUANTITIES.has(tokens[at + 1]?.text ?? '') ? -1 : 1;
}

/** Central-bank wording: "cuts (its key) rate" is bullish, "raises rates" bearish. */
function rateDirection(tokens: readonly Token[], at: number): number {
  const verb = tokens[at]?.text ?? '';
  const direction = EASING.test(verb) ? 1.5 : TIGHTENING.test(verb) ? -1.5 : 0;
  if (!direction) return 0;
  for (let i = at + 1; i < Math.min(tokens.length, at + 5); i++) {
    if (RATE_WORDS.has(tokens[i]?.text ?? '')) return direction;
  }
  return 0;
}

function isNegated(tokens: readonly Token[], at: number): boolean {
  for (let i = Math.max(0, at - 3); i < at; i++) {
    const w = tokens[i]?.text ?? '';
    if (NEGATORS.has(w)) return true;
    if (NEGATOR_PAIRS.has(`${w} ${tokens[i + 1]?.text ?? ''}`)) return true;
  }
  return false;
}

function intensity(tokens: readonly Token[], at: number, end: number): number {
  let factor = 1;
  for (let i = Math.max(0, at - 2); i < Math.min(tokens.length, end + 2); i++) {
    if (i >= at && i < end) continue;
    const f = INTENSIFIERS[tokens[i]?.text ?? ''];
    if (f !== undefined) factor *= f;
  }
  // The size of a percentage right after the term ("plunged 30%") scales it.
  for (let i = end; i < Math.min(tokens.length, end + 4); i++) {
    const t = tokens[i];
    if (t?.text !== PLACEHOLDERS.percent || t.value === undefined) continue;
    const size = Math.abs(t.value);
    factor *= size >= 20 ? 1.6 : size >= 10 ? 1.35 : size >= 5 ? 1.1 : size < 1 ? 0.6 : 0.85;
    break;
  }
  return factor;
}

/** Scores tokens against the lexicon, longest phrase first, with negation and intensity. */
export function lexiconScore(tokens: readonly Token[]): LexiconScore {
  const hits: LexiconHit[] = [];
  let score = 0;
  let i = 0;
  while (i < tokens.length) {
    const word = tokens[i]?.text ?? '';
    const rate = rateDirection(tokens, i);
    if (rate) {
      const weight = rate * (isNegated(tokens, i) ? -0.8 : 1);
      hits.push({ phrase: `${word} … rate`, weight, negated: weight * rate < 0 });
      score += weight;
      i++;
      continue;
    }
    let best: Entry | undefined;
    for (const entry of candidates(word)) {
      if (best && entry.words.length <= best.words.length) continue;
      if (entry.words.every((p, k) => wordMatches(p, tokens[i + k]?.text))) best = entry;
    }
    if (!best) {
      i++;
      continue;
    }
    const end = i + best.words.length;
    const negated = isNegated(tokens, i);
    const weight =
      best.weight * (negated ? -0.8 : 1) * polarity(tokens, i) * intensity(tokens, i, end);
    if (weight !== 0) {
      hits.push({ phrase: best.words.join(' '), weight, negated });
      score += weight;
    }
    i = end;
  }
  return { score, hits };
}
