import { describe, expect, it } from 'vitest';
import {
  articleProbabilities,
  fitArticleCalibration,
  loadArticleCalibration,
  type ArticleFitRow,
} from './article-calibration.ts';
import { analyzeArticle } from './offline-ai-provider.ts';
import { analyzeSentiment } from './sentiment.ts';
import { calibratedCall } from './sentiment-calibration.ts';
import { loadShippedSentimentModel } from './sentiment-model.ts';
import { splitSentences } from './text.ts';

const model = loadShippedSentimentModel();
const decide = (p: [number, number, number]) => {
  const call = calibratedCall(0.5, p).sentiment;
  return call === 'bullish' ? 1 : call === 'bearish' ? -1 : 0;
};

describe('the article calibration', () => {
  it('reads a directional event in an article as news, though the lone headline is neutral', () => {
    const title = 'Court dismisses antitrust suit against Nimbus Payments';
    const lede =
      'A federal judge dismissed a lawsuit accusing Nimbus Payments of monopolising ' +
      'card processing, ruling the plaintiffs had failed to show harm to competition.';
    const sentence = analyzeSentiment(model, title, splitSentences(lede));
    const article = analyzeArticle(model, { title, text: lede });
    expect(article.classification).toBe('Lawsuit');
    expect(sentence.sentiment).toBe('neutral');
    expect(article.sentiment).toBe('bullish');
    expect(article.sentiment_score).toBeGreaterThan(0);
    expect(article.sentiment_confidence).toBeGreaterThanOrEqual(0.5);
  });

  it('keeps an article whose parts lean neither way neutral, whatever its event', () => {
    const calibration = loadArticleCalibration();
    for (const event of Object.keys(
      calibration.neutralShift,
    ) as (keyof typeof calibration.neutralShift)[]) {
      const p = articleProbabilities(calibration, event, [0.05, 0.05, 0.9]);
      expect(calibratedCall(0.5, p).sentiment).toBe('neutral');
    }
  });

  it('leaves the probabilities of a class without a shift as they are', () => {
    const p: [number, number, number] = [0.2, 0.3, 0.5];
    expect(articleProbabilities(loadArticleCalibration(), 'Company Results', p)).toEqual(p);
  });

  it('fits a shift only where it turns wrong neutral calls right, and never for too few rows', () => {
    const lawsuit = (p: [number, number, number], label: -1 | 0 | 1): ArticleFitRow => ({
      event: 'Lawsuit',
      probabilities: p,
      label,
    });
    const rows = [
      ...Array.from({ length: 6 }, () => lawsuit([0.05, 0.25, 0.7], 1)),
      lawsuit([0.1, 0.1, 0.8], 0),
      { event: 'IPO News' as const, probabilities: [0.05, 0.3, 0.65] as const, label: 1 as const },
    ];
    const fitted = fitArticleCalibration(rows, decide);
    expect(fitted.neutralShift.Lawsuit).toBeGreaterThan(0);
    expect(fitted.neutralShift['IPO News']).toBeUndefined();
    expect(decide(articleProbabilities(fitted, 'Lawsuit', [0.1, 0.1, 0.8]))).toBe(0);
  });
});
