/**
 * Trains the offline sentiment model and writes `sentiment-model.json`.
 *
 * Multinomial logistic regression (`sentiment-training.ts`) over unigram + bigram features, the
 * lexicon's band and the directions of reported figures (`sentiment-features.ts`), fitted on:
 * `train.csv` of the shared finance-headline data (MIT licence), our hand-written press-release
 * and announcement sentences (`eval/press-release-sentences.csv`,
 * `eval/announcement-sentences.csv`, `eval/mild-direction-sentences.csv`, the `train` rows only,
 * counted three times) and our
 * template sentences (`sentiment-press-release.ts`). The calibration (`sentiment-calibration.ts`)
 * is fitted on five-fold out-of-fold predictions for the same rows. Measured on `valid.csv` and
 * on the held-out rows of our own sentences, none of which it ever trains on.
 * Run: `node packages/server/src/providers/ai/offline/train-sentiment.ts [--data <dir>]
 * [--features 6000] [--misses]` (`--misses` lists the training rows called wrong out of fold).
 */
import { writeFileSync } from 'node:fs';
import { financeSentimentDir, readFinanceSentiment } from './finance-sentiment-data.ts';
import { classificationMetrics, pct } from './metrics.ts';
import { analyzeSentiment, sentimentParts } from './sentiment.ts';
import {
  calibratedCall,
  calibratedProbabilities,
  fitCalibration,
  type CalibrationInput,
  type SentimentCalibration,
} from './sentiment-calibration.ts';
import {
  MODEL_FILE_URL,
  MODEL_LABELS,
  createSentimentModel,
  type SentimentModelFile,
} from './sentiment-model.ts';
import {
  generatedPressReleaseSentences,
  readAnnouncementSentences,
  readMildDirectionSentences,
  readPressReleaseSentences,
} from './sentiment-press-release.ts';
import { trainSentimentWeights, type WeightedText } from './sentiment-training.ts';

/** How many times a hand-written sentence (press release, announcement) counts next to one headline. */
const OWN_WEIGHT = 3;
/** Template sentences added to the training data. */
const GENERATED_SENTENCES = 600;
/** Folds of the cross-fitting that gives the calibration predictions on unseen rows. */
const FOLDS = 5;
/**
 * Thresholds tried for calling a direction (the one with the best out-of-fold macro-F1 ships).
 * None is below one half: neutral wins unless a direction is likelier than not.
 */
const THRESHOLDS = [0.5, 0.55, 0.6, 0.65, 0.7];
/** Class balances tried for the calibration's fit (see `main`); the best out of fold ships. */
const BALANCES = [0, 0.5, 1];

function flagValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) ? v : fallback;
}

/** Weighted macro-F1 of threshold calls on calibrated probabilities. */
function thresholdMacroF1(
  probabilities: readonly [number, number, number][],
  labels: readonly number[],
  weights: readonly number[],
  threshold: number,
): number {
  const tp = [0, 0, 0];
  const fp = [0, 0, 0];
  const fn = [0, 0, 0];
  probabilities.forEach((p, n) => {
    const call = MODEL_LABELS.indexOf(calibratedCall(threshold, p).sentiment);
    const y = labels[n] ?? 2;
    const w = weights[n] ?? 1;
    if (call === y) tp[y] = (tp[y] ?? 0) + w;
    else {
      fp[call] = (fp[call] ?? 0) + w;
      fn[y] = (fn[y] ?? 0) + w;
    }
  });
  let sum = 0;
  for (let k = 0; k < 3; k++) {
    const t = tp[k] ?? 0;
    sum += t === 0 ? 0 : (2 * t) / (2 * t + (fp[k] ?? 0) + (fn[k] ?? 0));
  }
  return sum / 3;
}

/**
 * `--misses`: the training rows the product's call gets wrong when read by a model that did not
 * train on them (out of fold), polar rows called neutral first. Only training rows: the held-out
 * sets and valid.csv are measured, never studied.
 */
function printMisses(
  calibration: SentimentCalibration,
  inputs: readonly CalibrationInput[],
  labels: readonly number[],
  texts: readonly string[],
): void {
  const misses: string[] = [];
  inputs.forEach((input, n) => {
    const call = calibratedCall(calibration.threshold, calibratedProbabilities(calibration, input));
    const label = MODEL_LABELS[labels[n] ?? 2] ?? 'neutral';
    if (call.sentiment === label) return;
    const kind = call.sentiment === 'neutral' ? 'polar called neutral' : 'called ' + call.sentiment;
    misses.push(
      `${label} → ${call.sentiment} (${call.confidence.toFixed(2)}) [${kind}] ${texts[n] ?? ''}`,
    );
  });
  misses.sort(
    (a, b) => Number(b.includes('called neutral')) - Number(a.includes('called neutral')),
  );
  console.log(`out-of-fold misses on the training rows: ${misses.length}`);
  for (const line of misses) console.log(`  ${line}`);
}

