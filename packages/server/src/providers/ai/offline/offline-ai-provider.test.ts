import { describe, expect, it } from 'vitest';
import { ARTICLE_CLASSIFICATIONS, type AiArticleInput } from '../ai-provider.ts';
import { lexiconScore } from './lexicon.ts';
import { createOfflineAiProvider } from './offline-ai-provider.ts';
import { toSentimentScore } from './sentiment.ts';
import { splitSentences, tokenize } from './text.ts';

const analyst = createOfflineAiProvider();

function article(overrides: Partial<AiArticleInput> = {}): AiArticleInput {
  return {
    title: 'Acme Corp beats estimates and raises full-year guidance',
    text:
      'Acme Corp reported quarterly revenue of $4.2 billion, up 18% from a year earlier. ' +
      'Adjusted earnings of $1.10 a share topped the 95-cent consensus. ' +
      'The company raised its full-year outlook, citing strong demand for its cloud products. ' +
      'Shares rose 7% in after-hours trading. ' +
      'Acme will hold its annual meeting in May.',
    ...overrides,
  };
}

const lex = (text: string) => lexiconScore(tokenize(text)).score;

describe('offline analyst: sentiment', () => {
  it('is bullish on a beat-and-raise and bearish on a miss-and-cut', async () => {
    const good = await analyst.analyze(article());
    const bad = await analyst.analyze(
      article({
        title: 'Acme Corp misses estimates and cuts guidance',
        text: 'Acme Corp reported revenue below forecasts and lowered its outlook. Shares plunged 15%.',
      }),
    );
    expect(good.sentiment).toBe('bullish');
    expect(good.sentiment_score).toBeGreaterThan(0);
    expect(bad.sentiment).toBe('bearish');
    expect(bad.sentiment_score).toBeLessThan(0);
  });

  it('flips the lexicon for negations such as "not", "fails to" and "without"', () => {
    expect(lex('Acme beats estimates')).toBeGreaterThan(0);
    expect(lex('Acme does not beat estimates')).toBeLessThan(0);
    expect(lex('Acme fails to beat estimates')).toBeLessThan(0);
    expect(lex('Acme approves plan')).toBeGreaterThan(0);
    expect(lex('Acme ends year without approval')).toBeLessThan(0);
  });

  it('scales the score with intensity words and the size of a percentage', () => {
    expect(lex('Shares fell sharply')).toBeLessThan(lex('Shares fell'));
    expect(lex('Shares fell slightly')).toBeGreaterThan(lex('Shares fell'));
    expect(lex('Shares plunged 30%')).toBeLessThan(lex('Shares plunged 2%'));
  });

  it('reads "jobless claims rise" and "costs fall" the right way round', () => {
    expect(lex('Jobless claims rise')).toBeLessThan(0);
    expect(lex('Operating costs fall')).toBeGreaterThan(0);
    expect(lex('Central bank cuts its key rate')).toBeGreaterThan(0);
  });

  it("stores the calibrated confidence of the call; a writer's hint or a routine dividend has none", async () => {
    const beat = await analyst.analyze(article());
    expect(beat.sentiment).toBe('bullish');
    expect(beat.sentiment_confidence).toBeGreaterThanOrEqual(0.5);
    expect(beat.sentiment_confidence).toBeLessThanOrEqual(1);
    const hinted = await analyst.analyze(article({ sentimentHint: 6 }));
    expect(hinted.sentiment).toBe('bullish');
    expect(hinted.sentiment_confidence).toBeNull();
    const dividend = await analyst.analyze(
      article({
        title: 'Acme Corp declares quarterly dividend of $0.43',
        text: 'The dividend is payable on December 29 to shareholders of record on December 1.',
      }),
    );
    expect(dividend.sentiment).toBe('neutral');
    expect(dividend.sentiment_confidence).toBeNull();
  });

  it('clamps the score to −10 … 10 integers', async () => {
    expect(toSentimentScore(3)).toBe(10);
    expect(toSentimentScore(-3)).toBe(-10);
    expect(toSentimentScore(0.04)).toBe(0);
    const extreme = await analyst.analyze(
      article({
        title: 'Acme soars, smashes records, beats estimates, raises guidance, upgraded',
        text: 'Record profit. Surging sales. Upgraded again. Beats and raises. Soaring demand.',
      }),
    );
    expect(Number.isInteger(extreme.sentiment_score)).toBe(true);
    expect(Math.abs(extreme.sentiment_score)).toBeLessThanOrEqual(10);
  });
});

