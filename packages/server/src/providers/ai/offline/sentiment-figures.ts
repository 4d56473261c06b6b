/**
 * Direction of the figures a sentence reports, the way company results and press releases write
 * them: "operating profit rose to EUR 13.1 mn from EUR 8.7 mn", "net sales increased by 5 %",
 * "the loss narrowed", "the company cut 120 jobs", "EUR 5.2 mn compared with EUR 6.0 mn", "swung
 * to a profit". Each finding pairs a direction (up/down, from a verb or from comparing two
 * figures) with the measure it applies to: a good measure (profit, sales, orders) going up is good
 * news, a bad one (loss, costs, debt) going up is bad news. The findings are features of the
 * linear model (`sentiment-features.ts`) and a rule signal of `sentiment.ts`.
 */
import type { Tok } from './sentiment-figure-tokens.ts';
import { num, tokens, word } from './sentiment-figure-tokens.ts';
import type { MeasureKind } from './sentiment-figure-words.ts';
import {
  measureAfter,
  measureBefore,
  measureNear,
  negatedAt,
  numberAt,
  numberBefore,
} from './sentiment-figure-positions.ts';
import {
  COMPARATORS,
  DOWN_INTRANSITIVE,
  FORWARD_FIRST,
  JUDGING_DOWN,
  JUDGING_UP,
  UP_INTRANSITIVE,
} from './sentiment-figure-words.ts';

export type { MeasureKind } from './sentiment-figure-words.ts';

/** One direction found in a sentence. */
export interface FigureFinding {
  kind: MeasureKind;
  direction: 1 | -1;
  /** `figures` when two numbers were compared, `words` when a verb or adjective said it. */
  source: 'figures' | 'words' | 'swing';
  /** +1 good news, −1 bad news, ±0.5 a direction of an unknown measure. */
  polarity: number;
}

function polarityOf(kind: MeasureKind, direction: 1 | -1): number {
  if (kind === 'good') return direction;
  if (kind === 'bad') return -direction;
  return direction * 0.5;
}

/**
 * Two figures set side by side without a word of change ("EUR 12.1 mn, compared with EUR 11.7
 * mn", "EUR 24.6 mn (EUR 24.9 mn)") report a direction only when they differ by at least this
 * share of the larger one: a few per cent either way is plain reporting, read as neutral.
 */
export const MATERIAL_CHANGE = 0.1;

/** Whether the sentence has a word of change ("rose", "fell", "narrowed", "up" …). */
function hasChangeWord(toks: readonly Tok[]): boolean {
  return toks.some(
    (t) => t.t === 'w' && (UP_INTRANSITIVE.test(t.text) || DOWN_INTRANSITIVE.test(t.text)),
  );
}

/**
 * Compares figure `b` (the new one) with figure `a` (the old one); adds a finding. With
 * `verbless` (no word of change in the sentence) a difference below {@link MATERIAL_CHANGE}
 * adds none.
 */
function compare(
  toks: readonly Tok[],
  newAt: number,
  oldAt: number,
  anchor: number,
  out: FigureFinding[],
  verbless = false,
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
  // A bare figure beside a scaled one is in the same scale: "SEK 1,203 mn (1,188)".
  const steps =
    a.plain && !b.plain && a.value > 0 ? Math.round(Math.log10(b.value / a.value) / 3) : 0;
  const aValue = steps > 0 ? a.value * 1000 ** steps : a.value;
  const va = a.signed === -1 ? -aValue : aValue;
  const vb = b.signed === -1 ? -b.value : b.value;
  if (va === vb) return true;
  if (verbless && Math.abs(vb - va) < MATERIAL_CHANGE * Math.max(Math.abs(va), Math.abs(vb))) {
    return true;
  }
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
  let verbless: boolean | undefined;
  const isVerbless = () => (verbless ??= !hasChangeWord(toks));
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
      if (a >= 0 && b >= 0 && !usedNumbers.has(a) && compare(toks, b, a, i, out, isVerbless())) {
        usedNumbers.add(a).add(b);
      }
      continue;
    }
    if (w === '(' && tok?.t === 'p') {
      // "net sales EUR 12.1 mn (EUR 10.4 mn)": the year-earlier figure in brackets.
      const b = toks[i - 1]?.t === 'n' ? i - 1 : -1;
      const a = toks[i + 1]?.t === 'n' ? i + 1 : -1;
      if (
        a >= 0 &&
        b >= 0 &&
        word(toks[i + 2]) === ')' &&
        compare(toks, b, a, i, out, isVerbless())
      ) {
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