function main(): void {
  const dir = financeSentimentDir();
  const maxFeatures = flagValue('--features', 6000);
  const train = readFinanceSentiment(dir, 'train');
  const valid = readFinanceSentiment(dir, 'valid');
  const ownTrain = readPressReleaseSentences('train');
  const announcementTrain = readAnnouncementSentences('train');
  const mildTrain = readMildDirectionSentences('train');
  const generated = generatedPressReleaseSentences(GENERATED_SENTENCES);
  const rows: WeightedText[] = [
    ...train,
    ...ownTrain.map((r) => ({ ...r, weight: OWN_WEIGHT })),
    ...announcementTrain.map((r) => ({ ...r, weight: OWN_WEIGHT })),
    ...mildTrain.map((r) => ({ ...r, weight: OWN_WEIGHT })),
    ...generated,
  ];

  // Cross-fitting: every row is read by a model that did not train on it, so the calibration
  // learns how far the signals of unseen text can be trusted.
  const inputs: CalibrationInput[] = [];
  const labels: number[] = [];
  const weights: number[] = [];
  const texts: string[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const fitted = trainSentimentWeights(
      rows.filter((_, i) => i % FOLDS !== fold),
      { maxFeatures },
    );
    const foldModel = createSentimentModel(fitted);
    rows.forEach((row, i) => {
      if (i % FOLDS !== fold) return;
      inputs.push(...sentimentParts(foldModel, row.text, []).inputs);
      labels.push(MODEL_LABELS.indexOf(row.label));
      weights.push(row.weight ?? 1);
      texts.push(row.text);
    });
  }
  // Each class's rows weigh (its share)^−balance in the fit: 0 fits the data as it is, 1 as if
  // the three classes were equally common (mild directions are rarer than plain reporting).
  const share = [0, 1, 2].map(
    (k) =>
      labels.reduce((sum, y, n) => sum + (y === k ? (weights[n] ?? 1) : 0), 0) /
      weights.reduce((a, b) => a + b, 0),
  );
  const candidates = BALANCES.flatMap((balance) => {
    const fitWeights = weights.map((w, n) => w * (share[labels[n] ?? 2] ?? 1) ** -balance);
    const draft = fitCalibration(inputs, labels, fitWeights, 0.5);
    const probabilities = inputs.map((input) => calibratedProbabilities(draft, input));
    return THRESHOLDS.map((t) => ({
      balance,
      threshold: t,
      draft,
      macroF1: thresholdMacroF1(probabilities, labels, weights, t),
    }));
  });
  const best = candidates.reduce((a, b) => (b.macroF1 > a.macroF1 ? b : a));
  const scored = candidates.filter((c) => c.balance === best.balance);
  const calibration = { ...best.draft, threshold: best.threshold };
  console.log(
    'calibration: out-of-fold macro-F1 by class balance (best threshold) ' +
      BALANCES.map((b) => {
        const top = candidates
          .filter((c) => c.balance === b)
          .reduce((x, y) => (y.macroF1 > x.macroF1 ? y : x));
        return `${b}: ${pct(top.macroF1)} (${top.threshold})`;
      }).join(', ') +
      `; ships ${best.balance}`,
  );
  if (process.argv.includes('--misses')) printMisses(calibration, inputs, labels, texts);

  const fitted = trainSentimentWeights(rows, { maxFeatures });
  const model = createSentimentModel({ ...fitted, calibration });
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
  const file: SentimentModelFile = {
    version: 1,
    labels: [...MODEL_LABELS],
    bias: fitted.bias,
    weights: fitted.weights,
    calibration,
    trained: {
      rows: rows.length,
      features: Object.keys(fitted.weights).length,
      validAccuracy: Number(onValid.model.accuracy.toFixed(4)),
      validMacroF1: Number(onValid.model.macroF1.toFixed(4)),
    },
  };
  writeFileSync(MODEL_FILE_URL, `${JSON.stringify(file)}\n`);
  console.log(
    `trained on ${rows.length} rows (${train.length} headlines, ${ownTrain.length} press-release, ` +
      `${announcementTrain.length} announcement and ${mildTrain.length} mild-direction ` +
      `sentences ×${OWN_WEIGHT}, ` +
      `${generated.length} template sentences), ${fitted.candidates} candidate features, ` +
      `kept ${file.trained.features}`,
  );
  console.log(
    `calibration (class balance ${best.balance}): out-of-fold macro-F1 by threshold ` +
      scored.map((s) => `${s.threshold}: ${pct(s.macroF1)}`).join(', ') +
      `; ships ${best.threshold}`,
  );
  for (const [name, data] of [
    ['valid.csv', valid],
    ['own announcement holdout', readAnnouncementSentences('holdout')],
    ['own mild-direction holdout', readMildDirectionSentences('holdout')],
    ['own press-release holdout', readPressReleaseSentences('holdout')],
    ['own press-release holdout-b', readPressReleaseSentences('holdout-b')],
  ] as const) {
    const m = measure(data);
    console.log(
      `${name} (${data.length} rows): model accuracy ${pct(m.model.accuracy)}, macro-F1 ${pct(m.model.macroF1)}; ` +
        `the product's call accuracy ${pct(m.combined.accuracy)}, macro-F1 ${pct(m.combined.macroF1)}`,
    );
  }
}

main();
