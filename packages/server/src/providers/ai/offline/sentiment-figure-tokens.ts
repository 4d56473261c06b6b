/*
 * The tokens of a sentence for `sentiment-figures.ts`: words, punctuation and figures with their
 * unit (percent, amount, or a year, day or time that is never compared), sign and currency.
 */

interface WordToken {
  t: 'w';
  text: string;
}
export interface NumberToken {
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
export type Tok = WordToken | NumberToken | PunctToken;

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

/** The words, numbers (with unit, sign and currency) and punctuation of a sentence, lower-cased. */
export function tokens(raw: string): Tok[] {
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

/** A word or punctuation token's text; '' for a number or past the end. */
export function word(tok: Tok | undefined): string {
  return tok?.t === 'w' ? tok.text : tok?.t === 'p' ? tok.text : '';
}

/** The number token `tok`, if it is one. */
export function num(tok: Tok | undefined): NumberToken | undefined {
  return tok?.t === 'n' ? tok : undefined;
}
