/**
 * Direction of the figures a sentence reports, the way company results and press releases write
 * them: "operating profit rose to EUR 13.1 mn from EUR 8.7 mn", "net sales increased by 5 %",
 * "the loss narrowed", "the company cut 120 jobs", "EUR 5.2 mn compared with EUR 6.0 mn", "swung
 * to a profit". Each finding pairs a direction (up/down, from a verb or from comparing two
 * figures) with the measure it applies to: a good measure (profit, sales, orders) going up is good
 * news, a bad one (loss, costs, debt) going up is bad news. The findings are features of the
 * linear model (`sentiment-features.ts`) and a rule signal of `sentiment.ts`.
 */

/** A measure whose rise is good news, bad news, or unknown. */
export type MeasureKind = 'good' | 'bad' | 'other';

/** One direction found in a sentence. */
export interface FigureFinding {
  kind: MeasureKind;
  direction: 1 | -1;
  /** `figures` when two numbers were compared, `words` when a verb or adjective said it. */
  source: 'figures' | 'words' | 'swing';
  /** +1 good news, −1 bad news, ±0.5 a direction of an unknown measure. */
  polarity: number;
}

interface WordToken {
  t: 'w';
  text: string;
}
interface NumberToken {
  t: 'n';
  value: number;
  /** `year` also covers days of a date and clock times: never compared. */
  unit: 'pct' | 'amount' | 'year';
  signed: 0 | 1 | -1;
  /** No currency, scale or percent sign: a bare number. */
  plain: boolean;
  /** The currency written before it, if any (`eur`, `usd` …). */
  currency: string | undefined;
}

const CURRENCY_NAMES: Record<string, string> = {
  $: 'usd',
  us$: 'usd',
  '€': 'eur',
  '£': 'gbp',
  '¥': 'jpy',
};
interface PunctToken {
  t: 'p';
  text: string;
}
type Tok = WordToken | NumberToken | PunctToken;

const SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mn: 1e6,
  mln: 1e6,
  million: 1e6,
  millions: 1e6,
  bn: 1e9,
  b: 1e9,
  billion: 1e9,
  billions: 1e9,
  tn: 1e12,
  trillion: 1e12,
};

