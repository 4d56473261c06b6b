import { describe, expect, it } from 'vitest';
import { shortCompanyName } from './brief-format.ts';
import { repeatedSentences } from '../../ai/offline/sentence-diversity.ts';
import { analyzeArticle } from '../../ai/offline/offline-ai-provider.ts';
import { loadShippedSentimentModel } from '../../ai/offline/sentiment-model.ts';
import { marketSentiment } from './brief-market.ts';
import {
  writeBriefs,
  writeMovers,
  writeNewHighsAndLows,
  writeSectorMoves,
  writeUnusualVolume,
  type BriefQuote,
} from './brief-writer.ts';
import { briefItem } from './market-brief-source.ts';

const DAY = '2026-11-20';

/** A quote with neutral figures; tests set what they are about. */
function quote(
  symbol: string,
  company: string,
  sector: string,
  changePct: number,
  extra: Partial<BriefQuote> = {},
): BriefQuote {
  return {
    symbol,
    company,
    sector,
    price: 100,
    changePct,
    currency: 'USD',
    dayHigh: 101,
    dayLow: 99,
    high52: 150,
    low52: 50,
    volume: 1_000_000,
    avgVolume50: 1_000_000,
    ...extra,
  };
}

/** A day where chip makers lead and energy lags. */
const market: BriefQuote[] = [
  quote('NASDAQ:NVDA', 'NVIDIA Corporation', 'Information Technology', 6.24, { price: 512.3 }),
  quote('NASDAQ:AMD', 'Advanced Micro Devices, Inc.', 'Information Technology', 4.1),
  quote('NASDAQ:AVGO', 'Broadcom Inc.', 'Information Technology', 3.2),
  quote('NYSE:JPM', 'JPMorgan Chase & Co.', 'Financials', 1.2),
  quote('NYSE:BAC', 'Bank of America Corporation', 'Financials', -0.4),
  quote('NYSE:GS', 'The Goldman Sachs Group, Inc.', 'Financials', 0.3),
  quote('NYSE:XOM', 'Exxon Mobil Corporation', 'Energy', -3.5, { price: 98.76 }),
  quote('NYSE:CVX', 'Chevron Corporation', 'Energy', -2.8),
  quote('NYSE:COP', 'ConocoPhillips', 'Energy', -1.9),
  quote('NYSE:KO', 'The Coca-Cola Company', 'Consumer Staples', 0.1),
];

