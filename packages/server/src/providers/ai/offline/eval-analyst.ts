/**
 * Measures the offline analyst: per-field accuracy on our labelled evaluation set
 * (`eval/analyst-eval.json`); the sentiment on each set it never trained on (`valid.csv`, the
 * held-out parts of our announcement and press-release sentences) per class (precision, recall,
 * confusion matrix) with a calibration table (accuracy by confidence band); and single-core
 * throughput (articles and sentences a second). Run: `npm run eval:analyst [-- --verbose] [-- --data <dir>]`.
 */
import { performance } from 'node:perf_hooks';
import { ARTICLE_CLASSIFICATIONS, type AiAnalysis } from '../ai-provider.ts';
import { evalSplit, readEvalSet } from './analyst-eval-set.ts';
import { financeSentimentDir, readFinanceSentiment } from './finance-sentiment-data.ts';
import { calibrationTable, classificationMetrics, pct } from './metrics.ts';
import { analyzeArticle } from './offline-ai-provider.ts';
import { analyzeSentiment } from './sentiment.ts';
import { MODEL_LABELS, loadShippedSentimentModel, type SentimentModel } from './sentiment-model.ts';
import {
  readAnnouncementSentences,
  readMildDirectionSentences,
  readPressReleaseSentences,
} from './sentiment-press-release.ts';

const THROUGHPUT_PASSES = 10;

function sign(analysis: AiAnalysis): number {
  return analysis.sentiment === 'bullish' ? 1 : analysis.sentiment === 'bearish' ? -1 : 0;
}

/** The three labels in the order the tables print them. */
const TABLE_LABELS = ['bullish', 'neutral', 'bearish'] as const;

/**
 * The sentiment's figures on one labelled set: accuracy, macro-F1, per class precision and
 * recall, the confusion matrix, the goal table's measures (direction where it commits, neutral
 * called polar, polar called neutral) and the calibration table (accuracy by confidence band).
 */
function reportSentiment(
  model: SentimentModel,
  name: string,
  rows: readonly { text: string; label: string }[],
): void {
  const results = rows.map((r) => analyzeSentiment(model, r.text, []));
  const predicted = results.map((r) => r.sentiment);
  const m = classificationMetrics(
    rows.map((r) => r.label),
    predicted,
    MODEL_LABELS,
  );
  let committed = 0;
  let right = 0;
  let polar = 0;
  let polarNeutral = 0;
  let neutral = 0;
  let neutralPolar = 0;
  rows.forEach((r, i) => {
    const p = predicted[i];
    if (r.label === 'neutral') {
      neutral++;
      if (p !== 'neutral') neutralPolar++;
      return;
    }
    polar++;
    if (p === 'neutral') polarNeutral++;
    else {
      committed++;
      if (p === r.label) right++;
    }
  });
  const ratio = (a: number, b: number) => `${pct(a / Math.max(1, b))} (${a} of ${b})`;
  console.log(`${name}: ${rows.length} sentences`);
  console.log(`  accuracy ${pct(m.accuracy)}, macro-F1 ${pct(m.macroF1)}`);
  console.log(
    `  direction where it commits ${pct(right / Math.max(1, committed))}, ` +
      `neutral called polar ${ratio(neutralPolar, neutral)}, ` +
      `polar called neutral ${ratio(polarNeutral, polar)}`,
  );
  console.log('  class      precision  recall       F1 | called bullish  neutral  bearish');
  for (const label of TABLE_LABELS) {
    const row = m.confusion[label] ?? {};
    console.log(
      `  ${label.padEnd(9)}  ${pct(m.precision[label] ?? 0).padStart(9)}  ` +
        `${pct(m.recall[label] ?? 0).padStart(7)}  ${pct(m.f1[label] ?? 0).padStart(7)} | ` +
        TABLE_LABELS.map((p) => String(row[p] ?? 0).padStart(p === 'bullish' ? 14 : 8)).join(' '),
    );
  }
  const table = calibrationTable(
    results.map((r) => r.confidence),
    results.map((r, i) => r.sentiment === rows[i]?.label),
  );
  console.log('  confidence  calls  accuracy  (mean confidence)');
  for (const band of table) {
    if (!band.calls) continue;
    console.log(
      `  ${band.from.toFixed(1)}-${band.to.toFixed(1)}    ${String(band.calls).padStart(5)}  ` +
        `${pct(band.accuracy).padStart(8)}  (${band.meanConfidence.toFixed(2)})`,
    );
  }
}

/**
 * Sentences a second through the sentiment on one core: every own sentence, several passes,
 * by the CPU time of this process (the wall clock suffers when other processes share the core).
 */
function sentenceThroughput(model: SentimentModel, texts: readonly string[]): void {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  let n = 0;
  for (let pass = 0; pass < THROUGHPUT_PASSES; pass++) {
    for (const text of texts) {
      analyzeSentiment(model, text, []);
      n++;
    }
  }
  const seconds = (performance.now() - wallStart) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  console.log(
    `Sentence throughput: ${Math.round(n / cpuSeconds)} sentences/s on one core by CPU time, ` +
      `${Math.round(n / seconds)} by the wall clock (${n} sentences in ${cpuSeconds.toFixed(2)} s ` +
      `CPU; target ≥ 3,000)`,
  );
}

