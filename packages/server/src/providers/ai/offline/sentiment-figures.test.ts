import { describe, expect, it } from 'vitest';
import { figureFeatures, figureFindings, figureSignal } from './sentiment-figures.ts';

const signal = (text: string) => figureSignal(figureFindings(text));

describe('figures reported in a sentence', () => {
  it('reads two figures side by side without a word of change as a direction only when they differ materially', () => {
    expect(signal('Net sales were EUR 12.1 mn, compared with EUR 11.7 mn.')).toBe(0);
    expect(signal('EBITDA was EUR 24.6 mn (EUR 24.9 mn).')).toBe(0);
    expect(signal('Revenue totalled SEK 1,203 mn (1,188).')).toBe(0);
    expect(signal('Revenue totalled SEK 1,603 mn (1,188).')).toBeGreaterThan(0);
    expect(signal('Net sales were EUR 12.1 mn, compared with EUR 17.4 mn.')).toBeLessThan(0);
    expect(signal('Net sales rose to EUR 12.1 mn, compared with EUR 11.7 mn.')).toBeGreaterThan(0);
  });

  it('reads "rose to X from Y", "from X to Y" and "X compared with Y" by comparing the figures', () => {
    expect(signal('Operating profit rose to EUR 13.1 mn from EUR 8.7 mn.')).toBeGreaterThan(1);
    expect(signal('Net sales went from EUR 40.2 mn to EUR 36.0 mn.')).toBeLessThan(-1);
    expect(
      signal('Net sales totalled EUR 52.1 mn compared with EUR 60.3 mn a year earlier.'),
    ).toBeLessThan(0);
    expect(signal('Order intake was EUR 1.2 bn compared with EUR 980 mn.')).toBeGreaterThan(0);
    expect(signal('Operating profit was EUR 3.2 mn (EUR 4.1 mn).')).toBeLessThan(0);
    expect(signal('Net sales rose to EUR 10.2 mn ($13.1 mn) from EUR 9.0 mn.')).toBeGreaterThan(1);
    expect(signal('Operating profit was EUR 3.2 mn (USD 4.1 mn).')).toBe(0);
    expect(signal('Earnings per share were EUR 0.42, up from EUR 0.31.')).toBeGreaterThan(0);
  });

  it('turns the direction round for bad measures: a loss that narrows or costs that fall are good news', () => {
    expect(signal('The pre-tax loss narrowed to EUR 0.9 mn from EUR 3.4 mn.')).toBeGreaterThan(0);
    expect(signal('The net loss widened.')).toBeLessThan(0);
    expect(
      signal('Operating loss totalled EUR 7.4 mn, compared with a loss of EUR 3.1 mn.'),
    ).toBeLessThan(0);
    expect(signal('Fixed costs decreased by 7 %.')).toBeGreaterThan(0);
    expect(signal('Net debt rose to EUR 240 mn.')).toBeLessThan(0);
    expect(signal('Profit before impairment charges increased by 9 %.')).toBeGreaterThan(0);
  });

  it('reads swings between profit and loss, and job cuts', () => {
    expect(
      signal('The group swung to an operating profit of EUR 2.1 mn from a loss of EUR 1.4 mn.'),
    ).toBeGreaterThan(0);
    expect(signal('The company swung to a pre-tax loss.')).toBeLessThan(0);
    expect(
      signal('Operating loss was EUR 1.2 mn compared to a profit of EUR 0.5 mn.'),
    ).toBeLessThan(0);
    expect(signal('The company cut 120 jobs.')).toBeLessThan(0);
    expect(signal('Order intake fell.')).toBeLessThan(0);
    expect(signal('Net sales increased by 5 %.')).toBeGreaterThan(0);
  });

  it('keeps judging words in their sense whatever the measure, and honours negation', () => {
    expect(signal('Net gearing deteriorated to 78 %.')).toBeLessThan(0);
    expect(signal('Gearing improved.')).toBeGreaterThan(0);
    expect(signal('Sales did not increase in the quarter.')).toBeLessThan(0);
  });

  it('finds nothing in a figure without a comparison, in years, or in phrasal verbs', () => {
    expect(signal('Net sales for the third quarter totalled EUR 63.5 mn.')).toBe(0);
    expect(signal('The report covers the period from 2024 to 2025.')).toBe(0);
    expect(signal('The company will set up a new unit.')).toBe(0);
    expect(signal('The CEO will step down.')).toBe(0);
    expect(figureFeatures('The contract is worth EUR 2 mn.')).toEqual([]);
    expect(signal('The offer period runs from 1 June to 15 June.')).toBe(0);
    expect(signal('The subscription period is from 3 to 17 May.')).toBe(0);
    expect(signal('The shares will be traded from 2 pm to 5 pm.')).toBe(0);
    expect(signal('The board grew from 5 to 7 members.')).toBe(0);
  });

  it('names the findings as model features', () => {
    expect(figureFeatures('The loss narrowed to EUR 2.1 mn from EUR 4.5 mn.')).toEqual(
      expect.arrayContaining(['<fig:bad_down>', '<cmp:pos>', '<figpol:pos>']),
    );
  });
});
