/** What the newsroom's writers share: the story shape, seeded template choice and formats. */
import { createRandom, fnv1a32, type SeededRandom } from '../../market-data/demo/seeded-random.ts';
import { dayNumber, isoDate } from '../../market-data/demo/trading-calendar.ts';
import type { NewsroomCompany } from './company-figures.ts';
import { formatPrice } from '@app/shared/display/format';

export type StoryKind =
  | 'results'
  | 'guidance'
  | 'rating'
  | 'dividend'
  | '52-week-high'
  | '52-week-low'
  | 'volume'
  | 'halt'
  | 'ceo-exit'
  | 'probe'
  | 'takeover-bid';

/** Events that can move a price at once: the defcon feed's stories. */
export const MATERIAL_KINDS: ReadonlySet<StoryKind> = new Set([
  'halt',
  'ceo-exit',
  'probe',
  'takeover-bid',
]);

/** Good (1) or bad (-1) news for the company's shareholders. */
export type Direction = 1 | -1;

/** A story as a writer writes it. */
export type StoryText = {
  title: string;
  /** The lede: one or two sentences. */
  description: string;
  /** The paragraphs after the lede (the demo note is added by the newsroom). */
  body: string[];
  direction: Direction;
};

/** A story of the demo newsroom, dated. */
export type Story = {
  kind: StoryKind;
  symbol: string;
  /** The New York trading day it is dated on (`YYYY-MM-DD`). */
  day: string;
  publishedAt: Date;
  title: string;
  description: string;
  content: string;
  direction: Direction;
  /** Published before the session opens, so it may run on a day whose session is under way. */
  preOpen: boolean;
};

/** The last sentence of every story: the same label the demo prices carry. */
export const DEMO_NOTE =
  "Demo data: synthetic news generated from StockPulse's demo prices, not real events.";

/** The seeded generator of one story: the same story, word for word, on every run. */
export function storyRandom(kind: StoryKind, symbol: string, day: string): SeededRandom {
  return createRandom(fnv1a32(`demo-newsroom:${kind}:${symbol}:${day}`));
}

/** One of `options`, chosen by the story's generator. */
export function pick<T>(random: SeededRandom, options: readonly [T, ...T[]]): T {
  return options[Math.floor(random.next() * options.length)] ?? options[0];
}

/** `Apple (NASDAQ:AAPL)`: the name and the symbol the ticker linker links. */
export const named = (company: NewsroomCompany) => `${company.short} (${company.symbol})`;

/** `$1.85`, `$512.30`. */
export function usd(value: number): string {
  return formatPrice(value, 'USD');
}

/** `$102 billion`, `$48.3 billion`, `$2.21 billion`, `$850 million`: three significant figures. */
export function usdAmount(value: number): string {
  if (value >= 1e9) {
    const billions = value / 1e9;
    return `$${billions.toFixed(billions >= 100 ? 0 : billions >= 10 ? 1 : 2)} billion`;
  }
  return `$${Math.round(value / 1e6).toLocaleString('en-US')} million`;
}

/** `3.1`, `12`: a percentage for prose, one decimal under 10. */
export function pct(value: number): string {
  const abs = Math.abs(value);
  return abs >= 10 ? abs.toFixed(0) : abs.toFixed(1);
}

/** `Monday` for `2026-11-23`. */
export function weekday(day: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    timeZone: 'UTC',
  });
}

/** `December 15`: the calendar day `days` after `day`. */
export function monthDayAfter(day: string, days: number): string {
  return new Date(`${isoDate(dayNumber(day) + days)}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