describe('market brief writing', () => {
  it('writes the top gainers with the sector that drove them', () => {
    const brief = writeMovers(DAY, market, 'gainers');
    expect(brief?.title).toBe('NVIDIA jumps 6.2% to lead gainers as tech stocks rally');
    expect(brief?.description).toBe(
      'NVIDIA (NASDAQ:NVDA) rose 6.2% to $512.30 on Friday, November 20, 2026, ahead of ' +
        'Advanced Micro Devices (NASDAQ:AMD) (+4.10%), Broadcom (NASDAQ:AVGO) (+3.20%), ' +
        'JPMorgan Chase (NYSE:JPM) (+1.20%) and Goldman Sachs (NYSE:GS) (+0.30%).',
    );
    expect(brief?.content).toContain('Information Technology companies moved +4.51% on average');
    expect(brief?.content).toContain('Across the 10 companies we follow, 6 rose and 4 fell.');
  });

  it('writes the top decliners, with no theme when their sectors differ', () => {
    const brief = writeMovers(DAY, market, 'losers');
    expect(brief?.title).toBe('Exxon Mobil falls 3.5% to lead decliners as energy stocks slide');
    const mixed = market.map((q) => (q.sector === 'Energy' ? { ...q, sector: q.symbol } : q));
    expect(writeMovers(DAY, mixed, 'losers')?.title).toBe(
      "Exxon Mobil falls 3.5% to lead the day's decliners",
    );
  });

  it('writes nothing from too few quotes or without a move in that direction', () => {
    expect(writeMovers(DAY, market.slice(0, 5), 'gainers')).toBeNull();
    const allUp = market.map((q) => ({ ...q, changePct: Math.abs(q.changePct) }));
    expect(writeMovers(DAY, allUp, 'losers')).toBeNull();
    expect(writeBriefs(DAY, [])).toEqual([]);
  });

  it('writes sector moves from the average change of each sector', () => {
    const brief = writeSectorMoves(DAY, market);
    expect(brief?.title).toBe(
      'Information Technology leads sectors with a 4.5% gain; Energy lags, down 2.7%',
    );
    expect(brief?.content).toContain(
      'Financials: +0.37% on average, led by JPMorgan Chase (NYSE:JPM) at +1.20%',
    );
    // Consumer Staples has one company: too few to average.
    expect(brief?.content).not.toContain('Consumer Staples');
    const allUp = market.map((q) => ({ ...q, changePct: Math.abs(q.changePct) }));
    expect(writeSectorMoves(DAY, allUp)?.title).toBe(
      'Every sector rises, led by tech stocks up 4.5%',
    );
  });

  it('finds new 52-week highs and lows from the day range against the prior year', () => {
    const day = [
      ...market,
      quote('NASDAQ:AAPL', 'Apple Inc.', 'Information Technology', 2, {
        dayHigh: 151,
        high52: 150,
      }),
    ];
    expect(writeNewHighsAndLows(DAY, day)?.title).toBe('Apple hits a 52-week high at $151.00');
    const more = [
      ...day,
      quote('NASDAQ:MSFT', 'Microsoft Corporation', 'Information Technology', 3, {
        dayHigh: 400,
        high52: 390,
      }),
      quote('NYSE:F', 'Ford Motor Company', 'Consumer Discretionary', -4, { dayLow: 9, low52: 10 }),
      quote('NYSE:GM', 'General Motors Company', 'Consumer Discretionary', 1, {
        dayHigh: 99,
        high52: null,
      }),
    ];
    const brief = writeNewHighsAndLows(DAY, more);
    expect(brief?.title).toBe('2 stocks set 52-week highs, led by Microsoft; 1 at lows');
    expect(brief?.content).toContain(
      'Ford Motor (NYSE:F) traded as low as $9.00, below its previous 52-week low of $10.00, and ended -4.00% on the day',
    );
    expect(writeNewHighsAndLows(DAY, market)).toBeNull();
  });

  it('writes one brief per company trading at least twice its 50-day volume', () => {
    const day = market.map((q) =>
      q.symbol === 'NYSE:XOM' ? { ...q, volume: 48_200_000, avgVolume50: 15_000_000 } : q,
    );
    const briefs = writeUnusualVolume(DAY, day);
    expect(briefs).toHaveLength(1);
    expect(briefs[0]).toMatchObject({
      key: 'unusual-volume:NYSE:XOM',
      symbol: 'NYSE:XOM',
      title: 'Exxon Mobil trades 3.2 times its usual volume as shares fall 3.5%',
    });
    expect(briefs[0]?.description).toMatch(
      /^48\.2 million Exxon Mobil \(NYSE:XOM\) shares changed hands/,
    );
  });

  it('gives every brief a stable guid per kind and day, a unique link on our site and the close as date', () => {
    const closesAt = new Date('2026-11-20T21:00:00Z');
    const [gainers] = writeBriefs(DAY, market);
    if (!gainers) throw new Error('no brief');
    const item = briefItem(
      gainers,
      { day: DAY, closesAt },
      'https://stockpulse.example',
      new Date('2026-11-22T10:00:00Z'),
    );
    expect(item).toMatchObject({
      guid: 'market-brief:gainers:2026-11-20',
      link: 'https://stockpulse.example/company/explore?brief=gainers-2026-11-20',
      publisher: 'Market Brief',
      publishedAt: closesAt,
    });
    const volume = {
      key: 'unusual-volume:NYSE:XOM',
      symbol: 'NYSE:XOM',
      title: 't',
      description: 'd',
      content: 'c',
      sentiment: 0,
    };
    const intraday = new Date('2026-11-20T18:00:00Z');
    const single = briefItem(
      volume,
      { day: DAY, closesAt },
      'https://stockpulse.example',
      intraday,
    );
    expect(single.link).toBe(
      'https://stockpulse.example/ticker/NYSE:XOM?brief=unusual-volume-2026-11-20',
    );
    expect(single.guid).toBe('market-brief:unusual-volume:NYSE:XOM:2026-11-20');
    expect(single.publishedAt).toEqual(intraday);
  });

  it('shortens company names the way headlines do', () => {
    expect(shortCompanyName('The Home Depot, Inc.')).toBe('Home Depot');
    expect(shortCompanyName('Alphabet Inc.')).toBe('Alphabet');
    expect(shortCompanyName('Berkshire Hathaway Inc.')).toBe('Berkshire Hathaway');
    expect(shortCompanyName('3M Company')).toBe('3M');
  });

  describe('sentiment from the figures, lists as markdown, no repeated sentence', () => {
    /** 'Energy leads sectors with a 0.6% gain; Utilities lags': most companies and sectors up. */
    const energyDay: BriefQuote[] = [
      ...['XOM', 'CVX', 'COP'].map((t, i) =>
        quote(`NYSE:${t}`, `${t} Corp`, 'Energy', 0.52 + i * 0.05),
      ),
      ...['META', 'GOOGL', 'NFLX'].map((t) =>
        quote(`NASDAQ:${t}`, `${t} Inc.`, 'Communication Services', 0.51),
      ),
      ...['AAPL', 'MSFT', 'NVDA'].map((t) =>
        quote(`NASDAQ:${t}`, `${t} Inc.`, 'Information Technology', 0.3),
      ),
      quote('NYSE:NEE', 'NextEra Energy, Inc.', 'Utilities', 0.1),
      quote('NYSE:DUK', 'Duke Energy Corporation', 'Utilities', -0.12),
      quote('NYSE:SO', 'The Southern Company', 'Utilities', -0.1),
    ];
    const model = loadShippedSentimentModel();
    const analysed = (brief: {
      title: string;
      description: string;
      content: string;
      sentiment: number;
    }) =>
      analyzeArticle(model, {
        title: brief.title,
        text: [brief.description, brief.content].join('\n\n'),
        sentimentHint: brief.sentiment,
      });

    it("scores 'Energy leads sectors with a 0.6% gain; Utilities lags' bullish: most rose", () => {
      const brief = writeSectorMoves(DAY, energyDay);
      expect(brief?.title).toBe(
        'Energy leads sectors with a 0.6% gain; Utilities lags, down 0.04%',
      );
      expect(marketSentiment(energyDay)).toBeGreaterThanOrEqual(2);
      const ai = brief && analysed(brief);
      expect(ai?.sentiment).toBe('bullish');
      expect(ai?.sentiment_score).toBeGreaterThanOrEqual(2);
    });

    it('scores a day where most companies fell bearish, whatever the headline words', () => {
      const down = energyDay.map((q) => ({ ...q, changePct: -q.changePct - 0.2 }));
      expect(marketSentiment(down)).toBeLessThanOrEqual(-2);
      // The market's briefs; the movers' lists follow their own direction (next test).
      const market = writeBriefs(DAY, down).filter(
        (b) => !b.symbol && b.key !== 'gainers' && b.key !== 'losers',
      );
      expect(market.length).toBeGreaterThan(0);
      for (const brief of market) expect(brief.sentiment, brief.title).toBeLessThan(0);
    });

    it("scores the day's decliners bearish on a day most stocks rose, and the gainers bullish", () => {
      const day = [
        ...energyDay,
        quote('NASDAQ:TTWO', 'Take-Two Interactive Software, Inc.', 'Communication Services', -9.9),
        quote('NASDAQ:ULTA', 'Ulta Beauty, Inc.', 'Consumer Discretionary', -5.4),
      ];
      expect(marketSentiment(day)).toBeGreaterThan(0);
      const losers = writeMovers(DAY, day, 'losers');
      expect(losers?.title).toMatch(/^Take-Two .* to lead the day's decliners/);
      expect(losers?.sentiment).toBeLessThanOrEqual(-2);
      expect(losers && analysed(losers).sentiment).toBe('bearish');
      expect(writeMovers(DAY, day, 'gainers')?.sentiment).toBeGreaterThanOrEqual(2);
    });

    it('scores the sector brief by its sectors too: 10 of 11 sectors up on a 53% day is bullish', () => {
      const sectors = [
        'Energy',
        'Materials',
        'Industrials',
        'Utilities',
        'Health Care',
        'Financials',
        'Real Estate',
        'Consumer Staples',
        'Consumer Discretionary',
        'Communication Services',
        'Information Technology',
      ];
      // Per sector 4 companies: 3 up 0.4% and one down 0.9% (average +0.08%), tech all down.
      const day = sectors.flatMap((sector, s) =>
        [0, 1, 2, 3].map((i) =>
          quote(
            `X:${String(s)}${String(i)}`,
            `${sector} ${String(i)} Inc.`,
            sector,
            sector === 'Information Technology' ? -0.2 : i === 3 ? -0.9 : 0.4,
          ),
        ),
      );
      const brief = writeSectorMoves(DAY, day);
      expect(brief?.content).toContain('10 of the 11 sectors rose on average.');
      expect(brief && analysed(brief).sentiment).toBe('bullish');
    });

    it('writes lists as markdown items, one line each', () => {
      const sectors = writeSectorMoves(DAY, energyDay)?.content ?? '';
      expect(sectors).toMatch(/^- Energy: \+0\.57% on average, led by /m);
      expect(sectors).toMatch(/^- Utilities: -0\.04% on average/m);
      expect(writeMovers(DAY, market, 'gainers')?.content).toMatch(/^- NVIDIA \(NASDAQ:NVDA\)/m);
      // The analyst's paragraph carries the list as a markdown list after its prose.
      const paragraph = analysed(writeSectorMoves(DAY, energyDay)!).paragraph;
      expect(paragraph).toMatch(
        /\n\nAverage day change by GICS sector:\n- Energy: \+0\.57% on average/,
      );
    });

    it('repeats no sentence in any brief, nor in its summary or paragraph', () => {
      for (const brief of writeBriefs(DAY, [...market, ...energyDay])) {
        const ai = analysed(brief);
        expect(repeatedSentences(ai.summary), brief.title).toEqual([]);
        expect(repeatedSentences(ai.paragraph), brief.title).toEqual([]);
        expect(repeatedSentences(brief.content), brief.title).toEqual([]);
        // No list introduction ('The day's top gainers:') left dangling without its list.
        expect(ai.paragraph.split('\n\n')[0], brief.title).not.toMatch(/:(\s|$)/);
      }
    });
  });
});
