import { describe, expect, it } from 'vitest';
import { classificationMetrics } from './metrics.ts';
import { analyzeSentiment } from './sentiment.ts';
import { MODEL_LABELS, loadShippedSentimentModel } from './sentiment-model.ts';
import {
  generatedPressReleaseSentences,
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