const TOKEN_RE =
  /(?<sign>[+-]|\u2212)?(?:(?<cur>eur|usd|us\$|sek|nok|dkk|gbp|chf|jpy|cny|inr|rub|pln|cad|aud|ltl|lvl|eek|[$€£¥])\s?)?(?<sign2>[+-])?(?<digits>\d[\d,]*(?:\.\d+)?)(?:\s?(?<suffix>%|percent\b|per cent\b|pct\b|percentage points?\b|bn\b|billion\b|billions\b|mn\b|mln\b|million\b|millions\b|m\b|k\b|thousand\b|tn\b|trillion\b|b\b))?|[a-z]+(?:['’][a-z]+)?(?:-[a-z]+)*|[(),;:.]/g;

function tokens(raw: string): Tok[] {
  const out: Tok[] = [];
  for (const m of raw.toLowerCase().matchAll(TOKEN_RE)) {
    const digits = m.groups?.digits;
    if (digits === undefined) {
      const text = m[0].replace('’', "'");
      out.push(/^[a-z]/.test(text) ? { t: 'w', text } : { t: 'p', text });
      continue;
    }
    const base = Number.parseFloat(digits.replace(/,/g, ''));
    if (!Number.isFinite(base)) continue;
    const suffix = (m.groups?.suffix ?? '').trim();
    const sign = m.groups?.sign ?? m.groups?.sign2 ?? '';
    const signed = sign === '+' ? 1 : sign ? -1 : 0;
    const isPct = /%|percent|per cent|pct|percentage/.test(suffix);
    const isYear =
      !isPct && !suffix && !/[$€£¥a-z]/.test(m[0]) && /^(?:19|20)\d\d$/.test(digits) && !signed;
    out.push({
      t: 'n',
      value: isPct ? base : base * (SCALE[suffix] ?? 1),
      unit: isPct ? 'pct' : isYear ? 'year' : 'amount',
      signed,
      plain: !suffix && !/[$€£¥a-z]/.test(m[0]),
      currency: CURRENCY_NAMES[m.groups?.cur ?? ''] ?? m.groups?.cur,
    });
  }
  // Days of dates ("from 1 June to 15 June", "3 to 17 May") and clock times are not figures.
  out.forEach((tok, i) => {
    if (tok.t !== 'n' || !tok.plain || tok.unit !== 'amount') return;
    const near = [out[i - 1], out[i + 1], out[i + 2], out[i + 3]].map((n) =>
      n?.t === 'w' ? n.text : '',
    );
    const isDay = Number.isInteger(tok.value) && tok.value <= 31;
    if (
      (isDay && near.some((w) => MONTHS.test(w))) ||
      /^(?:am|pm|hours|o'clock)$/.test(near[1] ?? '')
    ) {
      tok.unit = 'year';
    }
  });
  return out;
}

const MONTHS =
  /^(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)$/;

const GOOD = new Set(
  (
    'profit profits earnings sales revenue revenues turnover income ebit ebitda ebita eps margin ' +
    'margins result results orders order intake backlog dividend dividends cash flow ' +
    'deliveries shipments volume volumes traffic passengers output production demand price prices ' +
    'share shares stock value profitability customers subscribers bookings occupancy capacity ' +
    'productivity efficiency rating target jobs employees staff workforce personnel headcount ' +
    'market exports savings liquidity solvency equity return returns yield growth ' +
    'pre-tax pretax operating net'
  ).split(' '),
);
/** Words that make a GOOD word above a measure only with a measure word next to them. */
const QUALIFIERS = new Set(['pre-tax', 'pretax', 'operating', 'net', 'market', 'share']);
const BAD = new Set(
  (
    'loss losses cost costs expenses expense debt gearing unemployment layoffs redundancies ' +
    'impairment impairments write-down write-downs writedown writedowns charges provisions ' +
    'inventories churn defaults deficit arrears delinquencies absence claims'
  ).split(' '),
);

const UP_INTRANSITIVE =
  /^(?:rose|rise|rises|rising|risen|grew|grow|grows|growing|grown|climb\w*|jump\w*|surg\w*|soar\w*|gain\w*|deepen\w*|rebound\w*|recover\w*|doubled|tripled|up|higher|widen\w*|expanded|increas\w*|improv\w*|strengthen\w*|boost\w*|rais\w*|lift\w*|raise|grew|peaked|topped|exceed\w*|accelerat\w*|better|stronger|larger|bigger|more)$/;
const DOWN_INTRANSITIVE =
  /^(?:deteriorat\w*|worsen\w*|fell|fall|falls|falling|fallen|declin\w*|decreas\w*|drop\w*|slid|slide\w*|sliding|slump\w*|plung\w*|tumbl\w*|sank|sink\w*|shrank|shrink\w*|shrunk|contract\w*|dipped|dip|dips|eas\w*|down|lower\w*|narrow\w*|weaken\w*|deteriorat\w*|halved|reduc\w*|cut|cuts|cutting|slash\w*|trim\w*|worse|weaker|smaller|less|fewer|lost|erod\w*|eliminat\w*)$/;
/** Words that take their measure after them ("cut 120 jobs", "higher sales", "increase in"). */
const FORWARD_FIRST =
  /^(?:increas\w*|decreas\w*|improv\w*|reduc\w*|cut|cuts|cutting|slash\w*|trim\w*|boost\w*|rais\w*|lift\w*|raise|lower\w*|higher|better|stronger|weaker|worse|larger|smaller|bigger|more|less|fewer|grow\w*|growth|declin\w*|drop|rise|fall|eliminat\w*|doubled|halved|strengthen\w*|weaken\w*|expand\w*|widen\w*|narrow\w*|record)$/;
/** Words that judge rather than measure: "gearing improved" is good whatever gearing is. */
const JUDGING_UP = /^(?:improv\w*|strengthen\w*|recover\w*|better|stronger)$/;
const JUDGING_DOWN = /^(?:deteriorat\w*|weaken\w*|worsen\w*|worse|weaker)$/;
const NEGATORS = new Set(['not', 'no', 'never', "didn't", "doesn't", "wasn't", 'without', 'nor']);
const CLAUSE_ENDS = new Set([';', '.', ':', 'while', 'whereas', 'but', 'although', 'however']);
const COMPARATORS = new Set(['compared', 'versus', 'vs', 'against', 'after']);
const SKIP_FORWARD = new Set([
  'its',
  'the',
  'their',
  'our',
  'his',
  'her',
  'a',
  'an',
  'in',
  'of',
  'total',
  'group',
  "group's",
  "company's",
  'annual',
  'quarterly',
  'full-year',
  'comparable',
  'consolidated',
  'by',
  'about',
  'some',
  'around',
  'approximately',
  'nearly',
  'almost',
  'over',
  'to',
]);

function word(tok: Tok | undefined): string {
  return tok?.t === 'w' ? tok.text : tok?.t === 'p' ? tok.text : '';
}

function kindOf(text: string, next: string): MeasureKind | undefined {
  if (BAD.has(text)) return 'bad';
  if (text === 'loss-making') return 'bad';
  if (QUALIFIERS.has(text)) {
    if (BAD.has(next)) return 'bad';
    return GOOD.has(next) ? 'good' : undefined;
  }
  return GOOD.has(text) ? 'good' : undefined;
}

/** Words that start an aside about a measure: "profit before impairment charges". */
const ASIDES = new Set(['before', 'excluding', 'including', 'ex', 'less']);

/**
 * The measure nearest before `at` within the clause (up to 8 tokens back), passing over asides
 * ("profit before impairment charges increased" is about the profit).
 */
function measureBefore(toks: readonly Tok[], at: number): MeasureKind | undefined {
  for (let i = at - 1; i >= Math.max(0, at - 8); i--) {
    const w = word(toks[i]);
    if (CLAUSE_ENDS.has(w)) return undefined;
    const k = kindOf(w, word(toks[i + 1]));
    if (!k) continue;
    if (ASIDES.has(word(toks[i - 1])) || ASIDES.has(word(toks[i - 2]))) continue;
    return k;
  }
  return undefined;
}

/** The measure right after `at` (determiners, numbers and "by" skipped; up to 4 tokens). */
function measureAfter(toks: readonly Tok[], at: number): MeasureKind | undefined {
  let seen = 0;
  for (let i = at + 1; i < toks.length && seen < 4; i++) {
    const tok = toks[i];
    const w = word(tok);
    if (CLAUSE_ENDS.has(w) || w === ',') return undefined;
    if (tok?.t === 'n' || SKIP_FORWARD.has(w)) continue;
    const k = kindOf(w, word(toks[i + 1]));
    if (k) return k;
    seen++;
  }
  return undefined;
}

function negatedAt(toks: readonly Tok[], at: number): boolean {
  for (let i = Math.max(0, at - 3); i < at; i++) {
    const w = word(toks[i]);
    if (NEGATORS.has(w)) return true;
    if ((w === 'failed' || w === 'fails' || w === 'fail') && word(toks[i + 1]) === 'to')
      return true;
  }
  return false;
}

function polarityOf(kind: MeasureKind, direction: 1 | -1): number {
  if (kind === 'good') return direction;
  if (kind === 'bad') return -direction;
  return direction * 0.5;
}

function numberAt(toks: readonly Tok[], at: number, span: number): number {
  for (let i = at; i < Math.min(toks.length, at + span); i++) {
    const tok = toks[i];
    if (tok?.t === 'n' && tok.unit !== 'year') return i;
    if (
      tok?.t === 'w' &&
      !SKIP_FORWARD.has(tok.text) &&
      !QUALIFIERS.has(tok.text) &&
      !kindOf(tok.text, '')
    ) {
      if (!/^(?:eur|usd|sek|a|an|loss|profit|level|of|mn|m|bn)$/.test(tok.text)) return -1;
    }
  }
  return -1;
}

function numberBefore(toks: readonly Tok[], at: number, span: number): number {
  for (let i = at - 1; i >= Math.max(0, at - span); i--) {
    const tok = toks[i];
    // A figure in brackets right after another is that figure converted ("EUR 10 mn ($13 mn)").
    if (tok?.t === 'n' && word(toks[i - 1]) === '(' && toks[i - 2]?.t === 'n') continue;
    if (tok?.t === 'n' && tok.unit !== 'year') return i;
    if (word(tok) === ';' || word(tok) === '.') return -1;
  }
  return -1;
}

function num(tok: Tok | undefined): NumberToken | undefined {
  return tok?.t === 'n' ? tok : undefined;
}

/** Measures named right before a number ("a loss of EUR 2 mn", "profit of"). */
function measureNear(toks: readonly Tok[], at: number): MeasureKind | undefined {
  for (let i = at - 1; i >= Math.max(0, at - 4); i--) {
    const w = word(toks[i]);
    if (toks[i]?.t === 'n' || CLAUSE_ENDS.has(w)) return undefined;
    const k = kindOf(w, word(toks[i + 1]));
    if (k) return k;
  }
  return undefined;
}

/** Compares figure `b` (the new one) with figure `a` (the old one); adds a finding. */
function compare(
  toks: readonly Tok[],
  newAt: number,
  oldAt: number,
  anchor: number,
  out: FigureFinding[],
): boolean {
  const b = num(toks[newAt]);
  const a = num(toks[oldAt]);
  if (!a || !b || (a.unit === 'pct') !== (b.unit === 'pct')) return false;
  // "EUR 10 mn ($ 13 mn)" is the same figure in another currency.
  if (a.currency && b.currency && a.currency !== b.currency) return false;
  const newKind = measureNear(toks, newAt);
  const oldKind = measureNear(toks, oldAt);
  if (newKind && oldKind && newKind !== oldKind && newKind !== 'other' && oldKind !== 'other') {
    // "a profit of X compared with a loss of Y", "from a loss of A to a profit of B".
    out.push({
      kind: newKind,
      direction: 1,
      source: 'swing',
      polarity: newKind === 'good' ? 1 : -1,
    });
    return true;
  }
  const va = a.signed === -1 ? -a.value : a.value;
  const vb = b.signed === -1 ? -b.value : b.value;
  if (va === vb) return true;
  const direction = vb > va ? 1 : -1;
  const kind = newKind ?? oldKind ?? measureBefore(toks, Math.min(newAt, oldAt)) ?? 'other';
  // Two bare numbers about no named measure ("from 3 to 5 members") say nothing.
  if (kind === 'other' && a.plain && b.plain) return false;
  const sign = negatedAt(toks, anchor) ? -1 : 1;
  out.push({ kind, direction, source: 'figures', polarity: sign * polarityOf(kind, direction) });
  return true;
}

/** Finds the reported directions of a sentence. */
export function figureFindings(raw: string): FigureFinding[] {
  const toks = tokens(raw);
  const out: FigureFinding[] = [];
  const usedNumbers = new Set<number>();
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i];
    const w = word(tok);
    // Figure comparisons.
    if (w === 'from') {
      const a = numberAt(toks, i + 1, 4);
      if (a < 0) continue;
      // "from A to B"
      for (let j = a + 1; j < Math.min(toks.length, a + 8); j++) {
        if (word(toks[j]) !== 'to') continue;
        const b = numberAt(toks, j + 1, 5);
        if (b >= 0 && compare(toks, b, a, i, out)) usedNumbers.add(a).add(b);
        break;
      }
      if (usedNumbers.has(a)) continue;
      // "to B from A", "B, up from A", "rose to B from A"
      const b = numberBefore(toks, i, 6);
      if (b >= 0 && !usedNumbers.has(b) && compare(toks, b, a, i, out)) {
        usedNumbers.add(a).add(b);
      }
      continue;
    }
    if (COMPARATORS.has(w) || (w === 'compared' && /^(?:with|to)$/.test(word(toks[i + 1])))) {
      const start = w === 'compared' ? i + 2 : i + 1;
      const a = numberAt(toks, start, 6);
      const b = numberBefore(toks, i, 10);
      if (a >= 0 && b >= 0 && !usedNumbers.has(a) && compare(toks, b, a, i, out)) {
        usedNumbers.add(a).add(b);
      }
      continue;
    }
    if (w === '(' && tok?.t === 'p') {
      // "net sales EUR 12.1 mn (EUR 10.4 mn)": the year-earlier figure in brackets.
      const b = toks[i - 1]?.t === 'n' ? i - 1 : -1;
      const a = toks[i + 1]?.t === 'n' ? i + 1 : -1;
      if (a >= 0 && b >= 0 && word(toks[i + 2]) === ')' && compare(toks, b, a, i, out)) {
        usedNumbers.add(a).add(b);
      }
      continue;
    }
    // Swings: "swung to a profit", "turned into a loss", "into the red".
    if (
      /^(?:swung|swing|swings|turned|turn|turns|returned|return|returns|fell|slipped|plunged|dipped|went)$/.test(
        w,
      )
    ) {
      const next = [1, 2, 3, 4].map((k) => word(toks[i + k]));
      const into = next[0] === 'to' || next[0] === 'into' || next[0] === 'back';
      if (into) {
        const rest = next.slice(1).join(' ');
        if (/\b(?:profit|profitability|black)\b/.test(rest)) {
          out.push({ kind: 'good', direction: 1, source: 'swing', polarity: 1 });
          continue;
        }
        if (/\b(?:loss|red)\b/.test(rest)) {
          out.push({ kind: 'bad', direction: 1, source: 'swing', polarity: -1 });
          continue;
        }
      }
    }
    if (tok?.t !== 'w') continue;
    const up = UP_INTRANSITIVE.test(w);
    const down = !up && DOWN_INTRANSITIVE.test(w);
    if (!up && !down) continue;
    const after = word(toks[i + 1]);
    if ((w === 'up' || w === 'down') && /^(?:to|for|on|with|and)$/.test(after)) continue;
    if (word(toks[i - 1]) === 'step' || word(toks[i - 1]) === 'set') continue;
    // "down" or "up" in "up from" / "down from" is handled as a figure comparison too.
    const direction: 1 | -1 = up ? 1 : -1;
    const kind = FORWARD_FIRST.test(w)
      ? (measureAfter(toks, i) ?? measureBefore(toks, i))
      : (measureBefore(toks, i) ?? measureAfter(toks, i));
    if (!kind) continue;
    const sign = negatedAt(toks, i) ? -1 : 1;
    const judged = JUDGING_UP.test(w) || JUDGING_DOWN.test(w);
    const polarity = judged ? direction : polarityOf(kind, direction);
    const k: MeasureKind = judged ? 'good' : kind;
    out.push({ kind: k, direction, source: 'words', polarity: sign * polarity });
  }
  return out;
}

/** Sum of the findings' polarities, figure comparisons counting double, within −3 … 3. */
export function figureSignal(findings: readonly FigureFinding[]): number {
  let total = 0;
  for (const f of findings) total += f.polarity * (f.source === 'words' ? 1 : 1.5);
  return Math.max(-3, Math.min(3, total));
}

/** Model features of the findings: `<fig:good_up>`, `<cmp:bad_down>`, `<figpol:pos>` … */
export function figureFeatures(raw: string): string[] {
  const findings = figureFindings(raw);
  const out: string[] = [];
  let pos = 0;
  let neg = 0;
  for (const f of findings) {
    const dir = f.direction === 1 ? 'up' : 'down';
    const flipped = Math.sign(f.polarity) !== Math.sign(polarityOf(f.kind, f.direction));
    out.push(`<fig:${f.kind}_${dir}${flipped ? '_not' : ''}>`);
    if (f.source !== 'words') out.push(`<cmp:${f.polarity > 0 ? 'pos' : 'neg'}>`);
    if (f.polarity > 0) pos++;
    else if (f.polarity < 0) neg++;
  }
  if (pos || neg) out.push(pos && neg ? '<figpol:mixed>' : pos ? '<figpol:pos>' : '<figpol:neg>');
  return out;
}
