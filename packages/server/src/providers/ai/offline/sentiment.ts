/**
 * Article sentiment: the finance lexicon (with negation and intensity), the directions of the
 * figures reported (`sentiment-figures.ts`: "profit rose to X from Y", "the loss narrowed") and the
 * trained linear model, read together by the calibration (`sentiment-calibration.ts`) into a
 * call with a confidence (neutral unless a direction is likely enough) and an integer score from
 * −10 (bearish) to +10 (bullish) whose sign is the call's.
 */
import type { ArticleClassification, Sentiment } from '../ai-provider.ts';
import { sentimentCall } from '../sentiment-call.ts';
import { articleProbabilities, loadArticleCalibration } from './article-calibration.ts';
import { lexiconScore, type LexiconHit } from './lexicon.ts';
import {
  calibratedCall,
  calibratedProbabilities,
  calibrationInput,
  type CalibrationInput,
  type SentimentCalibration,
} from './sentiment-calibration.ts';
import { softmax } from './sentiment-model.ts';
import { figureFindings, figureSignal } from './sentiment-figures.ts';
import type { SentimentModel } from './sentiment-model.ts';
import { tokenize } from './text.ts';

/** Lexicon phrases that only name a loss (its direction comes from the figures). */
const LOSS_WORDS = /^(?:net |operating |pre-tax )?loss(?:es)?$/;

/**
 * A title that calls the news mixed ("stocks end mixed", "mixed results") says the parts pull
 * both ways: the article's signal is damped by this factor, so a mild lean reads neutral while
 * a clear direction ("plunges after mixed results") still counts. Most such headlines in the
 * labelled data are neutral.
 */
const MIXED_TITLE = /\bmixed\b/i;
const MIXED_DAMPING = 0.4;

/** Weight of the title and of the first few body sentences in the lexicon score. */
const POSITION_WEIGHTS = [1, 0.5, 0.3, 0.2];

/** How the lexicon (with the figures) and the model are blended into the signal. */
export interface SentimentBlend {
  /** Share of the lexicon (with the figures) in the combined signal; the rest is the model's. */
  lexiconShare: number;
  /** Weight of the figures' signal (−3 … 3) next to the lexicon score. */
  figuresWeight: number;
}

/** The blend the product uses (chosen on development slices of the training data). */
export const SENTIMENT_BLEND: SentimentBlend = {
  lexiconShare: 0.5,
  figuresWeight: 2,
};

/** What the lexicon, the figures and the model read in a text, before the calibration. */
export interface SentimentParts {
  /** The lexicon with the figures, weighted by position. */
  lexicon: number;
  /** The figures' signal of the parts, weighted by position, within −3 … 3. */
  figures: number;
  /** The model's P(bullish) − P(bearish) over the title and first sentence. */
  model: number;
  /** The model's P(neutral) over the same parts. */
  modelNeutral: number;
  /** Whether any part names a direction (a lexicon hit or a figure finding). */
  cue: boolean;
  hits: LexiconHit[];
  /** Combined signal in −1 … 1 (sets the score's size). */
  signal: number;
  /** The calibration's inputs for the title and for the first body sentence, each on its own. */
  inputs: CalibrationInput[];
}

/** The sentiment of one article with what produced it. */
export interface SentimentResult {
  sentiment: Sentiment;
  /** Integer −10 … +10: 0 for a neutral call, its sign the call's (see `sentimentCall`). */
  score: number;
  /** Probability (0 … 1) that the call is right, from the calibration. */
  confidence: number;
  /** Combined signal in −1 … 1. */
  signal: number;
  lexicon: number;
  model: number;
  hits: LexiconHit[];
}

/** Clamps and rounds a signal in −1 … 1 to the spec's integer score range. */
export function toSentimentScore(signal: number): number {
  const score = Math.round(signal * 10);
  return Math.max(-10, Math.min(10, score)) || 0;
}

