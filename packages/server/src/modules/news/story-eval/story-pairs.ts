/**
 * The labelled pairs the story clustering is measured on (`npm run eval:stories`, and the test
 * that holds its threshold): articles that report the same story and articles that do not,
 * built from the bundled demo wire, the demo newsroom and our own rewrites (story-rewrites.ts).
 *
 * Same story (positive):
 * - each wire story against our rewrite of it by another publisher (close or free);
 * - each wire story against its syndicated copy: a dateline, the last sentence cut, a credit line;
 * - each wire story against a teaser: its title and first sentence, under another publisher;
 * - newsroom stories against their syndicated copies.
 * Not the same story (negative):
 * - wire stories that name a common company or none (hard: same company, other news);
 * - a rewrite against the other wire stories of its company;
 * - newsroom stories of one company on other days or of other kinds;
 * - newsroom stories of one kind on one day about other companies (one template, other facts).
 */
import { loadDemoCompanies } from '../../../demo/companies.ts';
import { createDemoNewsroom } from '../../../providers/news/demo-newsroom/demo-newsroom-source.ts';
import { createDemoWireSource } from '../../../providers/news/feed-source.ts';
import { createTickerLinker } from '../ticker-linker.ts';
import { minhash, storyText, type StoryArticle } from '../news-stories.ts';
import { STORY_REWRITES } from './story-rewrites.ts';

export type PairArticle = StoryArticle & { title: string };
export type StoryPair = { a: PairArticle; b: PairArticle; same: boolean; kind: string };

const AT = new Date('2026-11-25T15:00:00Z');
const HOUR = 3_600_000;

function sentences(text: string): string[] {
  return text.split(/(?<=[.!?])\s+(?=[A-Z$"“])/).filter(Boolean);
}

/** A syndicated copy: dateline, the last sentence cut (when there are three or more), a credit. */
function syndicated(text: string, publisher: string): string {
  const parts = sentences(text);
  const kept = parts.length >= 3 ? parts.slice(0, -1) : parts;
  return `NEW YORK (${publisher}) - ${kept.join(' ')} (Reporting by our markets desk; editing by the news team.)`;
}

/** All pairs, in a fixed order. */
export async function storyPairs(): Promise<StoryPair[]> {
  const linker = createTickerLinker(
    loadDemoCompanies().map((c) => ({ company_name: c.name, exchange_tickers: [c.symbol] })),
  );
  const article = (title: string, text: string, date: Date): PairArticle => ({
    title,
    signature: minhash(storyText({ title, description: '', content: text })),
    tickers: linker.link(`${title}\n\n${text}`).related_exchange_tickers,
    date,
  });
  const pairs: StoryPair[] = [];

  const wire = (await createDemoWireSource({ now: () => AT }).fetch()).map((item) =>
    article(
      item.title,
      [item.description, item.content].filter(Boolean).join('\n\n'),
      item.publishedAt ?? AT,
    ),
  );
  const wireText = (await createDemoWireSource({ now: () => AT }).fetch()).map((item) =>
    [item.description, item.content].filter(Boolean).join(' '),
  );
  for (const rewrite of STORY_REWRITES) {
    const original = wire[rewrite.item];
    if (!original) throw new Error(`no wire item ${String(rewrite.item)}`);
    const copy = article(rewrite.title, rewrite.text, new Date(original.date.getTime() + 2 * HOUR));
    pairs.push({ a: original, b: copy, same: true, kind: 'rewrite' });
    wire.forEach((other, index) => {
      if (index === rewrite.item) return;
      if (other.tickers.some((t) => copy.tickers.includes(t))) {
        pairs.push({ a: other, b: copy, same: false, kind: 'rewrite vs same company' });
      }
    });
  }
  wire.forEach((item, index) => {
    const text = wireText[index] ?? '';
    const later = new Date(item.date.getTime() + HOUR);
    pairs.push({
      a: item,
      b: article(item.title, syndicated(text, 'Wire Partner'), later),
      same: true,
      kind: 'syndicated',
    });
    const first = sentences(text)[0] ?? '';
    pairs.push({ a: item, b: article(item.title, first, later), same: true, kind: 'teaser' });
  });
  for (let i = 0; i < wire.length; i++) {
    for (let j = i + 1; j < wire.length; j++) {
      const a = wire[i];
      const b = wire[j];
      if (!a || !b) continue;
      const shared = a.tickers.some((t) => b.tickers.includes(t));
      // Every pair naming a common company, and one in seven of the others.
      if (shared || (i * 31 + j) % 7 === 0) {
        pairs.push({ a, b, same: false, kind: shared ? 'wire, same company' : 'wire, other news' });
      }
    }
  }

  const stories = createDemoNewsroom({ days: 5 }).storiesAt(AT);
  const room = stories.map((story) => ({
    story,
    article: article(
      story.title,
      [story.description, story.content].join('\n\n'),
      story.publishedAt,
    ),
  }));
  room.slice(0, 60).forEach(({ story, article: original }, index) => {
    if (index % 2 !== 0) return;
    const copy = article(
      story.title,
      syndicated([story.description, story.content].join(' '), 'Partner Wire'),
      new Date(story.publishedAt.getTime() + HOUR),
    );
    pairs.push({ a: original, b: copy, same: true, kind: 'newsroom syndicated' });
  });
  let sameCompany = 0;
  let sameTemplate = 0;
  for (let i = 0; i < room.length; i++) {
    for (let j = i + 1; j < room.length; j++) {
      const a = room[i];
      const b = room[j];
      if (!a || !b) continue;
      if (a.story.symbol === b.story.symbol && sameCompany < 40) {
        sameCompany += 1;
        pairs.push({ a: a.article, b: b.article, same: false, kind: 'newsroom, same company' });
      } else if (
        a.story.kind === b.story.kind &&
        a.story.day === b.story.day &&
        sameTemplate < 60
      ) {
        sameTemplate += 1;
        pairs.push({ a: a.article, b: b.article, same: false, kind: 'newsroom, same template' });
      }
    }
  }
  return pairs;
}
