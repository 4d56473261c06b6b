/**
 * Measures the offline analyst: per-field accuracy on our labelled evaluation set
 * (`eval/analyst-eval.json`), the sentiment's accuracy and macro-F1 on `valid.csv` and on the
 * held-out part of our press-release sentences (`eval/press-release-sentences.csv`), and
 * single-core throughput. Run: `npm run eval:analyst [-- --verbose] [-- --data <dir>]`.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { ARTICLE_CLASSIFICATIONS, type AiAnalysis } from '../ai-provider.ts';
import { financeSentimentDir, readFinanceSentiment } from './finance-sentiment-data.ts';
import { classificationMetrics, pct } from './metrics.ts';
import { analyzeArticle } from './offline-ai-provider.ts';
import { analyzeSentiment } from './sentiment.ts';
import { MODEL_LABELS, loadShippedSentimentModel, type SentimentModel } from './sentiment-model.ts';
import { readPressReleaseSentences } from './sentiment-press-release.ts';

/** One hand-labelled item of the evaluation set. */
interface EvalItem {
  title: string;
  lede: string;
  /** −1 bearish, 0 neutral, +1 bullish. */
  sentiment: -1 | 0 | 1;
  classification: string;
  defcon: number;
}

const EVAL_FILE = new URL('./eval/analyst-eval.json', import.meta.url);
const THROUGHPUT_PASSES = 10;

function readEvalSet(): EvalItem[] {
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

function sign(analysis: AiAnalysis): number {
  return analysis.sentiment === 'bullish' ? 1 : analysis.sentiment === 'bearish' ? -1 : 0;
}

/** Accuracy, macro-F1, direction where it commits and polar items called neutral. */
function sentimentFigures(
  model: SentimentModel,
  rows: readonly { text: string; label: string }[],
): string {
  const predicted = rows.map((r) => analyzeSentiment(model, r.text, []).sentiment);
  const m = classificationMetrics(
    rows.map((r) => r.label),
    predicted,
    MODEL_LABELS,
  );
  let committed = 0;
  let right = 0;
  let polar = 0;
  let calledNeutral = 0;
  rows.forEach((r, i) => {
    const p = predicted[i];
    if (r.label === 'neutral') return;
    polar++;
    if (p === 'neutral') calledNeutral++;
    else {
      committed++;
      if (p === r.label) right++;
    }
  });
  return (
    `accuracy ${pct(m.accuracy)}, macro-F1 ${pct(m.macroF1)}, direction where it commits ` +
    `${pct(right / Math.max(1, committed))}, polar called neutral ${pct(calledNeutral / Math.max(1, polar))}`
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
  console.log(`  classification        ${pct(classOk / n)}   (target ≥ 70 %)`);
  console.log(`  defcon level exact    ${pct(defconExact / n)}`);
  console.log(`  defcon level ±1       ${pct(defconNear / n)}   (target ≥ 80 %)`);
  console.log('  classification by category:');
  for (const category of ARTICLE_CLASSIFICATIONS) {
    const pc = perClass.get(category);
    if (pc) console.log(`    ${category.padEnd(26)} ${pc.ok}/${pc.n}`);
  }

  const valid = readFinanceSentiment(financeSentimentDir(), 'valid');
  const expected = valid.map((v) => v.label);
  const modelOnly = classificationMetrics(
    expected,
    valid.map((v) => model.classify(v.text)),
    MODEL_LABELS,
  );
  console.log(`valid.csv: ${valid.length} labelled headlines (never trained on)`);
  console.log(
    `  linear model          accuracy ${pct(modelOnly.accuracy)}, macro-F1 ${pct(modelOnly.macroF1)}`,
  );
  console.log(
    `  lexicon + figures + model (the product's call)\n    ${sentimentFigures(model, valid)}`,
  );
  for (const split of ['holdout', 'holdout-b'] as const) {
    const holdout = readPressReleaseSentences(split);
    console.log(
      `Own press-release sentences, ${split}: ${holdout.length} (never trained on)\n` +
        `  lexicon + figures + model (the product's call)\n    ${sentimentFigures(model, holdout)}`,
    );
  }

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
