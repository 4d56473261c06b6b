/**
 * Fits the article calibration (`article-calibration.ts`) on the `train` part of
 * `eval/analyst-eval.json` and writes `article-calibration.json`. The `holdout` part (every
 * fifth article) is not read here; `npm run eval:analyst` reports it on its own.
 * Run: `node packages/server/src/providers/ai/offline/fit-article-calibration.ts`.
 */
import { writeFileSync } from 'node:fs';
import {
  ARTICLE_CALIBRATION_URL,
  fitArticleCalibration,
  type ArticleFitRow,
} from './article-calibration.ts';
import { evalSplit, readEvalSet } from './analyst-eval-set.ts';
import { readArticle } from './offline-ai-provider.ts';
import { calibratedCall } from './sentiment-calibration.ts';
import { loadShippedSentimentModel } from './sentiment-model.ts';
import { partsProbabilities, sentimentParts } from './sentiment.ts';

function main(): void {
  const model = loadShippedSentimentModel();
  const threshold = model.calibration?.threshold;
  if (threshold === undefined) throw new Error('the sentiment model has no calibration');
  const rows: ArticleFitRow[] = [];
  readEvalSet().forEach((item, i) => {
    if (evalSplit(i) !== 'train') return;
    const read = readArticle({ title: item.title, text: item.lede });
    if (read.ruled) return;
    const parts = sentimentParts(model, read.title, read.sentences);
    rows.push({
      event: read.classification,
      probabilities: partsProbabilities(model, parts),
      label: item.sentiment,
    });
  });
  const calibration = fitArticleCalibration(rows, (p) => {
    const call = calibratedCall(threshold, p).sentiment;
    return call === 'bullish' ? 1 : call === 'bearish' ? -1 : 0;
  });
  writeFileSync(ARTICLE_CALIBRATION_URL, `${JSON.stringify(calibration, null, 2)}\n`);
  console.log(`fitted on ${rows.length} training articles:`, calibration.neutralShift);
}

main();
