import { describe, expect, it } from 'vitest';
import { ARTICLE_CLASSIFICATIONS, SENTIMENTS } from '../../../providers/ai/ai-provider.ts';
import { gifKeywords } from '../../../providers/ai/offline/presentation.ts';
import { ANIMATIONS } from './catalogue.ts';
import { chooseAnimation, stem, tokens } from './choose-animation.ts';

const chosen = (...keywords: string[]) => chooseAnimation(keywords).id;

describe('chooseAnimation', () => {
  it.each([
    [['stonks', 'rocket', 'handshake'], 'handshake'],
    [['facepalm', 'falling', 'judge gavel'], 'gavel'],
    [['shrug', 'meh', 'earnings'], 'earnings'],
    [['stonks', 'rocket', 'ringing the bell'], 'bell'],
    [['facepalm', 'falling', 'money printer'], 'central-bank'],
    [['shrug', 'meh', 'cash'], 'coins'],
    [['stonks', 'rocket', 'waiting'], 'hourglass'],
    [['facepalm', 'falling', 'factory'], 'factory'],
    [['shrug', 'meh', 'hot take'], 'newspaper'],
    [['facepalm', 'falling', 'alarm'], 'siren'],
    [['stonks', 'rocket', 'wall street'], 'chart-up'],
    [['facepalm', 'falling', 'wall street'], 'chart-down'],
    [['shrug', 'meh', 'wall street'], 'flat'],
  ])('picks for the offline analyst’s %j the %s animation', (keywords, id) => {
    expect(chosen(...keywords)).toBe(id);
  });

  it('finds a topic animation for every topic keyword the offline analyst emits but "wall street"', () => {
    for (const classification of ARTICLE_CLASSIFICATIONS) {
      const [, , topic] = gifKeywords({
        title: 'Acme news',
        tickers: [],
        classification,
        sentiment: 'neutral',
        defcon: 3,
      });
      if (topic === 'wall street') continue;
      expect(chosen(topic ?? ''), `${classification} → ${String(topic)}`).not.toBe('flat');
    }
  });

  it('always picks a catalogue animation for every analyst combination', () => {
    const ids = new Set<string>(ANIMATIONS.map((animation) => animation.id));
    for (const classification of ARTICLE_CLASSIFICATIONS) {
      for (const sentiment of SENTIMENTS) {
        const keywords = gifKeywords({
          title: 'X',
          tickers: [],
          classification,
          sentiment,
          defcon: 2,
        });
        expect(ids.has(chosen(...keywords))).toBe(true);
      }
    }
  });

  it('matches synonyms whatever their case and inflection', () => {
    expect(chosen('Bullish')).toBe('chart-up');
    expect(chosen('FALLING')).toBe('chart-down');
    expect(chosen('Dividends')).toBe('coins');
    expect(chosen('mergers')).toBe('handshake');
    expect(chosen('Fed rate cut')).toBe('central-bank');
    expect(chosen('to the moon')).toBe('rocket');
    expect(chosen('bells')).toBe('bell');
  });

  it('prefers the keyword that fits best: a whole phrase over a word inside a longer one', () => {
    expect(chosen('money printer')).toBe('central-bank');
    expect(chosen('money')).toBe('coins');
  });

  it('breaks ties by catalogue order, whatever the order of the keywords', () => {
    expect(chosen('stonks', 'handshake')).toBe('handshake');
    expect(chosen('handshake', 'stonks')).toBe('handshake');
    expect(chosen('rocket', 'stonks')).toBe('chart-up');
  });

  it('falls back to the calm line when nothing fits', () => {
    expect(chosen()).toBe('flat');
    expect(chosen('zebra', 'crossing')).toBe('flat');
    expect(chosen('   ', '!!!')).toBe('flat');
  });
});

describe('stemming-lite', () => {
  it.each([
    ['rates', 'rate'],
    ['falling', 'fall'],
    ['bullish', 'bull'],
    ['ringing', 'ring'],
    ['dividends', 'dividend'],
    ['stopped', 'stop'],
  ])('gives %s the stem of %s', (word, base) => {
    expect(stem(word)).toBe(stem(base));
  });

  it('drops stopwords and punctuation', () => {
    expect(tokens('Ringing the Bell!')).toEqual(tokens('ring bell'));
  });
});