/** Reads the title and the leading body sentences of an article (no calibration). */
export function sentimentParts(
  model: SentimentModel,
  title: string,
  sentences: readonly string[],
  blend: SentimentBlend = SENTIMENT_BLEND,
): SentimentParts {
  // An untitled text leads with its first sentence.
  const parts = (title.trim() ? [title, ...sentences] : sentences).slice(
    0,
    POSITION_WEIGHTS.length,
  );
  let lexicon = 0;
  let figures = 0;
  let cue = false;
  const hits: LexiconHit[] = [];
  let modelSignal = 0;
  let modelNeutral = 0;
  let modelWeight = 0;
  const inputs: CalibrationInput[] = [];
  // A title that calls the news mixed damps what every part says.
  const damping = MIXED_TITLE.test(parts[0] ?? '') ? MIXED_DAMPING : 1;
  parts.forEach((part, i) => {
    if (!part.trim()) return;
    const w = POSITION_WEIGHTS[i] ?? 0;
    const lex = lexiconScore(tokenize(part));
    const findings = figureFindings(part);
    // A finding on a loss already says whether the loss is good or bad news ("the loss
    // narrowed"): the lexicon's own weight for the word "loss" would count it twice.
    const lossHits = findings.some((f) => f.kind === 'bad' || f.source === 'swing')
      ? lex.hits.filter((h) => LOSS_WORDS.test(h.phrase))
      : [];
    const lexScore = lex.score - lossHits.reduce((sum, h) => sum + h.weight, 0);
    const figureScore = figureSignal(findings);
    lexicon += w * (lexScore + blend.figuresWeight * figureScore);
    figures += w * figureScore;
    const kept = lex.hits.filter((h) => !lossHits.includes(h));
    if (findings.length || kept.length) cue = true;
    hits.push(...kept);
    if (i < 2) {
      const p = model.predict(part);
      modelSignal += w * (p.bullish - p.bearish);
      modelNeutral += w * p.neutral;
      modelWeight += w;
      inputs.push(
        calibrationInput({
          lexicon: damping * Math.tanh((lexScore + blend.figuresWeight * figureScore) / 3),
          model: damping * (p.bullish - p.bearish),
          modelNeutral: p.neutral,
          figures: damping * figureScore,
          cue: findings.length > 0 || kept.length > 0,
        }),
      );
    }
  });
  const modelPart = modelWeight ? modelSignal / modelWeight : 0;
  const neutralPart = modelWeight ? modelNeutral / modelWeight : 1;
  const share = blend.lexiconShare;
  const lexiconPart = Math.tanh(lexicon / 3);
  const signal = damping * (share * lexiconPart + (1 - share) * modelPart);
  return {
    lexicon,
    figures: Math.max(-3, Math.min(3, figures)),
    model: modelPart,
    modelNeutral: neutralPart,
    cue,
    hits,
    signal,
    inputs,
  };
}

/**
 * The calibrated probabilities of a text read in parts: each part's probabilities, combined as
 * independent evidence (each part's log-likelihood ratio against the calibration's prior,
 * weighted by its position), so a title and a lede that agree say more than either alone.
 */
function combinedProbabilities(
  calibration: SentimentCalibration,
  inputs: readonly CalibrationInput[],
): [bearish: number, bullish: number, neutral: number] {
  const first = inputs[0];
  if (!first) return [0, 0, 1];
  if (inputs.length === 1) return calibratedProbabilities(calibration, first);
  const logPrior = calibration.prior.map((p) => Math.log(p));
  const logits = [...logPrior];
  inputs.forEach((input, i) => {
    const w = POSITION_WEIGHTS[i] ?? 0;
    calibratedProbabilities(calibration, input).forEach((p, k) => {
      logits[k] = (logits[k] ?? 0) + w * (Math.log(Math.max(p, 1e-9)) - (logPrior[k] ?? 0));
    });
  });
  const [bearish = 0, bullish = 0, neutral = 1] = softmax(logits);
  return [bearish, bullish, neutral];
}

/** The calibrated probabilities (bearish, bullish, neutral) of a text's parts, combined. */
export function partsProbabilities(
  model: SentimentModel,
  parts: SentimentParts,
): [bearish: number, bullish: number, neutral: number] {
  const calibration = model.calibration;
  if (!calibration) throw new Error('the sentiment model has no calibration');
  return combinedProbabilities(calibration, parts.inputs);
}

/**
 * Scores the title and the leading body sentences of an article. The calibrated probabilities of
 * its parts decide the call (`calibratedCall`, the same rule for a sentence, a headline and an
 * article): the likelier direction when it reaches the threshold, else neutral. Given the
 * article's event class (`event`), the probabilities are first those of an article
 * (`article-calibration.ts`: a deal, a legal or regulatory event, a rate decision is less often
 * neutral in an article than in a lone sentence); without it, those of a sentence. The
 * confidence is the probability of the call; the score's size comes from the signal and its
 * sign from the call.
 */
export function analyzeSentiment(
  model: SentimentModel,
  title: string,
  sentences: readonly string[],
  blend: SentimentBlend = SENTIMENT_BLEND,
  event?: ArticleClassification,
): SentimentResult {
  const calibration = model.calibration;
  if (!calibration) throw new Error('the sentiment model has no calibration');
  const parts = sentimentParts(model, title, sentences, blend);
  const probabilities = partsProbabilities(model, parts);
  const decided = calibratedCall(
    calibration.threshold,
    event === undefined
      ? probabilities
      : articleProbabilities(loadArticleCalibration(), event, probabilities),
  );
  const called = decided.sentiment;
  const magnitude = Math.abs(toSentimentScore(parts.signal));
  const call = sentimentCall(called, called === 'bearish' ? -magnitude : magnitude);
  return {
    sentiment: call.sentiment,
    score: call.score,
    confidence: decided.confidence,
    signal: parts.signal,
    lexicon: parts.lexicon,
    model: parts.model,
    hits: parts.hits,
  };
}
