/**
 * Which stories happen on one trading day, and when: the newsroom's editorial rules over the demo
 * prices. Results come on each company's jump days, ratings after the largest moves, dividends on
 * a quarterly schedule, highs, lows and volume for the few most notable companies, and rare
 * events on a seeded share of large moves. Pure and deterministic.
 */
import { ANCHOR_DATE } from '../../market-data/demo/price-synthesis.ts';
import { fnv1a32, mix32 } from '../../market-data/demo/seeded-random.ts';
import { dayNumber, newYorkInstant } from '../../market-data/demo/trading-calendar.ts';
import { marketValue, type NewsroomCompany } from './company-figures.ts';
import { writeEvent, type EventKind } from './event-writer.ts';
import {
  writeDividend,
  writeRating,
  writeUnusualVolume,
  writeYearExtreme,
} from './market-writer.ts';
import { companyDay, tradingIndex, type CompanyDay, type PriceWindow } from './newsroom-prices.ts';
import { writeGuidance, writeResults } from './results-writer.ts';
import { DEMO_NOTE, type Story, type StoryKind, type StoryText } from './story-text.ts';

/** A move of at least this many standard deviations may bring an analyst's rating change … */
export const RATING_Z = 2.5;
const RATING_SHARE = 0.5;
const MAX_RATINGS = 6;
/** … and a jump day this large may bring a guidance change with the results. */
const GUIDANCE_Z = 2;
const GUIDANCE_SHARE = 0.5;
/** New 52-week highs, and lows, written a day: the largest moves among them. */
const MAX_EXTREMES = 2;
const VOLUME_RATIO = 3;
const MAX_VOLUME = 2;
/** Events come on this share of non-results moves of at least EVENT_Z: a few a week in all. */
const EVENT_Z = 2;
const EVENT_SHARE = 0.045;
const MAX_EVENTS = 3;
const MAX_BID_VALUE = 60e9;

/** A uniform number in [0, 1) fixed by a key: the newsroom's seeded decisions. */
function unit(key: string): number {
  return mix32(fnv1a32(key), 7) / 2 ** 32;
}

const PRE_OPEN: [number, number] = [6 * 60 + 30, 8 * 60 + 45];
const AFTER_CLOSE: [number, number] = [16 * 60 + 5, 17 * 60 + 15];
const RATINGS: [number, number] = [7 * 60, 9 * 60 + 15];
const SESSION: [number, number] = [10 * 60, 15 * 60 + 30];
const CLOSE_WRAP: [number, number] = [16 * 60 + 5, 16 * 60 + 50];

type Planned = {
  kind: StoryKind;
  company: NewsroomCompany;
  minutes: number;
  preOpen: boolean;
  text: StoryText;
};

const ANCHOR_INDEX = tradingIndex(ANCHOR_DATE);