function main(): void {
  const verbose = process.argv.includes('--verbose');
  const model = loadShippedSentimentModel();
  const items = readEvalSet();
  const results = items.map((item) =>
    analyzeArticle(model, { title: item.title, text: item.lede }),
  );

  let sentimentOk = 0;
  const bySplit = { train: { n: 0, ok: 0 }, holdout: { n: 0, ok: 0 } };
  let classOk = 0;
  let defconExact = 0;
  let defconNear = 0;
  const perClass = new Map<string, { n: number; ok: number }>();
  items.forEach((item, i) => {
    const r = results[i];
    if (!r) return;
    const s = sign(r) === item.sentiment;
    const c = r.classification === item.classification;
    const d = Math.abs(r.defcon_level - item.defcon);
    if (s) sentimentOk++;
    const split = bySplit[evalSplit(i)];
    split.n++;
    if (s) split.ok++;
    if (c) classOk++;
    if (d === 0) defconExact++;
    if (d <= 1) defconNear++;
    const pc = perClass.get(item.classification) ?? { n: 0, ok: 0 };
    pc.n++;
    if (c) pc.ok++;
    perClass.set(item.classification, pc);
    if (verbose && (!s || !c || d > 1)) {
      console.log(
        `- ${item.title}\n    sentiment ${item.sentiment}→${sign(r)} (${r.sentiment_score})` +
          `  class ${item.classification}→${r.classification}  defcon ${item.defcon}→${r.defcon_level}`,
      );
    }
  });
  const n = items.length;
  console.log(`Evaluation set: ${n} hand-labelled headline + lede pairs (eval/analyst-eval.json)`);
  console.log(`  sentiment sign        ${pct(sentimentOk / n)}   (target ≥ 80 %)`);
  console.log(
    `    train (${bySplit.train.n}, the article calibration is fitted on it) ` +
      pct(bySplit.train.ok / bySplit.train.n) +
      `, holdout (${bySplit.holdout.n}, every fifth, never fitted on) ` +
      pct(bySplit.holdout.ok / bySplit.holdout.n),
  );
  console.log(`  classification        ${pct(classOk / n)}   (target ≥ 70 %)`);
  console.log(`  defcon level exact    ${pct(defconExact / n)}`);
  console.log(`  defcon level ±1       ${pct(defconNear / n)}   (target ≥ 80 %)`);
  console.log('  classification by category:');
  for (const category of ARTICLE_CLASSIFICATIONS) {
    const pc = perClass.get(category);
    if (pc) console.log(`    ${category.padEnd(26)} ${pc.ok}/${pc.n}`);
  }

  const valid = readFinanceSentiment(financeSentimentDir(), 'valid');
  const modelOnly = classificationMetrics(
    valid.map((v) => v.label),
    valid.map((v) => model.classify(v.text)),
    MODEL_LABELS,
  );
  console.log(
    `valid.csv, the linear model alone: accuracy ${pct(modelOnly.accuracy)}, ` +
      `macro-F1 ${pct(modelOnly.macroF1)}`,
  );
  console.log("The product's call (lexicon + figures + model, calibrated), sets never trained on:");
  reportSentiment(model, 'valid.csv (finance headlines)', valid);
  reportSentiment(
    model,
    'Own announcement sentences, holdout',
    readAnnouncementSentences('holdout'),
  );
  reportSentiment(
    model,
    'Own mild-direction sentences, holdout',
    readMildDirectionSentences('holdout'),
  );
  reportSentiment(
    model,
    'Own press-release sentences, holdout',
    readPressReleaseSentences('holdout'),
  );
  reportSentiment(
    model,
    'Own press-release sentences, holdout-b',
    readPressReleaseSentences('holdout-b'),
  );
  const own = [
    ...readAnnouncementSentences('train'),
    ...readAnnouncementSentences('holdout'),
    ...readMildDirectionSentences('train'),
    ...readMildDirectionSentences('holdout'),
    ...readPressReleaseSentences('train'),
    ...readPressReleaseSentences('holdout'),
    ...readPressReleaseSentences('holdout-b'),
  ].map((r) => r.text);
  sentenceThroughput(model, own);

  const start = performance.now();
  const cpuStart = process.cpuUsage();
  let analysed = 0;
  for (let pass = 0; pass < THROUGHPUT_PASSES; pass++) {
    for (const item of items) {
      analyzeArticle(model, { title: item.title, text: item.lede });
      analysed++;
    }
  }
  const seconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  // Wall time suffers when other processes share the core; CPU time is this process's own.
  console.log(
    `Throughput: ${Math.round(analysed / seconds)} articles/s on one core by the wall clock, ` +
      `${Math.round(analysed / cpuSeconds)} by CPU time (${analysed} analyses in ` +
      `${seconds.toFixed(2)} s, ${cpuSeconds.toFixed(2)} s CPU; target ≥ 1,000)`,
  );
}

main();
