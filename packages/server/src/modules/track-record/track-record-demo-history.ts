import {
  createDemoNewsroom,
  newsroomItem,
} from '../../providers/news/demo-newsroom/demo-newsroom-source.ts';
import type { NewsSource } from '../../providers/news/news-source.ts';

/**
 * Sessions of demo company news the track record wants stored: a 20-trading-day horizon needs
 * articles at least a month old, while the newsroom's regular run writes only the last two weeks.
 */
export const DEMO_HISTORY_SESSIONS = 45;

/**
 * The demo newsroom over a longer window, as a news source: the same stories (same guids and
 * links) the newsroom wrote or would have written on those past sessions, dated on the business
 * clock, so ingesting it again stores only what is missing.
 */
export function createDemoHistorySource(options: {
  publicUrl: string;
  now: () => Date;
  sessions?: number;
}): NewsSource {
  const newsroom = createDemoNewsroom({ days: options.sessions ?? DEMO_HISTORY_SESSIONS });
  return {
    name: 'demo-newsroom',
    fullText: false,
    fetch: () =>
      Promise.resolve(
        newsroom.storiesAt(options.now()).map((story) => newsroomItem(story, options.publicUrl)),
      ),
  };
}