/** The stories of window day `position`, oldest first; empty without the sessions around it. */
export function storiesOfDay(
  window: PriceWindow,
  companies: readonly NewsroomCompany[],
  position: number,
): Story[] {
  const day = window.days[position];
  if (!day || position + 1 >= window.days.length) return [];
  const facts = (offset: number) =>
    companies
      .map((company) => companyDay(window, company, position + offset))
      .filter((fact): fact is CompanyDay => fact !== null);
  const today = facts(0);
  const yesterday = facts(-1);
  const tomorrow = new Map(facts(1).map((fact) => [fact.company.symbol, fact]));
  const planned: Planned[] = [];
  const timeOf = (kind: StoryKind, fact: CompanyDay, [from, to]: [number, number]) =>
    from + Math.floor(unit(`${kind}:${fact.company.symbol}:${day}`) * (to - from));
  const add = (
    kind: StoryKind,
    fact: CompanyDay,
    minutes: number,
    text: StoryText | null,
    preOpen = false,
  ) => {
    if (text) planned.push({ kind, company: fact.company, minutes, preOpen, text });
  };

  // Results: before the open of a jump day, or after the close of the session before it.
  const reporting = new Set<string>();
  for (const fact of today) {
    const { company } = fact;
    const next = tomorrow.get(company.symbol);
    const jump = company.reportsBeforeOpen ? fact : next;
    if (!jump?.earnings) continue;
    reporting.add(company.symbol);
    const beforeOpen = company.reportsBeforeOpen;
    const guided =
      Math.abs(jump.z) >= GUIDANCE_Z && unit(`guidance:${company.symbol}:${day}`) < GUIDANCE_SHARE;
    const minutes = timeOf('results', fact, beforeOpen ? PRE_OPEN : AFTER_CLOSE);
    add('results', fact, minutes, writeResults(jump, day, beforeOpen, guided), beforeOpen);
    // The guidance story follows the results by a few minutes.
    const later = minutes + 2 + Math.floor(unit(`guidance-at:${company.symbol}:${day}`) * 10);
    if (guided) add('guidance', fact, later, writeGuidance(jump, day), beforeOpen);
  }

  // Ratings the morning after the largest moves: mostly with the move, sometimes against it.
  yesterday
    .filter(
      (f) => Math.abs(f.z) >= RATING_Z && unit(`rating:${f.company.symbol}:${day}`) < RATING_SHARE,
    )
    .sort((a, b) => Math.abs(b.z) - Math.abs(a.z))
    .slice(0, MAX_RATINGS)
    .forEach((f) => {
      const contrarian = unit(`contrarian:${f.company.symbol}:${day}`) < 0.2;
      const direction = f.z >= 0 !== contrarian ? 1 : -1;
      add('rating', f, timeOf('rating', f, RATINGS), writeRating(f, day, direction), true);
    });

  for (const fact of today) {
    if (fact.dividend)
      add('dividend', fact, timeOf('dividend', fact, SESSION), writeDividend(fact, ANCHOR_INDEX));
  }

  // Highs, lows and volume: single-company stories for the most notable few, not results days.
  const quiet = today.filter((f) => !f.earnings && !reporting.has(f.company.symbol));
  const highs = quiet.filter((f) => f.close > f.high52).sort((a, b) => b.changePct - a.changePct);
  const lows = quiet.filter((f) => f.close < f.low52).sort((a, b) => a.changePct - b.changePct);
  const extremes = new Set<string>();
  for (const f of highs.slice(0, MAX_EXTREMES)) {
    extremes.add(f.company.symbol);
    add('52-week-high', f, timeOf('52-week-high', f, CLOSE_WRAP), writeYearExtreme(f, true));
  }
  for (const f of lows.slice(0, MAX_EXTREMES)) {
    extremes.add(f.company.symbol);
    add('52-week-low', f, timeOf('52-week-low', f, CLOSE_WRAP), writeYearExtreme(f, false));
  }
  quiet
    .filter((f) => f.volumeRatio >= VOLUME_RATIO && !extremes.has(f.company.symbol))
    .sort((a, b) => b.volumeRatio - a.volumeRatio)
    .slice(0, MAX_VOLUME)
    .forEach((f) => add('volume', f, timeOf('volume', f, CLOSE_WRAP), writeUnusualVolume(f)));

  quiet
    .filter(
      (f) => Math.abs(f.z) >= EVENT_Z && unit(`event:${f.company.symbol}:${day}`) < EVENT_SHARE,
    )
    .sort((a, b) => Math.abs(b.z) - Math.abs(a.z))
    .slice(0, MAX_EVENTS)
    .forEach((f) => {
      const u = unit(`event-kind:${f.company.symbol}:${day}`);
      // Buyout firms bid for companies they can finance, not the largest.
      const bid = u < 0.7 && marketValue(f.company, f.close) < MAX_BID_VALUE;
      const kind: EventKind =
        f.z >= 0
          ? bid
            ? 'takeover-bid'
            : 'halt'
          : u < 0.4
            ? 'ceo-exit'
            : u < 0.8
              ? 'probe'
              : 'halt';
      add(kind, f, timeOf(kind, f, SESSION), writeEvent(f, kind));
    });

  const dayNo = dayNumber(day);
  return planned
    .map(({ kind, company, minutes, preOpen, text }) => ({
      kind,
      symbol: company.symbol,
      day,
      publishedAt: newYorkInstant(dayNo, minutes),
      title: text.title,
      description: text.description,
      content: [...text.body, DEMO_NOTE].join('\n\n'),
      direction: text.direction,
      preOpen,
    }))
    .sort(
      (a, b) => a.publishedAt.getTime() - b.publishedAt.getTime() || a.title.localeCompare(b.title),
    );
}
