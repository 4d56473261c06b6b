import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';
import { calibrationTable, classificationMetrics } from './metrics.ts';
import { PLACEHOLDERS, splitSentences, tokenize } from './text.ts';

describe('tokenize', () => {
  it('replaces URLs and cashtags with placeholder tokens', () => {
    const texts = tokenize('$NVDA soars https://t.co/abc').map((t) => t.text);
    expect(texts).toEqual([PLACEHOLDERS.cashtag, 'soars', PLACEHOLDERS.url]);
  });

  it('keeps the magnitude of percentages and money amounts', () => {
    const tokens = tokenize('Sales rose 12.5% to $1.4 billion');
    expect(tokens).toContainEqual({ text: PLACEHOLDERS.percent, value: 12.5 });
    expect(tokens).toContainEqual({ text: PLACEHOLDERS.money, value: 1.4 });
  });
});

describe('signed percentages', () => {
  it('keeps the sign of a percentage written as a move ("Brent +4%", "shares -3%")', () => {
    expect(tokenize('Brent +4%')).toContainEqual({ text: PLACEHOLDERS.percent, value: 4, sign: 1 });
    expect(tokenize('Shares (-3.5%) in early trade')).toContainEqual({
      text: PLACEHOLDERS.percent,
      value: 3.5,
      sign: -1,
    });
  });

  it('gives no sign to an unsigned percentage or to the end of a range', () => {
    expect(tokenize('Sales rose 4%')).toContainEqual({ text: PLACEHOLDERS.percent, value: 4 });
    expect(tokenize('Growth of 3-5% is expected')).not.toContainEqual(
      expect.objectContaining({ sign: expect.anything() as unknown }),
    );
  });
});

describe('splitSentences', () => {
  it('splits on sentence ends but not after abbreviations or inside numbers', () => {
    const text =
      'The U.S. economy grew 2.5% in the quarter. Acme Inc. beat estimates! Will it last? Analysts think so.';
    expect(splitSentences(text)).toEqual([
      'The U.S. economy grew 2.5% in the quarter.',
      'Acme Inc. beat estimates!',
      'Will it last?',
      'Analysts think so.',
    ]);
  });

  it('returns nothing for empty text', () => {
    expect(splitSentences('  ')).toEqual([]);
  });
});

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and newlines', () => {
    expect(parseCsv('text,label\n"a, ""b""\nc",1\nplain,0\n')).toEqual([
      ['text', 'label'],
      ['a, "b"\nc', '1'],
      ['plain', '0'],
    ]);
  });
});

describe('classificationMetrics', () => {
  it('computes accuracy and macro-F1', () => {
    const m = classificationMetrics(['a', 'a', 'b', 'b'], ['a', 'b', 'b', 'b'], ['a', 'b']);
    expect(m.accuracy).toBe(0.75);
    expect(m.f1.a).toBeCloseTo(2 / 3);
    expect(m.f1.b).toBeCloseTo(0.8);
    expect(m.macroF1).toBeCloseTo((2 / 3 + 0.8) / 2);
  });
});
describe('per-class figures and the calibration table', () => {
  it('counts precision, recall and the confusion matrix per label', () => {
    const m = classificationMetrics(['a', 'a', 'b', 'b'], ['a', 'b', 'b', 'b'], ['a', 'b']);
    expect(m.precision).toEqual({ a: 1, b: 2 / 3 });
    expect(m.recall).toEqual({ a: 0.5, b: 1 });
    expect(m.confusion).toEqual({ a: { a: 1, b: 1 }, b: { a: 0, b: 2 } });
  });

  it('gives the accuracy of the calls in each confidence band', () => {
    const bands = calibrationTable(
      [0.95, 0.92, 0.55, 0.3],
      [true, false, true, false],
      [0, 0.5, 0.9, 1.0001],
    );
    expect(bands.map((b) => b.calls)).toEqual([1, 1, 2]);
    expect(bands[1]?.accuracy).toBe(1);
    expect(bands[2]?.accuracy).toBe(0.5);
    expect(bands[2]?.meanConfidence).toBeCloseTo(0.935);
  });
});
