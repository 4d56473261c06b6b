/**
 * Quarterly results and guidance, written from a company's earnings-like jump day in the demo
 * prices: the jump's sign makes the beat or the miss, its size the surprise. Every figure is
 * SYNTHETIC (see company-figures.ts): revenue from the company's size and growth, EPS from its
 * demo share price, margin and price-to-sales, so results and price agree with each other.
 */
import { ANCHOR_DATE } from '../../market-data/demo/price-synthesis.ts';
import { dayNumber } from '../../market-data/demo/trading-calendar.ts';
import { fiscalQuarter, type NewsroomCompany } from './company-figures.ts';
import type { CompanyDay } from './newsroom-prices.ts';
import { sectorDriver } from './sector-drivers.ts';
import {
  named,
  pct,
  pick,
  storyRandom,
  usd,
  usdAmount,
  weekday,
  type Direction,
  type StoryText,
} from './story-text.ts';

/** The figures of one quarterly report. */
export type QuarterFigures = {
  direction: Direction;
  quarter: string;
  eps: number;
  epsEstimate: number;
  revenue: number;
  revenueEstimate: number;
  /** Revenue change from a year earlier, in percent. */
  growthPct: number;
  /** Full-year revenue guidance: the new range and the one it replaces (when guided). */
  guidance: { low: number; high: number; previousLow: number; previousHigh: number };
};

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const cents = (value: number) => Math.round(value * 100) / 100;

/** The consensus revenue of a quarter reported on `day` (synthetic: size and growth alone). */
export function revenueEstimateOn(company: NewsroomCompany, day: string): number {
  const years = (dayNumber(day) - dayNumber(ANCHOR_DATE)) / 365;
  return company.quarterlyRevenue * (1 + company.revenueGrowth) ** years;
}

/** The consensus EPS at a share price: price × margin / (4 × price-to-sales), at least 5 cents. */
export function epsEstimateAt(company: NewsroomCompany, price: number): number {
  return Math.max(0.05, cents((price * company.netMargin) / (4 * company.priceToSales)));
}

/** The figures a jump day implies: surprises scale with the day's log return. */
export function quarterFigures(jump: CompanyDay): QuarterFigures {
  const { company } = jump;
  const move = Math.log(jump.close / jump.previousClose);
  const direction: Direction = move >= 0 ? 1 : -1;
  const revenueEstimate = revenueEstimateOn(company, jump.day);
  const revenueSurprise = direction * clamp(Math.abs(move) / 2, 0.006, 0.12);
  const revenue = revenueEstimate * (1 + revenueSurprise);
  const yearAgo = revenueEstimate / (1 + company.revenueGrowth);
  // EPS follows the share price.
  const epsEstimate = epsEstimateAt(company, jump.previousClose);
  let eps = cents(epsEstimate * (1 + direction * clamp(2.5 * Math.abs(move), 0.01, 0.5)));
  if (direction * (eps - epsEstimate) < 0.01) eps = cents(epsEstimate + direction * 0.01);
  const annual = 4 * revenueEstimate * (1 + company.revenueGrowth / 2);
  const change = direction * clamp(0.01 + Math.abs(move) / 2, 0.02, 0.08);
  const previousLow = annual * 0.98;
  const previousHigh = annual * 1.02;
  return {
    direction,
    quarter: fiscalQuarter(company, jump.index),
    eps,
    epsEstimate,
    revenue,
    revenueEstimate,
    growthPct: (revenue / yearAgo - 1) * 100,
    guidance: {
      low: previousLow * (1 + change),
      high: previousHigh * (1 + change),
      previousLow,
      previousHigh,
    },
  };
}

/** `up 8.2%` / `down 1.5%` from a year earlier. */
const growthPhrase = (growthPct: number) =>
  `${growthPct >= 0 ? 'up' : 'down'} ${pct(growthPct)}% from a year earlier`;

/**
 * The results story of a jump day: published before the open on the jump day (`beforeOpen`) or
 * after the close of the session before it (`day`), with the guidance change when `guided`.
 */
