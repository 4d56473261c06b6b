/**
 * Trains the offline sentiment model and writes `sentiment-model.json`.
 *
 * Multinomial logistic regression over unigram + bigram features (`sentiment-features.ts`), fitted
 * with shuffled SGD and L2 decay on `train.csv` only, pruned to the strongest features, then
 * measured on `valid.csv`. Run: `node packages/server/src/providers/ai/offline/train-sentiment.ts
 * [--data <dir>] [--features 6000]`.
 */
import { writeFileSync } from 'node:fs';
import { financeSentimentDir, readFinanceSentiment } from './finance-sentiment-data.ts';
import { classificationMetrics, pct } from './metrics.ts';
import { sentimentFeatures } from './sentiment-features.ts';
import {
  MODEL_FILE_URL,
  MODEL_LABELS,
  createSentimentModel,
  softmax,
  type SentimentModelFile,
} from './sentiment-model.ts';

const EPOCHS = 12;
const LEARNING_RATE = 0.2;
const L2 = 1e-5;
const MIN_COUNT = 2;

function flagValue(name: string, fallback: number): number {
  const i = process.argv.indexOf(name);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) ? v : fallback;
}

/** Deterministic PRNG (mulberry32) so training is reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function main(): void {
  const dir = financeSentimentDir();
  const maxFeatures = flagValue('--features', 6000);
  const train = readFinanceSentiment(dir, 'train');
  const valid = readFinanceSentiment(dir, 'valid');
  const K = MODEL_LABELS.length;

  const counts = new Map<string, number>();
  const examples = train.map(({ text, label }) => {
    const features = sentimentFeatures(text);
    for (const f of new Set(features)) counts.set(f, (counts.get(f) ?? 0) + 1);
    return { features, y: MODEL_LABELS.indexOf(label) };
  });
  const index = new Map<string, number>();
  for (const [f, c] of counts) if (c >= MIN_COUNT) index.set(f, index.size);
  const W = new Float64Array(index.size * K);
  const bias = new Float64Array(K);
  const encoded = examples.map((e) => ({
    ids: e.features.map((f) => index.get(f)).filter((i) => i !== undefined),
    y: e.y,
  }));

  const random = seeded(42);
  const order = encoded.map((_, i) => i);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    const lr = LEARNING_RATE / (1 + epoch);
    for (const n of order) {
      const ex = encoded[n];
      if (!ex) continue;
      const scores = Array.from(bias);
      for (const id of ex.ids)
        for (let k = 0; k < K; k++) scores[k] = (scores[k] ?? 0) + (W[id * K + k] ?? 0);
      const p = softmax(scores);
      for (let k = 0; k < K; k++) {
        const grad = (p[k] ?? 0) - (k === ex.y ? 1 : 0);
        bias[k] = (bias[k] ?? 0) - lr * grad;
        for (const id of ex.ids) {
          const w = W[id * K + k] ?? 0;
          W[id * K + k] = w - lr * (grad + L2 * w);
        }
      }
    }
  }

  const strength = [...index].map(([f, id]) => {
    let max = 0;
    for (let k = 0; k < K; k++) max = Math.max(max, Math.abs(W[id * K + k] ?? 0));
    return { f, id, max };
  });
  strength.sort((a, b) => b.max - a.max || (a.f < b.f ? -1 : 1));
  const weights: Record<string, number[]> = {};
  for (const { f, id } of strength.slice(0, maxFeatures)) {
    weights[f] = Array.from({ length: K }, (_, k) => Number((W[id * K + k] ?? 0).toFixed(3)));
  }
  const roundedBias = Array.from(bias, (b) => Number(b.toFixed(3)));
  const model = createSentimentModel({ bias: roundedBias, weights });
  const predicted = valid.map((v) => model.classify(v.text));
  const metrics = classificationMetrics(
    valid.map((v) => v.label),
    predicted,
    MODEL_LABELS,
  );
  const file: SentimentModelFile = {
    version: 1,
    labels: [...MODEL_LABELS],
    bias: roundedBias,
    weights,
    trained: {
      rows: train.length,
      features: Object.keys(weights).length,
      validAccuracy: Number(metrics.accuracy.toFixed(4)),
      validMacroF1: Number(metrics.macroF1.toFixed(4)),
    },
  };
  writeFileSync(MODEL_FILE_URL, `${JSON.stringify(file)}\n`);
  console.log(
    `trained on ${train.length} rows, ${index.size} candidate features, kept ${file.trained.features}`,
  );
  console.log(
    `valid.csv (${valid.length} rows): accuracy ${pct(metrics.accuracy)}, macro-F1 ${pct(metrics.macroF1)}`,
  );
}

main();
