/**
 * The sentiment's calibration: a small multinomial logistic regression that turns what the
 * lexicon, the figures and the linear model say about a text into the probabilities that a
 * reader labels it bullish, bearish or neutral. It is fitted by `train-sentiment.ts` on
 * predictions for rows the model did not train on (five-fold cross-fitting), so its
 * probabilities are those of unseen text. The call is neutral unless the likelier direction
 * reaches {@link SentimentCalibration.threshold}; its confidence is the probability of the call.
 */
import type { Sentiment } from '../ai-provider.ts';
import { softmax } from './sentiment-model.ts';

/** What the calibration reads, each in about −1 … 1 (names in the order of the weights). */
export const CALIBRATION_INPUTS = [
  'lexicon',
  'lexiconAbs',
  'model',
  'modelAbs',
  'modelNeutral',
  'figures',
  'figuresAbs',
  'cue',
] as const;

/** One value per {@link CALIBRATION_INPUTS}. */
export type CalibrationInput = Record<(typeof CALIBRATION_INPUTS)[number], number>;

/** The fitted calibration, stored in `sentiment-model.json`. */
export interface SentimentCalibration {
  /** One bias per label (bearish, bullish, neutral: the model's order). */
  bias: number[];
  /** One row per label, one weight per input. */
  weights: number[][];
  /** A direction is called when its probability reaches this; else the call is neutral. */
  threshold: number;
  /** The labels' shares in the (weighted) rows it was fitted on: the odds before any text. */
  prior: number[];
}

/** Raw calibration inputs from the parts of a text's sentiment. */
export function calibrationInput(parts: {
  /** The lexicon's and the figures' signal, squashed to −1 … 1. */
  lexicon: number;
  /** The model's P(bullish) − P(bearish). */
  model: number;
  /** The model's P(neutral). */
  modelNeutral: number;
  /** The figures' signal in −3 … 3. */
  figures: number;
  /** Whether the text names a direction at all (a lexicon hit or a figure finding). */
  cue: boolean;
}): CalibrationInput {
  const figures = parts.figures / 3;
  return {
    lexicon: parts.lexicon,
    lexiconAbs: Math.abs(parts.lexicon),
    model: parts.model,
    modelAbs: Math.abs(parts.model),
    modelNeutral: parts.modelNeutral,
    figures,
    figuresAbs: Math.abs(figures),
    cue: parts.cue ? 1 : 0,
  };
}

/** The probabilities of the three labels (bearish, bullish, neutral). */
export function calibratedProbabilities(
  calibration: SentimentCalibration,
  input: CalibrationInput,
): [bearish: number, bullish: number, neutral: number] {
  const scores = calibration.bias.map((b, k) => {
    const row = calibration.weights[k] ?? [];
    let s = b;
    CALIBRATION_INPUTS.forEach((name, j) => (s += (row[j] ?? 0) * input[name]));
    return s;
  });
  const [bearish = 0, bullish = 0, neutral = 1] = softmax(scores);
  return [bearish, bullish, neutral];
}

/** A call of the analyst with the calibrated probability that it is right. */
export interface CalibratedCall {
  sentiment: Sentiment;
  /** Probability (0 … 1) of the call: of the direction called, or of neutral. */
  confidence: number;
}

/**
 * The one decision that turns the calibrated probabilities into the analyst's call, for a
 * sentence, a headline and a whole article alike: the likelier direction when its probability
 * reaches the threshold, else neutral. The stored score's sign follows this call, so the feeds,
 * the track record and the alerts see the same call.
 */
export function calibratedCall(
  threshold: number,
  [bearish, bullish, neutral]: readonly [bearish: number, bullish: number, neutral: number],
): CalibratedCall {
  const likelier: Sentiment = bullish >= bearish ? 'bullish' : 'bearish';
  const probability = Math.max(bullish, bearish);
  return probability >= threshold
    ? { sentiment: likelier, confidence: probability }
    : { sentiment: 'neutral', confidence: neutral };
}

/** Fitting settings. */
export interface CalibrationFitOptions {
  epochs?: number;
  learningRate?: number;
  l2?: number;
}

/**
 * Fits the calibration by full-batch gradient descent (the inputs are few and dense).
 * `labels` are indexes into bearish, bullish, neutral.
 */
export function fitCalibration(
  inputs: readonly CalibrationInput[],
  labels: readonly number[],
  weights: readonly number[],
  threshold: number,
  options: CalibrationFitOptions = {},
): SentimentCalibration {
  const epochs = options.epochs ?? 4000;
  const lr = options.learningRate ?? 2;
  const l2 = options.l2 ?? 1e-4;
  const K = 3;
  const F = CALIBRATION_INPUTS.length;
  const W = Array.from({ length: K }, () => new Array<number>(F).fill(0));
  const bias = new Array<number>(K).fill(0);
  const total = weights.reduce((a, b) => a + b, 0) || 1;
  const x = inputs.map((input) => CALIBRATION_INPUTS.map((name) => input[name]));
  for (let epoch = 0; epoch < epochs; epoch++) {
    const gW = Array.from({ length: K }, () => new Array<number>(F).fill(0));
    const gB = new Array<number>(K).fill(0);
    x.forEach((row, n) => {
      const scores = bias.map((b, k) => row.reduce((s, v, j) => s + v * (W[k]?.[j] ?? 0), b));
      const p = softmax(scores);
      const w = (weights[n] ?? 1) / total;
      for (let k = 0; k < K; k++) {
        const g = ((p[k] ?? 0) - (labels[n] === k ? 1 : 0)) * w;
        gB[k] = (gB[k] ?? 0) + g;
        const gk = gW[k] as number[];
        row.forEach((v, j) => (gk[j] = (gk[j] ?? 0) + g * v));
      }
    });
    for (let k = 0; k < K; k++) {
      bias[k] = (bias[k] ?? 0) - lr * (gB[k] ?? 0);
      const wk = W[k] as number[];
      for (let j = 0; j < F; j++)
        wk[j] = (wk[j] ?? 0) - lr * ((gW[k]?.[j] ?? 0) + l2 * (wk[j] ?? 0));
    }
  }
  const round = (v: number) => Number(v.toFixed(4));
  const prior = [0, 1, 2].map(
    (k) => labels.reduce((sum, y, n) => sum + (y === k ? (weights[n] ?? 1) : 0), 0) / total,
  );
  return {
    bias: bias.map(round),
    weights: W.map((row) => row.map(round)),
    threshold,
    prior: prior.map(round),
  };
}
