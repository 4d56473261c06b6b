import type { SiteFigures } from '@app/shared/api/site';
import type { Clock } from '../../clock.ts';
import { recentValue } from '../../cache/recent-value.ts';
import type { SiteFiguresRepository } from './site-figures.repository.ts';
import { DAY_MS } from '@app/shared/dates';

/** Readers are counted over this window (the landing says "in the last 30 days"). */
export const READERS_WINDOW_DAYS = 30;
/** The figures are counted at most this often per process: four counts over large tables. */
export const SITE_FIGURES_TTL_MS = 10 * 60_000;

/**
 * The landing's trust figures, counted from this installation's own tables (kept for
 * SITE_FIGURES_TTL_MS). `demo` says the data they count is the generated demo data set.
 */
export function createSiteFiguresService(deps: {
  repository: SiteFiguresRepository;
  clock: Clock;
  demo: boolean;
  ttlMs?: number;
}) {
  const { repository, clock } = deps;
  const figures = recentValue<SiteFigures>(deps.ttlMs ?? SITE_FIGURES_TTL_MS, async () => {
    const now = clock.now();
    const since = new Date(now.getTime() - READERS_WINDOW_DAYS * DAY_MS);
    const [readers, articles, companies, alerts] = await Promise.all([
      repository.readersSince(since),
      repository.analysedArticles(),
      repository.companies(),
      repository.alertsSent(),
    ]);
    return {
      readers_30d: readers,
      articles_analysed: articles,
      companies_covered: companies,
      alerts_sent: alerts,
      counted_at: Math.floor(now.getTime() / 1000),
      demo: deps.demo,
    };
  });
  return { figures: () => figures.get() };
}

export type SiteFiguresService = ReturnType<typeof createSiteFiguresService>;
