import { tickerOf } from '@app/shared/symbols';
import { addIsoDays, isoDay } from '@app/shared/dates';
import { formatDay, formatDayRange } from '@app/shared/display/dates';
/**
 * The analyst's weekly market recap, written from the week's closes and news: pure functions,
 * no I/O, so the text is tested on its own and the same week always reads the same.
 */

export type WeekMove = {
  symbol: string;
  company: string;
  sector: string | null;
  /** Last close before the week. */
  before: number;
  /** Last close of the week. */
  after: number;
};

export type WeekStory = {
  id: string;
  title: string;
  /** −10 bearish … +10 bullish, when the analyst scored it. */
  sentiment: number | null;
  tickers: string[];
};

export type RecapWeek = { start: string; end: string };

export type Recap = {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  citations: string[];
};

/**
 * The last `count` complete trading weeks (Monday to Friday) before `now`, newest first: a week
 * is complete once its Friday has passed.
 */
export function completedWeeks(now: Date, count: number): RecapWeek[] {
  const today = isoDay(now);
  const weekday = new Date(`${today}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  // Days back to the latest Friday strictly before today.
  const back = weekday === 6 ? 1 : weekday === 0 ? 2 : weekday + 2;
  const weeks: RecapWeek[] = [];
  for (let index = 0; index < count; index += 1) {
    const end = addIsoDays(today, -back - 7 * index);
    weeks.push({ start: addIsoDays(end, -4), end });
  }
  return weeks;
}

/** When a week's recap counts as published: the Saturday after it, 08:00 UTC (never later than now). */
export function publicationTime(week: RecapWeek, now: Date): Date {
  const saturday = new Date(Date.parse(`${addIsoDays(week.end, 1)}T08:00:00Z`));
  return saturday < now ? saturday : now;
}

export const recapSlug = (week: RecapWeek) => `weekly-market-recap-${week.start}`;

const pct = (move: WeekMove) => ((move.after - move.before) / move.before) * 100;
const signed = (value: number) => `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(2)}%`;
/**
 * A story's tone is the analyst's call, which the stored score's sign carries (neutral scores 0):
 * a weak but confident call is still a call, as in the feeds and the track record.
 */
const tone = (sentiment: number | null) =>
  sentiment === null
    ? 'unscored'
    : sentiment > 0
      ? 'bullish'
      : sentiment < 0
        ? 'bearish'
        : 'neutral';

function mood(average: number): string {
  if (average >= 2) return 'a strong week for stocks';
  if (average >= 0.5) return 'a positive week for stocks';
  if (average > -0.5) return 'a flat week for stocks';
  if (average > -2) return 'a soft week for stocks';
  return 'a rough week for stocks';
}

/** The market in the headline, on the same scale as the mood (a −0.33 % week is flat, not falling). */
function marketMove(average: number): string {
  if (average >= 0.5) return 'a rising market';
  if (average > -0.5) return 'a flat market';
  return 'a falling market';
}

/** Average move of each sector with at least two listings, best first. */
function sectorMoves(moves: readonly WeekMove[]) {
  const groups = new Map<string, number[]>();
  for (const move of moves) {
    if (!move.sector) continue;
    groups.set(move.sector, [...(groups.get(move.sector) ?? []), pct(move)]);
  }
  return [...groups]
    .filter(([, values]) => values.length >= 2)
    .map(([sector, values]) => ({
      sector,
      average: values.reduce((sum, value) => sum + value, 0) / values.length,
      count: values.length,
    }))
    .sort((a, b) => b.average - a.average || a.sector.localeCompare(b.sector));
}

/** Writes the recap of one week; `null` when there is nothing to write about (no prices). */
export function writeRecap(
  week: RecapWeek,
  moves: readonly WeekMove[],
  stories: readonly WeekStory[],
  options: { demoPrices: boolean },
): Recap | null {
  const valid = moves.filter((move) => move.before > 0 && Number.isFinite(move.after));
  if (valid.length === 0) return null;
  const ranked = [...valid].sort((a, b) => pct(b) - pct(a) || a.symbol.localeCompare(b.symbol));
  const average = ranked.reduce((sum, move) => sum + pct(move), 0) / ranked.length;
  const up = ranked.filter((move) => pct(move) > 0).length;
  const best = ranked.slice(0, 3);
  const worst = ranked.slice(-3).reverse();
  const sectors = sectorMoves(ranked);
  const leader = best[0];
  const laggard = worst[0];
  const range = formatDayRange(week.start, week.end);

  const headline = leader
    ? `${tickerOf(leader.symbol)} leads ${marketMove(average)}`
    : 'The week in markets';
  const title = `Weekly market recap, ${range}: ${headline}`;
  const excerpt = `It was ${mood(average)}: the ${ranked.length} listings we follow moved ${signed(average)} on average, ${up} rose and ${ranked.length - up} fell.${leader ? ` ${leader.company} gained the most (${signed(pct(leader))}).` : ''}`;

  const line = (move: WeekMove) =>
    `- **${move.company}** (${move.symbol}): ${signed(pct(move))}, ${move.before.toFixed(2)} → ${move.after.toFixed(2)}`;
  const sections = [
    `## The week in numbers\n\nFrom Monday ${formatDay(week.start, { year: false })} to Friday ${formatDay(week.end, { year: false })} it was ${mood(average)}. Across the ${ranked.length} listings we follow, the average move from the previous Friday's close was **${signed(average)}**; ${up} rose and ${ranked.length - up} fell.`,
    `## Best and worst performers\n\nBest:\n\n${best.map(line).join('\n')}\n\nWorst:\n\n${worst.map(line).join('\n')}`,
  ];
  if (sectors.length > 0) {
    const top = sectors[0];
    const bottom = sectors.at(-1);
    sections.push(
      `## Sectors\n\n${sectors.map((s) => `- ${s.sector}: ${signed(s.average)} (${s.count} listings)`).join('\n')}${top && bottom && top !== bottom ? `\n\n${top.sector} led and ${bottom.sector} trailed.` : ''}`,
    );
  }
  const cited = stories.slice(0, 6);
  if (cited.length > 0) {
    sections.push(
      `## The stories that mattered\n\n${cited
        .map(
          (story) =>
            `- [${story.title}](/n/${story.id}) (${tone(story.sentiment)}${story.tickers.length > 0 ? `; ${story.tickers.slice(0, 3).map(tickerOf).join(', ')}` : ''})`,
        )
        .join('\n')}`,
    );
  } else {
    sections.push(
      '## The stories that mattered\n\nThe news feed had no analysed stories this week.',
    );
  }
  if (laggard && leader && laggard !== leader) {
    sections.push(
      `## What it means\n\nThe gap between the best (${tickerOf(leader.symbol)}, ${signed(pct(leader))}) and the worst (${tickerOf(laggard.symbol)}, ${signed(pct(laggard))}) was ${(pct(leader) - pct(laggard)).toFixed(2)} percentage points. One week says little about a company's long-term value: read the stories behind the moves before acting on them.`,
    );
  }
  sections.push(
    `---\n\n*Written by the StockPulse analyst from ${options.demoPrices ? 'the demo data set (synthetic prices)' : 'market closes'} and the week's analysed news. Information only, not financial advice; past performance does not predict future returns.*`,
  );

  return {
    slug: recapSlug(week),
    title,
    excerpt,
    body: sections.join('\n\n'),
    citations: cited.map((story) => story.id),
  };
}
