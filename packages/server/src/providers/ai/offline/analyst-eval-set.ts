/**
 * The team's labelled articles (`eval/analyst-eval.json`: headline + lede, labelled for
 * sentiment, classification and defcon) and their split: every fifth article is `holdout`, never
 * fitted on; the rest is `train`, on which the article calibration is fitted.
 */
import { readFileSync } from 'node:fs';
import { ARTICLE_CLASSIFICATIONS } from '../ai-provider.ts';

/** One hand-labelled item of the evaluation set. */
export interface EvalItem {
  title: string;
  lede: string;
  /** −1 bearish, 0 neutral, +1 bullish. */
  sentiment: -1 | 0 | 1;
  classification: string;
  defcon: number;
}

export type EvalSplit = 'train' | 'holdout';

const EVAL_FILE = new URL('./eval/analyst-eval.json', import.meta.url);

/** The split of the item at `index` in the file. */
export function evalSplit(index: number): EvalSplit {
  return index % 5 === 4 ? 'holdout' : 'train';
}

/** Every item of the evaluation set, in file order. */
export function readEvalSet(): EvalItem[] {
  const parsed: unknown = JSON.parse(readFileSync(EVAL_FILE, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error('analyst-eval.json must be an array');
  const categories: readonly string[] = ARTICLE_CLASSIFICATIONS;
  parsed.forEach((raw: unknown, i) => {
    const item = raw as Partial<EvalItem>;
    const ok =
      typeof item.title === 'string' &&
      typeof item.lede === 'string' &&
      [-1, 0, 1].includes(item.sentiment ?? NaN) &&
      categories.includes(item.classification ?? '') &&
      [1, 2, 3, 4, 5].includes(item.defcon ?? NaN);
    if (!ok) throw new Error(`analyst-eval.json item ${i} is malformed`);
  });
  return parsed as EvalItem[];
}
