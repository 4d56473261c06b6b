/**
 * The shipped linear sentiment model: multinomial logistic regression over the features of
 * `sentiment-features.ts`, trained by `train-sentiment.ts` on labelled finance headlines.
 */
import { readFileSync } from 'node:fs';
import type { SentimentCalibration } from './sentiment-calibration.ts';
import { sentimentFeatures } from './sentiment-features.ts';

/** Labels in the order of the weight vectors (the data set's 0, 1, 2). */
export const MODEL_LABELS = ['bearish', 'bullish', 'neutral'] as const;

/** One of {@link MODEL_LABELS}. */
export type ModelLabel = (typeof MODEL_LABELS)[number];

/** The JSON file the trainer writes. */
export interface SentimentModelFile {
  version: 1;
  labels: ModelLabel[];
  bias: number[];
  /** Feature → one weight per label. */
  weights: Record<string, number[]>;
  /** The calibration of the product's call (`sentiment-calibration.ts`). */
  calibration: SentimentCalibration;
  /** Figures measured when the file was written. */
  trained: { rows: number; features: number; validAccuracy: number; validMacroF1: number };
}

/** Class probabilities for one text. */
export interface SentimentProbabilities {
  bearish: number;
  bullish: number;
  neutral: number;
}

/** A loaded model. */
export interface SentimentModel {
  /** Number of features with weights. */
  readonly size: number;
  /** The calibration of the product's call; absent while a model is being fitted. */
  readonly calibration?: SentimentCalibration | undefined;
  predict(text: string): SentimentProbabilities;
  /** The most probable label. */
  classify(text: string): ModelLabel;
}

/** Where the shipped weights live. */
export const MODEL_FILE_URL = new URL('./sentiment-model.json', import.meta.url);

/** Softmax of raw per-label scores. */
export function softmax(scores: readonly number[]): number[] {
  const max = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - max));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** Wraps model weights (from the file or from training) for prediction. */
export function createSentimentModel(
  file: Pick<SentimentModelFile, 'bias' | 'weights'> & { calibration?: SentimentCalibration },
) {
  const weights = new Map(Object.entries(file.weights));
  const scores = (text: string): number[] => {
    const s = [...file.bias];
    for (const feature of sentimentFeatures(text)) {
      const w = weights.get(feature);
      if (!w) continue;
      for (let k = 0; k < s.length; k++) s[k] = (s[k] ?? 0) + (w[k] ?? 0);
    }
    return s;
  };
  const model: SentimentModel = {
    size: weights.size,
    calibration: file.calibration,
    predict(text) {
      const [bearish = 0, bullish = 0, neutral = 0] = softmax(scores(text));
      return { bearish, bullish, neutral };
    },
    classify(text) {
      const s = scores(text);
      let best = 0;
      for (let k = 1; k < s.length; k++) if ((s[k] ?? 0) > (s[best] ?? 0)) best = k;
      return MODEL_LABELS[best] ?? 'neutral';
    },
  };
  return model;
}

function isModelFile(value: unknown): value is SentimentModelFile {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<SentimentModelFile>;
  const c = v.calibration;
  return (
    v.version === 1 &&
    Array.isArray(v.bias) &&
    typeof v.weights === 'object' &&
    typeof c === 'object' &&
    Array.isArray(c.bias) &&
    Array.isArray(c.weights) &&
    Array.isArray(c.prior) &&
    typeof c.threshold === 'number'
  );
}

let shipped: SentimentModel | undefined;

/** Reads the model file shipped next to this file (its weights and calibration). */
export function readShippedSentimentModelFile(): SentimentModelFile {
  const parsed: unknown = JSON.parse(readFileSync(MODEL_FILE_URL, 'utf8'));
  if (!isModelFile(parsed)) throw new Error('sentiment-model.json is not a version 1 model file');
  return parsed;
}

/** Loads (once) the weights shipped next to this file. */
export function loadShippedSentimentModel(): SentimentModel {
  shipped ??= createSentimentModel(readShippedSentimentModelFile());
  return shipped;
}
