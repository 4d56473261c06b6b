/**
 * The article's calibration. The sentence calibration (`sentiment-calibration.ts`) is fitted on
 * single sentences and headlines, where a deal, a lawsuit, a ruling or a central-bank decision
 * named without a word of direction is mostly labelled neutral. In an article, such an event is
 * itself news a holder acts on: readers label it bullish or bearish by the side it falls on. So
 * for an article whose event class is one of {@link DIRECTIONAL_EVENTS}, the odds of neutral are
 * lowered by a factor fitted for articles (one per event class), and the headline's and lede's
 * own probabilities still say which way it falls. The call itself stays the one rule
 * (`calibratedCall`): a direction only when its probability reaches the threshold, so an article
 * whose parts do not lean either way is still neutral.
 *
 * Fitted by `fit-article-calibration.ts` on the `train` part of `eval/analyst-eval.json` (four
 * of every five articles); the `holdout` part (every fifth) is only measured.
 */
import { readFileSync } from 'node:fs';
import type { ArticleClassification } from '../ai-provider.ts';
import { softmax } from './sentiment-model.ts';

/** Event classes that name a directional event: a deal, a legal or regulatory event, a rate decision … */
export const DIRECTIONAL_EVENTS: readonly ArticleClassification[] = [
  'Mergers and Acquisitions',
  'Analyst Recommendation',
  'Lawsuit',
  'Regulatory Update',
  'Central Bank Policy',
  'Dividend News',
  'IPO News',
  'Insider Trading Report',
];

/** The fitted article calibration, stored in `article-calibration.json`. */
export interface ArticleCalibration {
  /** Per event class, the log-odds taken off neutral (0 or more); a class not named keeps its odds. */
  neutralShift: Partial<Record<ArticleClassification, number>>;
}

export const ARTICLE_CALIBRATION_URL = new URL('./article-calibration.json', import.meta.url);

let shipped: ArticleCalibration | undefined;

/** The shipped article calibration (read once). */
export function loadArticleCalibration(): ArticleCalibration {
  if (!shipped) {
    const parsed: unknown = JSON.parse(readFileSync(ARTICLE_CALIBRATION_URL, 'utf8'));
    const shift = (parsed as { neutralShift?: unknown } | null)?.neutralShift;
    if (typeof shift !== 'object' || shift === null)
      throw new Error('article-calibration.json has no neutralShift');
    shipped = parsed as ArticleCalibration;
  }
  return shipped;
}

/** The article's probabilities from its parts' combined probabilities and its event class. */
export function articleProbabilities(
  calibration: ArticleCalibration,
  event: ArticleClassification,
  [bearish, bullish, neutral]: readonly [bearish: number, bullish: number, neutral: number],
): [bearish: number, bullish: number, neutral: number] {
  const shift = calibration.neutralShift[event] ?? 0;
  if (!shift) return [bearish, bullish, neutral];
  return shifted(shift, [bearish, bullish, neutral]);
}

function shifted(
  shift: number,
  p: readonly [number, number, number],
): [bearish: number, bullish: number, neutral: number] {
  const logits = p.map((v) => Math.log(Math.max(v, 1e-9)));
  logits[2] = (logits[2] ?? 0) - shift;
  const [bearish = 0, bullish = 0, neutral = 1] = softmax(logits);
  return [bearish, bullish, neutral];
}

/** One training article: its event class, its parts' probabilities, its label (−1, 0, +1). */
export interface ArticleFitRow {
  event: ArticleClassification;
  probabilities: readonly [number, number, number];
  label: -1 | 0 | 1;
}

/** The shifts tried, in log-odds. */
const SHIFT_GRID = Array.from({ length: 25 }, (_, i) => i * 0.25);

/**
 * Fits one shift per directional event class: the one with the most right calls under `decide`
 * (the product's rule) on that class's rows, less one for each call of the opposite direction;
 * the smaller log-loss on a tie, then the smaller shift. Classes with fewer than `minRows` rows keep a shift of 0.
 */
export function fitArticleCalibration(
  rows: readonly ArticleFitRow[],
  decide: (p: [number, number, number]) => -1 | 0 | 1,
  minRows = 5,
): ArticleCalibration {
  const neutralShift: Partial<Record<ArticleClassification, number>> = {};
  for (const event of DIRECTIONAL_EVENTS) {
    const own = rows.filter((r) => r.event === event);
    if (own.length < minRows) continue;
    let best = { shift: 0, right: -1, loss: Infinity };
    for (const shift of SHIFT_GRID) {
      let right = 0;
      let loss = 0;
      for (const r of own) {
        const p = shifted(shift, r.probabilities);
        const call = decide(p);
        // A call of the opposite direction misleads more than a neutral one: it costs a right call.
        if (call === r.label) right++;
        else if (call * r.label === -1) right--;
        const k = r.label === -1 ? 0 : r.label === 1 ? 1 : 2;
        loss -= Math.log(Math.max(p[k], 1e-9));
      }
      if (right > best.right || (right === best.right && loss < best.loss - 1e-9))
        best = { shift, right, loss };
    }
    if (best.shift) neutralShift[event] = best.shift;
  }
  return { neutralShift };
}
