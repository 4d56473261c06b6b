/**
 * Where the measures, numbers and negations of a figure sentence stand around a token: the
 * positional reading `sentiment-figures.ts` builds its findings from.
 */
import type { Tok } from './sentiment-figure-tokens.ts';
import { word } from './sentiment-figure-tokens.ts';
import type { MeasureKind } from './sentiment-figure-words.ts';
import {
  ASIDES,
  CLAUSE_ENDS,
  kindOf,
  NEGATORS,
  QUALIFIERS,
  REASONS,
  SKIP_FORWARD,
} from './sentiment-figure-words.ts';
/**
 * The measure nearest before `at` within the clause (up to 8 tokens back), passing over asides
 * ("profit before impairment charges increased" is about the profit).
 */
export function measureBefore(toks: readonly Tok[], at: number): MeasureKind | undefined {
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
export function measureAfter(toks: readonly Tok[], at: number): MeasureKind | undefined {
  let seen = 0;
  for (let i = at + 1; i < toks.length && seen < 4; i++) {
    const tok = toks[i];
    const w = word(tok);
    if (CLAUSE_ENDS.has(w) || REASONS.has(w) || w === ',') return undefined;
    if (tok?.t === 'n' || SKIP_FORWARD.has(w)) continue;
    const k = kindOf(w, word(toks[i + 1]));
    if (k) return k;
    seen++;
  }
  return undefined;
}

export function negatedAt(toks: readonly Tok[], at: number): boolean {
  for (let i = Math.max(0, at - 3); i < at; i++) {
    const w = word(toks[i]);
    if (NEGATORS.has(w)) return true;
    if ((w === 'failed' || w === 'fails' || w === 'fail') && word(toks[i + 1]) === 'to')
      return true;
  }
  return false;
}

export function numberAt(toks: readonly Tok[], at: number, span: number): number {
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

export function numberBefore(toks: readonly Tok[], at: number, span: number): number {
  for (let i = at - 1; i >= Math.max(0, at - span); i--) {
    const tok = toks[i];
    // A figure in brackets right after another is that figure converted ("EUR 10 mn ($13 mn)").
    if (tok?.t === 'n' && word(toks[i - 1]) === '(' && toks[i - 2]?.t === 'n') continue;
    if (tok?.t === 'n' && tok.unit !== 'year') return i;
    if (word(tok) === ';' || word(tok) === '.') return -1;
  }
  return -1;
}

/** Measures named right before a number ("a loss of EUR 2 mn", "profit of"). */
export function measureNear(toks: readonly Tok[], at: number): MeasureKind | undefined {
  for (let i = at - 1; i >= Math.max(0, at - 4); i--) {
    const w = word(toks[i]);
    if (toks[i]?.t === 'n' || CLAUSE_ENDS.has(w)) return undefined;
    const k = kindOf(w, word(toks[i + 1]));
    if (k) return k;
  }
  return undefined;
}
