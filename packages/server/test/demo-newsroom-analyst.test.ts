import { describe, expect, it } from 'vitest';
import { loadDemoCompanies } from '../src/demo/companies.ts';
import { createTickerLinker } from '../src/modules/news/ticker-linker.ts';
import { createOfflineAiProvider } from '../src/providers/ai/offline/offline-ai-provider.ts';
import { createDemoNewsroom } from '../src/providers/news/demo-newsroom/demo-newsroom-source.ts';
import { MATERIAL_KINDS } from '../src/providers/news/demo-newsroom/story-text.ts';

/**
 * What the real offline analyst and the real ticker linker make of every story the demo newsroom
 * writes in three weeks of sessions: the feeds (bullish, bearish, defcon) depend on it.
 */
describe('the demo newsroom read by the offline analyst and the ticker linker', () => {
  const analyst = createOfflineAiProvider();
  const linker = createTickerLinker(
    loadDemoCompanies().map((c) => ({ company_name: c.name, exchange_tickers: [c.symbol] })),
  );
  // Fifteen sessions through Friday 2027-06-11, read on the Saturday after.
  const stories = createDemoNewsroom({ days: 15 }).storiesAt(new Date('2027-06-12T15:00:00Z'));
  const analysed = Promise.all(
    stories.map(async (story) => ({
      story,
      // As the enrich job gives it: the description, then the article text.
      ai: await analyst.analyze({
        title: story.title,
        text: [story.description, story.content].join('\n\n'),
        publisher: 'StockPulse Demo Wire',
        tickers: [story.symbol],
      }),
    })),
  );

  it('covers three weeks of sessions with every kind of everyday story and some events', () => {
    expect(new Set(stories.map((s) => s.day)).size).toBe(15);
    const kinds = new Set(stories.map((s) => s.kind));
    for (const kind of [
      'results',
      'guidance',
      'rating',
      'dividend',
      '52-week-high',
      '52-week-low',
      'volume',
    ] as const) {
      expect(kinds).toContain(kind);
    }
    expect([...kinds].filter((kind) => MATERIAL_KINDS.has(kind)).length).toBeGreaterThanOrEqual(2);
  });

  it('scores results, guidance and rating changes with the sign of the news', async () => {
    const wrong = (await analysed)
      .filter(({ story }) => ['results', 'guidance', 'rating'].includes(story.kind))
      .filter(({ story, ai }) => Math.sign(ai.sentiment_score) !== story.direction)
      .map(({ story, ai }) => `${ai.sentiment_score} ${story.title}`);
    expect(wrong).toEqual([]);
  });

  it('puts beat-and-raise stories in the bullish feed and miss-and-cut ones in the bearish feed', async () => {
    const guided = (await analysed).filter(({ story }) => story.kind === 'guidance');
    const raised = guided.filter(({ story }) => story.direction > 0);
    const cut = guided.filter(({ story }) => story.direction < 0);
    expect(raised.some(({ ai }) => ai.sentiment_score >= 7)).toBe(true);
    expect(cut.some(({ ai }) => ai.sentiment_score <= -5)).toBe(true);
    for (const { ai } of raised) expect(ai.sentiment).toBe('bullish');
    for (const { ai } of cut) expect(ai.sentiment).toBe('bearish');
  });

  it('rates halts, chief executive exits, probes and takeover bids defcon 2 or more urgent', async () => {
    // Events are rare: those of twelve weeks, so every kind and template is read.
    const events = createDemoNewsroom({ days: 60 })
      .storiesAt(new Date('2027-06-12T15:00:00Z'))
      .filter((story) => MATERIAL_KINDS.has(story.kind));
    expect(new Set(events.map((story) => story.kind)).size).toBe(4);
    const lax: string[] = [];
    for (const story of events) {
      const ai = await analyst.analyze({
        title: story.title,
        text: [story.description, story.content].join('\n\n'),
        tickers: [story.symbol],
      });
      if (ai.defcon_level > 2) lax.push(`${ai.defcon_level} ${story.title}`);
    }
    expect(lax).toEqual([]);
  });

  it('never gives two stories of a day the same title', () => {
    for (const day of new Set(stories.map((s) => s.day))) {
      const titles = stories.filter((s) => s.day === day).map((s) => s.title);
      expect(new Set(titles).size, day).toBe(titles.length);
    }
  });

  it('links every story to its company first, and to no other company', () => {
    const wrong = stories
      .map((story) => ({
        story,
        links: linker.link([story.title, story.description, story.content].join('\n\n')),
      }))
      .filter(({ story, links }) => {
        const [first, ...others] = links.related_exchange_tickers;
        const company = links.NER.find((entity) => entity.tickers.includes(story.symbol));
        // Share classes of one company (GOOGL and GOOG) are one entity: they may come along.
        return first !== story.symbol || others.some((t) => !company?.tickers.includes(t));
      })
      .map(({ story, links }) => `${story.title} → ${links.related_exchange_tickers.join(',')}`);
    expect(wrong).toEqual([]);
  });
});
