/**
 * Fits the offline sentiment model: multinomial logistic regression over the features of
 * `sentiment-features.ts`, shuffled SGD with L2 decay, pruned to the strongest features. Used by
 * `train-sentiment.ts` (which writes `sentiment-model.json`) and by experiments.
 */
import { sentimentFeatures } from './sentiment-features.ts';
import { MODEL_LABELS, softmax, type SentimentModelFile } from './sentiment-model.ts';
import type { LabelledText } from './finance-sentiment-data.ts';

/** A training row with its weight (our press-release sentences may count more than once). */
export interface WeightedText extends LabelledText {
  weight?: number;
}

/** Training settings. */
export interface TrainingOptions {
  epochs?: number;
  learningRate?: number;
  l2?: number;
  /** Features seen in fewer rows are dropped. */
  minCount?: number;
  /** Features kept in the shipped file (strongest first). */
  maxFeatures?: number;
  seed?: number;
}

/** Deterministic PRNG (mulberry32) so training is reproducible. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Trains on `rows` and returns the bias and (pruned, rounded) weights. */
export function trainSentimentWeights(
  rows: readonly WeightedText[],
  options: TrainingOptions = {},
): Pick<SentimentModelFile, 'bias' | 'weights'> & { candidates: number } {
  const epochs = options.epochs ?? 12;
  const learningRate = options.learningRate ?? 0.2;
  const l2 = options.l2 ?? 1e-5;
  const minCount = options.minCount ?? 2;
  const maxFeatures = options.maxFeatures ?? 6000;
  const K = MODEL_LABELS.length;

  const counts = new Map<string, number>();
  const examples = rows.map(({ text, label, weight }) => {
    const features = sentimentFeatures(text);
    for (const f of new Set(features)) counts.set(f, (counts.get(f) ?? 0) + 1);
    return { features, y: MODEL_LABELS.indexOf(label), weight: weight ?? 1 };
  });
  const index = new Map<string, number>();
  for (const [f, c] of counts) if (c >= minCount) index.set(f, index.size);
  const W = new Float64Array(index.size * K);
  const bias = new Float64Array(K);
  const encoded = examples.map((e) => ({
    ids: e.features.map((f) => index.get(f)).filter((i) => i !== undefined),
    y: e.y,
    weight: e.weight,
  }));

  const random = seeded(options.seed ?? 42);
  const order = encoded.map((_, i) => i);
  for (let epoch = 0; epoch < epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] ?? 0, order[i] ?? 0];
    }
    const lr = learningRate / (1 + epoch);
    for (const n of order) {
      const ex = encoded[n];
      if (!ex) continue;
      const scores = Array.from(bias);
      for (const id of ex.ids)
        for (let k = 0; k < K; k++) scores[k] = (scores[k] ?? 0) + (W[id * K + k] ?? 0);
      const p = softmax(scores);
      for (let k = 0; k < K; k++) {
        const grad = ((p[k] ?? 0) - (k === ex.y ? 1 : 0)) * ex.weight;
        bias[k] = (bias[k] ?? 0) - lr * grad;
        for (const id of ex.ids) {
          const w = W[id * K + k] ?? 0;
          W[id * K + k] = w - lr * (grad + l2 * w);
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
  return { bias: roundedBias, weights, candidates: index.size };
}
