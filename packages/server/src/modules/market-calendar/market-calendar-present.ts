import type { MarketEvent } from '@app/shared/api/market-calendar';
import { storyWindow, surprisePct } from './market-calendar-rules.ts';
import type { MarketEventRow } from './market-calendar.repository.ts';

/** Stories read at most for one answer's events. */
const STORIES_MAX = 500;

export type Story = { id: string; title: string; tickers: string[]; published: Date };

/** The stories of an event: about its listing, published around its day (results or declaration). */
function storiesOf(row: MarketEventRow, stories: readonly Story[]): MarketEvent['stories'] {
  const day =
    row.kind === 'dividend' ? row.declared_date : row.kind === 'earnings' ? row.date : null;
  if (day === null) return [];
  const window = storyWindow(day);
  return stories
    .filter(
      (s) =>
        s.tickers.includes(row.symbol) && s.published >= window.from && s.published <= window.to,
    )
    .reverse()
    .slice(0, 5)
    .map(({ id, title }) => ({ id, title }));
}

/** Stored events as the API shows them: with their surprises and the stories about them. */
export function createEventPresenter(deps: {
  stories: (symbols: readonly string[], from: Date, to: Date, limit: number) => Promise<Story[]>;
  today: () => string;
}) {
  const { today } = deps;
  /** `complete`: fewer stories were read than the limit, so none was cut. */
  return async (
    rows: readonly MarketEventRow[],
  ): Promise<{ events: MarketEvent[]; complete: boolean }> => {
    const storyDays = rows.flatMap((r) =>
      r.kind === 'earnings' && r.eps_reported !== null
        ? [r.date]
        : r.kind === 'dividend' && r.declared_date
          ? [r.declared_date]
          : [],
    );
    let stories: Story[] = [];
    if (storyDays.length > 0) {
      const sorted = [...storyDays].sort();
      const symbols = [...new Set(rows.map((r) => r.symbol))];
      stories = await deps.stories(
        symbols,
        storyWindow(sorted[0] ?? today()).from,
        storyWindow(sorted.at(-1) ?? today()).to,
        STORIES_MAX,
      );
    }
    const events = rows.map((row) => ({
      ...row,
      source: row.source === 'yahoo' ? ('yahoo' as const) : ('demo' as const),
      eps_surprise_pct: surprisePct(row.eps_reported, row.eps_estimate),
      revenue_surprise_pct: surprisePct(row.revenue_reported, row.revenue_estimate),
      stories: storiesOf(row, stories),
    }));
    return { events, complete: stories.length < STORIES_MAX };
  };
}
