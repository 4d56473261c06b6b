import {
  fallVerb,
  listOf,
  longDay,
  money,
  pctNumber,
  riseVerb,
  sectorStocks,
  shareCount,
  shortCompanyName,
  signedPct,
} from './brief-format.ts';
import {
  averageMove,
  clampScore,
  marketBreadth,
  marketSentiment,
  sectorAverages,
} from './brief-market.ts';

/** One company's quote of the brief's trading day, with the history figures the briefs use. */
export type BriefQuote = {
  symbol: string;
  company: string;
  sector: string;
  price: number;
  changePct: number;
  currency: string;
  dayHigh: number;
  dayLow: number;
  /** Highest high and lowest low of the 52 weeks before the day; null with a shorter history. */
  high52: number | null;
  low52: number | null;
  /** The day's volume and the average of the 50 sessions before it; null when not loaded. */
  volume: number | null;
  avgVolume50: number | null;
};

/** One written brief, before it becomes a news item (the source adds link, guid and date). */
export type Brief = {
  /** `gainers`, `losers`, `sectors`, `52-week`, `unusual-volume:<symbol>`. */
  key: string;
  /** Set for single-company briefs: the page they link to. */
  symbol?: string;
  title: string;
  description: string;
  /** Markdown: prose paragraphs, and lists as `- ` items. */
  content: string;
  /**
   * The brief's sentiment (−10 … 10), computed from the figures it reports (breadth and average
   * moves), never from its words: 'Utilities lags' on a day most sectors rose is not bearish.
   */
  sentiment: number;
};

/** Fewer quoted companies than this make no market-wide brief (a fresh start quotes a few). */
export const MIN_QUOTES = 10;
const TOP = 5;
/** A day volume at least this many times the 50-day average is unusual. */
export const UNUSUAL_VOLUME_RATIO = 2;
const MAX_VOLUME_BRIEFS = 3;
/** The smallest average sector move a movers headline attributes the day to. */
const THEME_MIN_PCT = 0.5;

const named = (q: BriefQuote) => `${shortCompanyName(q.company)} (${q.symbol})`;
const moveLine = (q: BriefQuote) =>
  `${named(q)} ${signedPct(q.changePct)} to ${money(q.price, q.currency)}`;

