/**
 * Trains the offline sentiment model and writes `sentiment-model.json`.
 *
 * Multinomial logistic regression (`sentiment-training.ts`) over unigram + bigram features, the
 * lexicon's band and the directions of reported figures (`sentiment-features.ts`), fitted on:
 * `train.csv` of the shared finance-headline data (MIT licence), our hand-written press-release
 * sentences (`eval/press-release-sentences.csv`, the `train` rows only, counted three times) and
 * our template sentences (`sentiment-press-release.ts`). Measured on `valid.csv` and on the
 * `holdout` and `holdout-b` rows of our press-release sentences, none of which it ever trains on.
 * Run: `node packages/server/src/providers/ai/offline/train-sentiment.ts [--data <dir>]
 * [--features 6000]`.
 */
import { writeFileSync } from 'node:fs';
import { financeSentimentDir, readFinanceSentiment } from './finance-sentiment-data.ts';
import { classificationMetrics, pct } from './metrics.ts';
import { analyzeSentiment } from './sentiment.ts';
import {
  MODEL_FILE_URL,
  MODEL_LABELS,
  createSentimentModel,
  type SentimentModelFile,
} from './sentiment-model.ts';
import {
  generatedPressReleaseSentences,
  readPressReleaseSentences,
} from './sentiment-press-release.ts';
import { trainSentimentWeights } from './sentiment-training.ts';

/** How many times a hand-written press-release sentence counts next to one headline. */
const PRESS_RELEASE_WEIGHT = 3;
/** Template sentences added to the training data. */
const GENERATED_SENTENCES = 600;

function flagValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) ? v : fallback;
}

function main(): void {
  const dir = financeSentimentDir();
  const maxFeatures = flagValue('--features', 6000);
  const train = readFinanceSentiment(dir, 'train');
  const valid = readFinanceSentiment(dir, 'valid');
  const ownTrain = readPressReleaseSentences('train');
  const ownHoldout = readPressReleaseSentences('holdout');
  const ownHoldoutB = readPressReleaseSentences('holdout-b');
  const generated = generatedPressReleaseSentences(GENERATED_SENTENCES);
  const rows = [
    ...train,
    ...ownTrain.map((r) => ({ ...r, weight: PRESS_RELEASE_WEIGHT })),
    ...generated,
  ];
  const fitted = trainSentimentWeights(rows, { maxFeatures });
  const model = createSentimentModel(fitted);
  const measure = (data: readonly { text: string; label: string }[]) => ({
    model: classificationMetrics(
      data.map((v) => v.label),
      data.map((v) => model.classify(v.text)),
      MODEL_LABELS,
    ),
    combined: classificationMetrics(
      data.map((v) => v.label),
      data.map((v) => analyzeSentiment(model, v.text, []).sentiment),
      MODEL_LABELS,
    ),
  });
  const onValid = measure(valid);
  const onHoldout = measure(ownHoldout);
  const onHoldoutB = measure(ownHoldoutB);
  const file: SentimentModelFile = {
    version: 1,
    labels: [...MODEL_LABELS],
    bias: fitted.bias,
    weights: fitted.weights,
    trained: {
      rows: rows.length,
      features: Object.keys(fitted.weights).length,
      validAccuracy: Number(onValid.model.accuracy.toFixed(4)),
      validMacroF1: Number(onValid.model.macroF1.toFixed(4)),
    },
  };
  writeFileSync(MODEL_FILE_URL, `${JSON.stringify(file)}\n`);
  console.log(
    `trained on ${rows.length} rows (${train.length} headlines, ${ownTrain.length} hand-written ` +
      `press-release sentences ×${PRESS_RELEASE_WEIGHT}, ${generated.length} template sentences), ` +
      `${fitted.candidates} candidate features, kept ${file.trained.features}`,
  );
  for (const [name, n, m] of [
    ['valid.csv', valid.length, onValid],
    ['own press-release holdout', ownHoldout.length, onHoldout],
    ['own press-release holdout-b', ownHoldoutB.length, onHoldoutB],
  ] as const) {
    console.log(
      `${name} (${n} rows): model accuracy ${pct(m.model.accuracy)}, macro-F1 ${pct(m.model.macroF1)}; ` +
        `lexicon + figures + model accuracy ${pct(m.combined.accuracy)}, macro-F1 ${pct(m.combined.macroF1)}`,
    );
  }
}

main();