describe('offline analyst: classification and defcon', () => {
  const cases: [string, string, string][] = [
    ['Brokerage upgrades Acme to buy, raises price target', '', 'Analyst Recommendation'],
    ['Acme agrees to acquire Widget Co for $3 billion', '', 'Mergers and Acquisitions'],
    ['Fed raises interest rates by a quarter point', '', 'Central Bank Policy'],
    ['Acme raises quarterly dividend by 5%', '', 'Dividend News'],
    ['Shareholders sue Acme in class action over disclosures', '', 'Lawsuit'],
    ['Widget Co prices IPO above range in Nasdaq debut', '', 'IPO News'],
  ];
  it.each(cases)('classifies "%s"', async (title, text, expected) => {
    const result = await analyst.analyze({ title, text });
    expect(result.classification).toBe(expected);
    expect(ARTICLE_CLASSIFICATIONS).toContain(result.classification);
  });

  it('gives defcon 1 to a bankruptcy filing and to a trading halt', async () => {
    const bankrupt = await analyst.analyze({
      title: 'Acme files for Chapter 11 bankruptcy protection',
      text: 'Acme filed for bankruptcy after failing to refinance its debt.',
    });
    const halt = await analyst.analyze({
      title: 'Trading in Acme shares halted pending news',
      text: 'The exchange halted trading in Acme on Monday.',
    });
    expect(bankrupt.defcon_level).toBe(1);
    expect(bankrupt.defcon_outcome).toBe('negative');
    expect(halt.defcon_level).toBe(1);
  });

  it("rates a chief executive's abrupt exit as material (defcon 2), a planned succession not", async () => {
    const abrupt = [
      ['Acme CEO steps down effective immediately', 'The board named an interim leader.'],
      ['Acme chief executive resigns abruptly; board names interim leader', ''],
      ['Acme ousts chief executive after board review', ''],
    ];
    for (const [title = '', text = ''] of abrupt) {
      expect((await analyst.analyze({ title, text })).defcon_level, title).toBeLessThanOrEqual(2);
    }
    const planned = await analyst.analyze({
      title: 'Acme names finance chief as next CEO in planned succession',
      text: 'The chief executive will retire next year, as previously announced.',
    });
    expect(planned.defcon_level).toBeGreaterThan(2);
  });

  it('treats a regular dividend declaration as routine', async () => {
    const result = await analyst.analyze({
      title: 'Acme declares regular quarterly dividend',
      text: 'Acme declared a quarterly dividend of 20 cents a share, unchanged from last quarter.',
    });
    expect(result.defcon_level).toBe(5);
  });

  it('reads a dividend declared without a change as neutral, a raise bullish and a trim bearish', async () => {
    const routine = await analyst.analyze({
      title: 'JPMorgan Chase sets quarterly dividend of $1.94, payable December 29',
      text: 'JPMorgan Chase declared a quarterly dividend of $1.94 a share, payable on December 29 to shareholders of record on December 9.',
    });
    expect(routine).toMatchObject({ sentiment: 'neutral', sentiment_score: 0 });
    expect(routine.no_bullshit).toMatch(/the usual dividend/);
    const raised = await analyst.analyze({
      title: 'Prologis raises quarterly dividend 7% to $1.07 a share',
      text: 'Prologis raised its quarterly dividend to $1.07 a share from $1.00.',
    });
    expect(raised.sentiment).toBe('bullish');
    const trimmed = await analyst.analyze({
      title: 'Meridian Retail trims dividend amid sales slump',
      text: 'Meridian Retail cut its quarterly dividend to 10 cents as sales fell.',
    });
    expect(trimmed.sentiment).toBe('bearish');
  });
});

describe('offline analyst: summary, sources and the other fields', () => {
  it('builds the summary and paragraph from sentences of the text and cites them', async () => {
    const input = article();
    const result = await analyst.analyze(input);
    const sentences = splitSentences(input.text);
    expect(result.sources.length).toBeGreaterThan(0);
    for (const source of result.sources) expect(sentences[source.index]).toBe(source.text);
    const cited = new Set(result.sources.map((s) => s.text));
    for (const sentence of sentences.filter((s) => result.summary.includes(s))) {
      expect(cited).toContain(sentence);
    }
    expect(result.summary.length).toBeGreaterThan(0);
    expect(result.summary.length).toBeLessThanOrEqual(result.paragraph.length);
    expect(sentences.some((s) => result.summary.startsWith(s))).toBe(true);
  });

  it('leaves labels and disclaimers out of the summary and the paragraph', async () => {
    const note =
      "Demo data: synthetic news generated from StockPulse's demo prices, not real events.";
    const input = article({
      title: 'Equinor rises 3.7% to a 52-week high',
      text:
        'Equinor closed at $24.86 on Wednesday, up 3.7% on the day and above its previous high. ' +
        'The stock is up 25% from a year ago, on volume of 24.1 million shares. ' +
        `${note} This article is not investment advice.`,
    });
    const result = await analyst.analyze(input);
    expect(result.summary).toContain('Equinor closed at $24.86');
    for (const text of [result.summary, result.paragraph]) {
      expect(text).not.toContain('Demo data');
      expect(text).not.toContain('investment advice');
    }
    expect(result.sources.map((s) => s.text)).not.toContain(note);
    // A text that is nothing but a label is still summarised rather than left empty.
    const bare = await analyst.analyze(article({ text: note }));
    expect(bare.summary).toBe(note);
  });

  it('fills every presentation field', async () => {
    const result = await analyst.analyze(article({ tickers: ['NASDAQ:ACME'] }));
    expect(result.title_clickbait).toContain(result.title);
    expect(result.no_bullshit).toMatch(/^ACME: /);
    expect(result.gif_keywords).toHaveLength(3);
    expect(result.article_icon).toMatch(/^[a-z-]+$/);
    expect(result.interest_score).toBeGreaterThanOrEqual(0);
    expect(result.interest_score).toBeLessThanOrEqual(10);
  });

  it('is deterministic', async () => {
    expect(await analyst.analyze(article())).toEqual(await analyst.analyze(article()));
  });

  it('does not throw on empty or very long input', async () => {
    const empty = await analyst.analyze({ title: '', text: '' });
    expect(empty.sentiment).toBe('neutral');
    expect(empty.sources).toEqual([]);
    const long = await analyst.analyze({
      title: 'Acme news',
      text: 'Acme shares rose 2% on Monday. '.repeat(20_000),
    });
    expect(long.summary.length).toBeGreaterThan(0);
    expect(long.paragraph.length).toBeLessThanOrEqual(900);
  });
});