/** A sector shared by at least 3 of the top movers, when their sector moved the same way. */
function theme(top: readonly BriefQuote[], sectors: ReadonlyMap<string, number>, sign: 1 | -1) {
  const counts = new Map<string, number>();
  for (const q of top) counts.set(q.sector, (counts.get(q.sector) ?? 0) + 1);
  const [sector, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  const average = sectors.get(sector) ?? 0;
  // A sector that barely moved on average does not explain its few big movers.
  return sector && count >= 3 && sign * average >= THEME_MIN_PCT ? sector : null;
}

function breadth(quotes: readonly BriefQuote[]): string {
  const up = quotes.filter((q) => q.changePct > 0).length;
  const down = quotes.filter((q) => q.changePct < 0).length;
  return `Across the ${quotes.length} companies we follow, ${up} rose and ${down} fell.`;
}

/** The day's top gainers or decliners. */
export function writeMovers(
  day: string,
  quotes: readonly BriefQuote[],
  direction: 'gainers' | 'losers',
): Brief | null {
  const sign = direction === 'gainers' ? 1 : -1;
  const movers = quotes
    .filter((q) => Math.sign(q.changePct) === sign)
    .sort((a, b) => sign * (b.changePct - a.changePct))
    .slice(0, TOP);
  const leader = movers[0];
  if (quotes.length < MIN_QUOTES || !leader) return null;
  const sectors = sectorAverages(quotes);
  const sector = theme(movers, sectors, sign);
  const pct = pctNumber(leader.changePct);
  const verb = sign > 0 ? riseVerb(leader.changePct) : fallVerb(-leader.changePct);
  const who = shortCompanyName(leader.company);
  const role = sign > 0 ? 'gainers' : 'decliners';
  const title = sector
    ? `${who} ${verb} ${pct}% to lead ${role} as ${sectorStocks(sector)} ${sign > 0 ? 'rally' : 'slide'}`
    : `${who} ${verb} ${pct}% to lead the day's ${role}`;
  const others = movers.slice(1).map((q) => `${named(q)} (${signedPct(q.changePct)})`);
  const description =
    `${named(leader)} ${sign > 0 ? 'rose' : 'fell'} ${pct}% to ${money(leader.price, leader.currency)} on ${longDay(day)}` +
    (others.length > 0 ? `, ahead of ${listOf(others)}.` : '.');
  const content = [
    description,
    `The day's top ${role}:\n${movers.map((q) => `- ${moveLine(q)}`).join('\n')}`,
    sector
      ? `${sector} companies moved ${signedPct(sectors.get(sector) ?? 0)} on average and supplied ${movers.filter((q) => q.sector === sector).length} of the top ${movers.length}.`
      : '',
    breadth(quotes),
  ];
  return {
    key: direction,
    title,
    description,
    content: content.filter(Boolean).join('\n\n'),
    // The list's direction and size: the brief is linked to the listed companies, so "Take-Two
    // plunges 9.9% to lead the day's decliners" is bearish even on a day most stocks rose.
    sentiment: sign * Math.max(2, Math.min(8, Math.round(averageMove(movers)))),
  };
}

/** Average moves by GICS sector. */
export function writeSectorMoves(day: string, quotes: readonly BriefQuote[]): Brief | null {
  const sectors = [...sectorAverages(quotes)];
  const best = sectors[0];
  const worst = sectors.at(-1);
  if (quotes.length < MIN_QUOTES || sectors.length < 3 || !best || !worst) return null;
  const [bestName, bestPct] = best;
  const [worstName, worstPct] = worst;
  let title: string;
  if (worstPct > 0) {
    title = `Every sector rises, led by ${sectorStocks(bestName)} up ${pctNumber(bestPct)}%`;
  } else if (bestPct < 0) {
    title = `Every sector falls as ${sectorStocks(worstName)} drop ${pctNumber(worstPct)}%`;
  } else {
    title = `${bestName} leads sectors with a ${pctNumber(bestPct)}% gain; ${worstName} lags, down ${pctNumber(worstPct)}%`;
  }
  const leaders = (sector: string) =>
    quotes
      .filter((q) => q.sector === sector)
      .sort((a, b) => b.changePct - a.changePct)
      .slice(0, 1)
      .map((q) => `led by ${named(q)} at ${signedPct(q.changePct)}`)[0] ?? '';
  const description = `On ${longDay(day)}, ${bestName} was the strongest sector (${signedPct(bestPct)} on average) and ${worstName} the weakest (${signedPct(worstPct)}).`;
  const lines = sectors.map(
    ([sector, average]) => `- ${sector}: ${signedPct(average)} on average, ${leaders(sector)}`,
  );
  const rising = sectors.filter(([, average]) => average > 0).length;
  const content = [
    description,
    `${rising} of the ${sectors.length} sectors rose on average. Average day change by GICS sector:\n${lines.join('\n')}`,
    breadth(quotes),
  ].join('\n\n');
  // What the brief reports: how many sectors and companies rose, and by how much on average.
  const sectorBreadth =
    (rising - sectors.filter(([, average]) => average < 0).length) / sectors.length;
  const companyBreadth = marketBreadth(quotes);
  const sectorMove = sectors.reduce((sum, [, average]) => sum + average, 0) / sectors.length;
  const sentiment = clampScore(4 * sectorBreadth + 4 * companyBreadth + 2 * sectorMove);
  return { key: 'sectors', title, description, content, sentiment };
}

/** Companies whose day range broke out of the 52 weeks before it. */
export function writeNewHighsAndLows(day: string, quotes: readonly BriefQuote[]): Brief | null {
  const highs = quotes
    .filter((q) => q.high52 !== null && q.dayHigh > q.high52)
    .sort((a, b) => b.changePct - a.changePct);
  const lows = quotes
    .filter((q) => q.low52 !== null && q.dayLow < q.low52)
    .sort((a, b) => a.changePct - b.changePct);
  const first = highs[0] ?? lows[0];
  if (!first) return null;
  const count = (n: number, what: string) => `${n} ${n === 1 ? 'stock' : 'stocks'} ${what}`;
  let title: string;
  if (highs.length === 1 && lows.length === 0) {
    title = `${shortCompanyName(first.company)} hits a 52-week high at ${money(first.dayHigh, first.currency)}`;
  } else if (lows.length === 1 && highs.length === 0) {
    title = `${shortCompanyName(first.company)} sinks to a 52-week low at ${money(first.dayLow, first.currency)}`;
  } else if (highs[0]) {
    title = `${count(highs.length, 'set 52-week highs')}, led by ${shortCompanyName(highs[0].company)}`;
    if (lows.length > 0) title += `; ${lows.length} at lows`;
  } else {
    title = `${count(lows.length, 'hit 52-week lows')}, led by ${shortCompanyName(first.company)}`;
  }
  // The 52-week range is of intraday highs and lows: a stock can touch a new low and still close
  // up, so the line says "traded as low as" and how it ended, not "fell to".
  const highLine = (q: BriefQuote) =>
    `${named(q)} traded as high as ${money(q.dayHigh, q.currency)}, above its previous 52-week high of ${money(q.high52 ?? 0, q.currency)}, and ended ${signedPct(q.changePct)} on the day`;
  const lowLine = (q: BriefQuote) =>
    `${named(q)} traded as low as ${money(q.dayLow, q.currency)}, below its previous 52-week low of ${money(q.low52 ?? 0, q.currency)}, and ended ${signedPct(q.changePct)} on the day`;
  const highsPhrase =
    highs.length === 1
      ? 'one stock set a new 52-week high'
      : count(highs.length, 'set new 52-week highs');
  const lowsPhrase =
    lows.length === 0
      ? 'none hit a new low'
      : lows.length === 1
        ? 'one hit a new 52-week low'
        : `${lows.length} hit new 52-week lows`;
  const description = `On ${longDay(day)}, ${highs.length === 0 ? 'no stock set a new 52-week high' : highsPhrase} and ${lowsPhrase}.`;
  const content = [
    description,
    highs.length > 0
      ? `New highs:\n${highs
          .slice(0, 10)
          .map((q) => `- ${highLine(q)}`)
          .join('\n')}`
      : '',
    lows.length > 0
      ? `New lows:\n${lows
          .slice(0, 10)
          .map((q) => `- ${lowLine(q)}`)
          .join('\n')}`
      : '',
  ];
  // New highs against new lows (−1 … 1, weight 4), with half the market's tone.
  const balance = (highs.length - lows.length) / (highs.length + lows.length);
  return {
    key: '52-week',
    title,
    description,
    content: content.filter(Boolean).join('\n\n'),
    sentiment: clampScore(4 * balance + 0.5 * marketSentiment(quotes)),
  };
}

/** One brief per company trading far above its usual volume (the most unusual few). */
export function writeUnusualVolume(day: string, quotes: readonly BriefQuote[]): Brief[] {
  return quotes
    .flatMap((q) =>
      q.volume !== null && q.avgVolume50 !== null && q.avgVolume50 > 0
        ? [{ q, volume: q.volume, average: q.avgVolume50, ratio: q.volume / q.avgVolume50 }]
        : [],
    )
    .filter(({ ratio }) => ratio >= UNUSUAL_VOLUME_RATIO)
    .sort((a, b) => b.ratio - a.ratio)
    .slice(0, MAX_VOLUME_BRIEFS)
    .map(({ q, volume, average, ratio }) => {
      const who = shortCompanyName(q.company);
      const move =
        q.changePct >= 0
          ? `shares rise ${pctNumber(q.changePct)}%`
          : `shares fall ${pctNumber(q.changePct)}%`;
      const description = `${shareCount(volume)} ${named(q)} shares changed hands on ${longDay(day)}, ${ratio.toFixed(1)} times the 50-day average of ${shareCount(average)}; the stock was ${signedPct(q.changePct)} on the day at ${money(q.price, q.currency)}.`;
      return {
        key: `unusual-volume:${q.symbol}`,
        symbol: q.symbol,
        title: `${who} trades ${ratio.toFixed(1)} times its usual volume as ${move}`,
        description,
        content: [
          description,
          `The day's range was ${money(q.dayLow, q.currency)} to ${money(q.dayHigh, q.currency)}. Volume this far above its average often accompanies news, an index change or a large holder trading.`,
        ].join('\n\n'),
        // The stock's own move on the heavy volume, a point a percent ("rise 2.4%" is bullish).
        sentiment: Math.max(-8, Math.min(8, clampScore(q.changePct))),
      };
    });
}

/** Every brief the day's numbers support, market-wide first. */
export function writeBriefs(day: string, quotes: readonly BriefQuote[]): Brief[] {
  return [
    writeMovers(day, quotes, 'gainers'),
    writeMovers(day, quotes, 'losers'),
    writeSectorMoves(day, quotes),
    writeNewHighsAndLows(day, quotes),
    ...writeUnusualVolume(day, quotes),
  ].filter((brief): brief is Brief => brief !== null);
}
