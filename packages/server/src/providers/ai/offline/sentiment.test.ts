import { describe, expect, it } from 'vitest';
import { classificationMetrics } from './metrics.ts';
import { analyzeSentiment } from './sentiment.ts';
import { calibratedCall } from './sentiment-calibration.ts';
import {
  MODEL_LABELS,
  createSentimentModel,
  loadShippedSentimentModel,
  readShippedSentimentModelFile,
} from './sentiment-model.ts';
import {
  generatedPressReleaseSentences,
  readAnnouncementSentences,
  readMildDirectionSentences,
  readPressReleaseSentences,
} from './sentiment-press-release.ts';

const model = loadShippedSentimentModel();
const label = (text: string) => analyzeSentiment(model, text, []).sentiment;

describe('sentiment of company-results and press-release sentences', () => {
  it('commits to a direction on reported figures instead of calling them neutral', () => {
    expect(label('Operating profit rose to EUR 13.1 mn from EUR 8.7 mn.')).toBe('bullish');
    expect(label('Net sales increased by 5 %.')).toBe('bullish');
    expect(label('The loss narrowed to EUR 0.4 mn.')).toBe('bullish');
    expect(label('The company cut 120 jobs.')).toBe('bearish');
    expect(label('Order intake fell.')).toBe('bearish');
    expect(label('The net loss widened to EUR 5.6 mn from EUR 2.3 mn.')).toBe('bearish');
  });

  it('reads one sentence the same as a title or as the body of an untitled text', () => {
    for (const text of [
      'Net sales for the third quarter totalled EUR 63.5 mn.',
      'Operating profit rose to EUR 13.1 mn from EUR 8.7 mn.',
      'The company cut 120 jobs.',
    ]) {
      const untitled = analyzeSentiment(model, '', [text]);
      expect(untitled.sentiment).toBe(label(text));
      expect(untitled.score).toBe(analyzeSentiment(model, text, []).score);
    }
  });

  it('reads a wrap that calls the market mixed as neutral, but keeps a clear move after mixed news', () => {
    const wrap = analyzeSentiment(
      model,
      'Markets wrap: stocks end mixed as Treasury yields edge higher',
      [
        'Stocks ended mixed on Friday: the S&P 500 slipped 0.1% while the Dow rose 0.2%.',
        'Bond yields climbed after stronger retail sales data.',
      ],
    );
    expect(wrap.sentiment).toBe('neutral');
    expect(Math.abs(wrap.score)).toBeLessThanOrEqual(2);
    expect(label('Adamas Pharma plunges after mixed results in MS trial')).toBe('bearish');
  });

  it('leaves plain facts neutral', () => {
    expect(label('Net sales for the third quarter totalled EUR 63.5 mn.')).toBe('neutral');
    expect(label('The annual general meeting will be held on 24 March in Espoo.')).toBe('neutral');
    expect(label('The company employs about 2,300 people in 14 countries.')).toBe('neutral');
  });

  it('reads plain reporting and figures compared without a word of change as neutral', () => {
    expect(label("The company's head office is in Helsinki.")).toBe('neutral');
    expect(label('Net sales were EUR 12.1 mn, compared with EUR 11.7 mn.')).toBe('neutral');
    expect(label('EBITDA was EUR 24.6 mn (EUR 24.9 mn).')).toBe('neutral');
    expect(label('Revenue totalled SEK 1,203 mn (1,188).')).toBe('neutral');
    // A material difference, or a word of change, still reports a direction.
    expect(label('Net sales were EUR 12.1 mn, compared with EUR 17.4 mn.')).toBe('bearish');
    expect(label('Net sales rose to EUR 12.1 mn, compared with EUR 11.7 mn.')).toBe('bullish');
  });

  it('reads comparisons in the direction that matters to a holder', () => {
    expect(label('Costs increased to EUR 52.6 mn from EUR 43.0 mn.')).toBe('bearish');
    expect(label('Interest expenses decreased to EUR 2.2 mn from EUR 3.6 mn.')).toBe('bullish');
    expect(label('The operating loss narrowed to EUR 0.4 mn from EUR 3.9 mn.')).toBe('bullish');
    expect(label('Churn increased to 2.3 % per month from 1.6 %.')).toBe('bearish');
  });

  it('gives every call a confidence, and a neutral call a score of 0', () => {
    for (const text of [
      'Net sales were EUR 12.1 mn.',
      'Operating profit rose to EUR 13.1 mn from EUR 8.7 mn.',
      'The company cut 120 jobs.',
      'Shares were little changed.',
    ]) {
      const r = analyzeSentiment(model, text, []);
      expect(r.confidence, text).toBeGreaterThan(0);
      expect(r.confidence, text).toBeLessThanOrEqual(1);
      if (r.sentiment === 'neutral') expect(r.score, text).toBe(0);
      if (r.sentiment === 'bullish') expect(r.score, text).toBeGreaterThan(0);
      if (r.sentiment === 'bearish') expect(r.score, text).toBeLessThan(0);
      // A direction is called only when the calibration finds it likelier than not.
      if (r.sentiment !== 'neutral') expect(r.confidence, text).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('calls a direction only when its calibrated probability reaches the threshold', () => {
    expect(calibratedCall(0.5, [0.1, 0.6, 0.3])).toEqual({ sentiment: 'bullish', confidence: 0.6 });
    expect(calibratedCall(0.5, [0.7, 0.1, 0.2])).toEqual({ sentiment: 'bearish', confidence: 0.7 });
    // Unsure between the directions: neutral, with the probability of neutral.
    expect(calibratedCall(0.5, [0.3, 0.45, 0.25])).toEqual({
      sentiment: 'neutral',
      confidence: 0.25,
    });
    expect(calibratedCall(0.65, [0.1, 0.6, 0.3])).toEqual({
      sentiment: 'neutral',
      confidence: 0.3,
    });
  });

  it('decides an article (a title with a body) by the same calibrated rule: unsure means neutral, scored 0', () => {
    const title = 'Acme Corp beats estimates and raises full-year guidance';
    const body = [
      'Acme Corp reported quarterly revenue of $4.2 billion, up 18% from a year earlier.',
      'The company raised its full-year outlook, citing strong demand for its cloud products.',
    ];
    const sure = analyzeSentiment(model, title, body);
    expect(sure.sentiment).toBe('bullish');
    expect(sure.score).toBeGreaterThanOrEqual(7);
    const file = readShippedSentimentModelFile();
    expect(sure.confidence).toBeGreaterThanOrEqual(file.calibration.threshold);
    // The same weights with a threshold just above this article's confidence: the analyst is
    // unsure, so the article is neutral and scores 0, however strong its words.
    const strict = createSentimentModel({
      ...file,
      calibration: { ...file.calibration, threshold: sure.confidence + 1e-6 },
    });
    const unsure = analyzeSentiment(strict, title, body);
    expect(unsure.sentiment).toBe('neutral');
    expect(unsure.score).toBe(0);
    expect(unsure.signal).toBe(sure.signal);
    expect(unsure.confidence).toBeLessThan(0.5);
  });

  it('scores our held-out announcement sentences (never trained on): ≥ 85 % accuracy, few neutral ones called polar', () => {
    const holdout = readAnnouncementSentences('holdout');
    expect(holdout.length).toBeGreaterThanOrEqual(400);
    const predicted = holdout.map((r) => label(r.text));
    const metrics = classificationMetrics(
      holdout.map((r) => r.label),
      predicted,
      MODEL_LABELS,
    );
    expect(metrics.accuracy).toBeGreaterThanOrEqual(0.85);
    const neutral = holdout.filter((r) => r.label === 'neutral');
    const calledPolar = holdout.filter(
      (r, i) => r.label === 'neutral' && predicted[i] !== 'neutral',
    );
    expect(calledPolar.length / neutral.length).toBeLessThanOrEqual(0.08);
  });

  it('reads mild directions as directions, and the same facts merely stated as neutral', () => {
    // None of these sentences is in the training data.
    for (const [text, expected] of [
      ['Aalto Systems won a contract to upgrade the signalling of a Swedish railway.', 'bullish'],
      ['Vesta Capital increased its stake in Norrland Paper to 12 %.', 'bullish'],
      ['Vesta Capital owns 12 % of Norrland Paper.', 'neutral'],
      ['The EBIT margin improved to 11.3 %.', 'bullish'],
      ['The EBIT margin was 11.3 %.', 'neutral'],
      ['Tornio Steel expanded its mill in Raahe.', 'bullish'],
      ['Tornio Steel has a mill in Raahe.', 'neutral'],
      ['Norrland Paper -5% after a profit warning', 'bearish'],
    ] as const) {
      expect(label(text), text).toBe(expected);
    }
  });

  it('scores our held-out mild-direction sentences (never trained on) at ≥ 80 % accuracy', () => {
    const holdout = readMildDirectionSentences('holdout');
    expect(holdout.length).toBeGreaterThanOrEqual(30);
    const metrics = classificationMetrics(
      holdout.map((r) => r.label),
      holdout.map((r) => label(r.text)),
      MODEL_LABELS,
    );
    expect(metrics.accuracy).toBeGreaterThanOrEqual(0.8);
    const train = new Set(readMildDirectionSentences('train').map((r) => r.text));
    expect(train.size).toBeGreaterThanOrEqual(120);
    expect(holdout.filter((r) => train.has(r.text))).toEqual([]);
  });

  it('never trains on the held-out announcement sentences', () => {
    const holdout = new Set(readAnnouncementSentences('holdout').map((r) => r.text));
    const train = readAnnouncementSentences('train');
    expect(train.length).toBeGreaterThanOrEqual(1600);
    expect(train.filter((r) => holdout.has(r.text))).toEqual([]);
  });

  it('scores our held-out press-release sentences (never trained on) at ≥ 80 % accuracy', () => {
    const holdout = readPressReleaseSentences('holdout');
    expect(holdout.length).toBeGreaterThanOrEqual(100);
    const metrics = classificationMetrics(
      holdout.map((r) => r.label),
      holdout.map((r) => label(r.text)),
      MODEL_LABELS,
    );
    expect(metrics.accuracy).toBeGreaterThanOrEqual(0.8);
    expect(metrics.macroF1).toBeGreaterThanOrEqual(0.8);
  });

  it('keeps the held-out sentences out of the training sentences', () => {
    const holdout = new Set(
      [...readPressReleaseSentences('holdout'), ...readPressReleaseSentences('holdout-b')].map(
        (r) => r.text,
      ),
    );
    const train = [...readPressReleaseSentences('train'), ...generatedPressReleaseSentences()].map(
      (r) => r.text,
    );
    expect(train.length).toBeGreaterThan(1000);
    expect(train.filter((t) => holdout.has(t))).toEqual([]);
  });
});