export function writeResults(
  jump: CompanyDay,
  day: string,
  beforeOpen: boolean,
  guided: boolean,
): StoryText {
  const { company } = jump;
  const f = quarterFigures(jump);
  const random = storyRandom('results', company.symbol, day);
  const who = company.short;
  const revenue = usdAmount(f.revenue);
  const eps = usd(f.eps);
  const beat = f.direction > 0;
  let title: string;
  if (guided && beat) {
    title = pick(random, [
      `${who} beats estimates and raises full-year outlook`,
      `${who} tops forecasts and raises full-year guidance`,
      `${who} raises full-year forecast after strong ${f.quarter}-quarter beat`,
      `${who} beats on earnings, lifts full-year guidance as revenue reaches ${revenue}`,
    ]);
  } else if (guided) {
    title = pick(random, [
      `${who} misses estimates and cuts full-year outlook`,
      `${who} lowers full-year guidance after weak ${f.quarter}-quarter miss`,
      `${who} cuts full-year forecast as quarterly results fall short`,
      `${who} misses on earnings, slashes full-year guidance`,
    ]);
  } else if (beat) {
    title = pick(random, [
      `${who} beats quarterly estimates as revenue ${f.growthPct >= 0 ? 'rises' : 'holds up'} to ${revenue}`,
      `${who} tops estimates with ${f.quarter}-quarter EPS of ${eps}`,
      `${who} posts better-than-expected ${f.quarter}-quarter results`,
      `${who} quarterly profit beats expectations on strong ${sectorDriver(company.sector, 1).noun}`,
    ]);
  } else {
    title = pick(random, [
      `${who} misses quarterly estimates as revenue falls short at ${revenue}`,
      `${who} quarterly profit falls short of Wall Street forecasts`,
      `${who} posts weaker-than-expected ${f.quarter}-quarter results`,
      `${who} misses estimates with ${f.quarter}-quarter EPS of ${eps}`,
    ]);
  }
  const versus = beat
    ? `beating the ${usd(f.epsEstimate)} analysts had expected`
    : `missing the ${usd(f.epsEstimate)} analysts had expected`;
  const description = `${named(company)} reported ${f.quarter}-quarter earnings of ${eps} a share, ${versus}, on revenue of ${revenue}, ${growthPhrase(f.growthPct)}.`;
  const driver = sectorDriver(company.sector, f.direction);
  const body = [
    usdAmount(f.revenueEstimate) === revenue
      ? `Revenue was close to the consensus estimate, and ${driver.reason} ${beat ? 'lifted' : 'weighed on'} profit.`
      : beat
        ? `Revenue beat the consensus estimate of ${usdAmount(f.revenueEstimate)}, helped by ${driver.reason}.`
        : `Revenue missed the consensus estimate of ${usdAmount(f.revenueEstimate)}, hurt by ${driver.reason}.`,
    guided
      ? `The company ${beat ? 'raised' : 'cut'} its full-year revenue forecast to ${usdAmount(f.guidance.low)} to ${usdAmount(f.guidance.high)}.`
      : '',
    beforeOpen
      ? `The results were released before the opening bell on ${weekday(jump.day)}; the stock closed at ${usd(jump.previousClose)} in the previous session.`
      : `The results came after the closing bell on ${weekday(day)}, when the stock closed at ${usd(jump.previousClose)}.`,
  ];
  return { title, description, body: body.filter(Boolean), direction: f.direction };
}

/** The guidance story that accompanies a results story on a guided day. */
export function writeGuidance(jump: CompanyDay, day: string): StoryText {
  const { company } = jump;
  const f = quarterFigures(jump);
  const g = f.guidance;
  const random = storyRandom('guidance', company.symbol, day);
  const who = company.short;
  const midpoint = usdAmount((g.low + g.high) / 2);
  const raised = f.direction > 0;
  const driver = sectorDriver(company.sector, f.direction);
  const title = raised
    ? pick(random, [
        `${who} raises full-year forecast, now sees ${midpoint} in revenue`,
        `${who} raises its outlook for the year on strong ${driver.noun}`,
        `${who} boosts full-year guidance as ${driver.noun} accelerates`,
        `${who} raises annual forecast above Wall Street expectations`,
      ])
    : pick(random, [
        `${who} cuts full-year forecast, now sees ${midpoint} in revenue`,
        `${who} lowers its outlook for the year on weak ${driver.noun}`,
        `${who} slashes full-year guidance as ${driver.noun} weakens`,
        `${who} cuts annual forecast below Wall Street expectations`,
      ]);
  const description = `${named(company)} ${raised ? 'raised' : 'cut'} its full-year forecast and now expects revenue of ${usdAmount(g.low)} to ${usdAmount(g.high)}, ${raised ? 'up' : 'down'} from ${usdAmount(g.previousLow)} to ${usdAmount(g.previousHigh)}.`;
  const body = [
    raised
      ? `Executives pointed to ${driver.reason} and said the momentum had carried into the new quarter.`
      : `Executives blamed ${driver.reason} and said they expected the pressure to last into the new quarter.`,
    `The new forecast came with ${f.quarter}-quarter earnings of ${usd(f.eps)} a share against estimates of ${usd(f.epsEstimate)}.`,
  ];
  return { title, description, body, direction: f.direction };
}
