/**
 * Single-company market stories from the demo prices: analyst rating changes after large moves,
 * dividend declarations, 52-week highs and lows, and unusual volume. Brokers are fictitious.
 */
import type { SeededRandom } from '../../market-data/demo/seeded-random.ts';
import { dayNumber, isoDate, isTradingDayNumber } from '../../market-data/demo/trading-calendar.ts';
import { shareCount } from '../market-briefs/brief-format.ts';
import { dividendOn } from './company-figures.ts';
import type { CompanyDay } from './newsroom-prices.ts';
import { sectorDriver } from './sector-drivers.ts';
import {
  monthDayAfter,
  named,
  pct,
  pick,
  storyRandom,
  usd,
  weekday,
  type Direction,
  type StoryText,
} from './story-text.ts';

/** Research houses of the demo world: no real firm's name, so no real firm's word. */
const BROKERS = [
  'Harbor Point Securities',
  'Bellwether Equity Research',
  'Crestline Advisors',
  'Northgate Capital Markets',
  'Kestrel Row Research',
  'Ridgeway & Stone',
] as const;

const UPGRADES: readonly [[string, string], ...[string, string][]] = [
  ['Hold', 'Buy'],
  ['Neutral', 'Outperform'],
  ['Equal Weight', 'Overweight'],
  ['Underperform', 'Neutral'],
];

/**
 * A rating change the morning after a large move (`move` is that session): an upgrade or a
 * downgrade, as `direction` says, with a price target that agrees.
 */
export function writeRating(move: CompanyDay, day: string, direction: Direction): StoryText {
  const { company } = move;
  const random = storyRandom('rating', company.symbol, day);
  const broker = pick(random, BROKERS);
  const [low, high] = pick(random, UPGRADES);
  const [from, to] = direction > 0 ? [low, high] : [high, low];
  const target = Math.round(
    move.close * (direction > 0 ? 1.18 + 0.15 * random.next() : 0.8 + 0.1 * random.next()),
  );
  const who = company.short;
  const size = `${pct(move.changePct)}%`;
  const rose = move.changePct >= 0;
  const title =
    direction > 0
      ? pick(random, [
          `${broker} upgrades ${who} to ${to}, sees ${Math.round((target / move.close - 1) * 100)}% upside`,
          `${who} upgraded to ${to} at ${broker}; price target raised to ${usd(target)}`,
          `${broker} turns bullish on ${who}, upgrades shares to ${to}`,
          `${who} wins upgrade to ${to} from ${broker} after ${size} ${rose ? 'gain' : 'move'}`,
        ])
      : pick(random, [
          `${broker} downgrades ${who} to ${to}, sees downside risk`,
          `${who} downgraded to ${to} at ${broker}; price target cut to ${usd(target)}`,
          `${broker} turns bearish on ${who}, downgrades shares to ${to}`,
          `${who} downgraded to ${to} by ${broker} on weaker outlook`,
        ]);
  const description = `${broker} ${direction > 0 ? 'upgraded' : 'downgraded'} ${named(company)} to ${to} from ${from} and ${direction > 0 ? 'raised' : 'cut'} its price target to ${usd(target)}, after the stock ${rose ? 'rose' : 'fell'} ${size} to ${usd(move.close)} on ${weekday(move.day)}.`;
  const driver = sectorDriver(company.sector, direction);
  const why =
    direction > 0
      ? rose
        ? `The analysts said ${driver.reason} should keep lifting earnings estimates.`
        : `The analysts said the pullback left the shares undervalued, and expect ${driver.reason} to support results.`
      : rose
        ? `The analysts said the shares now look fully valued after their run and see limited upside.`
        : `The analysts warned that ${driver.reason} could weigh on earnings in the coming quarters.`;
  return { title, description, body: [why], direction };
}

/**
 * The record and pay days (`YYYY-MM-DD`) of a dividend declared on `day`: record two weeks on,
 * payment four to five weeks on, each moved to the next trading day when it falls on a weekend or
 * a market holiday (companies pay and close their registers on business days). Takes the story's
 * generator, whose first draw is the pay day.
 */
export function dividendDates(random: SeededRandom, day: string): { record: string; pay: string } {
  const pay = nextTradingDay(dayNumber(day) + 28 + Math.floor(random.next() * 7));
  return { record: isoDate(nextTradingDay(dayNumber(day) + 14)), pay: isoDate(pay) };
}

/** `day` (days since 1970-01-01) if the market trades on it, else the first day after it that it does. */
function nextTradingDay(day: number): number {
  let next = day;
  while (!isTradingDayNumber(next)) next += 1;
  return next;
}

/** A dividend declaration (a raise once a year); `anchorIndex` is the demo prices' anchor day. */
export function writeDividend(today: CompanyDay, anchorIndex: number): StoryText | null {
  const { company } = today;
  const dividend = dividendOn(company, today.index, anchorIndex);
  if (!dividend) return null;
  const random = storyRandom('dividend', company.symbol, today.day);
  const who = company.short;
  const amount = usd(dividend.amount);
  const dates = dividendDates(random, today.day);
  const pay = monthDayAfter(dates.pay, 0);
  const record = monthDayAfter(dates.record, 0);
  const raise = `${pct((dividend.amount / dividend.previous - 1) * 100)}%`;
  const title = dividend.raised
    ? pick(random, [
        `${who} raises quarterly dividend ${raise} to ${amount} a share`,
        `${who} boosts its dividend by ${raise}`,
        `${who} lifts quarterly payout to ${amount} from ${usd(dividend.previous)}`,
        `${who} announces ${raise} dividend increase`,
      ])
    : pick(random, [
        `${who} declares quarterly dividend of ${amount} a share`,
        `${who} board approves regular quarterly dividend of ${amount}`,
        `${who} keeps quarterly dividend at ${amount} a share`,
        `${who} sets quarterly dividend of ${amount}, payable ${pay}`,
      ]);
  const description = dividend.raised
    ? `${named(company)} raised its quarterly dividend to ${amount} a share from ${usd(dividend.previous)}, payable on ${pay} to shareholders of record on ${record}.`
    : `${named(company)} declared a quarterly dividend of ${amount} a share, payable on ${pay} to shareholders of record on ${record}.`;
  const annual = 4 * dividend.amount;
  const body = [
    `At the previous close of ${usd(today.previousClose)}, the annual payout of ${usd(annual)} is a yield of ${((annual / today.previousClose) * 100).toFixed(1)}%.`,
  ];
  return { title, description, body, direction: 1 };
}

/** A close above the 52 weeks before it (`high`) or below them. */
export function writeYearExtreme(today: CompanyDay, high: boolean): StoryText {
  const { company } = today;
  const random = storyRandom(high ? '52-week-high' : '52-week-low', company.symbol, today.day);
  const who = company.short;
  const close = usd(today.close);
  const move = `${pct(today.changePct)}%`;
  const title = high
    ? pick(random, [
        `${who} closes at a 52-week high of ${close}`,
        `${who} shares climb to their highest level in a year`,
        `${who} rises ${move} to a 52-week high`,
        `${who} stock sets a new 52-week high as its rally extends`,
      ])
    : pick(random, [
        `${who} closes at a 52-week low of ${close}`,
        `${who} shares sink to their lowest level in a year`,
        `${who} falls ${move} to a 52-week low`,
        `${who} stock hits a new 52-week low as its slide deepens`,
      ]);
  const yearMove = (today.close / today.yearAgoClose - 1) * 100;
  const description = high
    ? `${named(company)} closed at ${close} on ${weekday(today.day)}, up ${move} on the day and above its previous 52-week closing high of ${usd(today.high52)}.`
    : `${named(company)} closed at ${close} on ${weekday(today.day)}, down ${move} on the day and below its previous 52-week closing low of ${usd(today.low52)}.`;
  const body = [
    `The stock is ${yearMove >= 0 ? 'up' : 'down'} ${pct(yearMove)}% from a year ago, on volume of ${shareCount(today.volume)} shares.`,
  ];
  return { title, description, body, direction: high ? 1 : -1 };
}

/** A session traded far above the company's usual volume. */
export function writeUnusualVolume(today: CompanyDay): StoryText {
  const { company } = today;
  const random = storyRandom('volume', company.symbol, today.day);
  const who = company.short;
  const up = today.changePct >= 0;
  const ratio = today.volumeRatio.toFixed(1);
  const move = `${pct(today.changePct)}%`;
  const title = pick(random, [
    `${who} trades ${ratio} times its usual volume as shares ${up ? 'rise' : 'fall'} ${move}`,
    `${who} shares ${up ? 'jump' : 'slide'} ${move} on unusually heavy volume`,
    `Heavy trading in ${who} as ${shareCount(today.volume)} shares change hands`,
    `${who} volume spikes to ${ratio} times its 50-day average; stock ${up ? 'up' : 'down'} ${move}`,
  ]);
  const description = `${shareCount(today.volume)} ${named(company)} shares changed hands on ${weekday(today.day)}, ${ratio} times the 50-day average, as the stock ${up ? 'rose' : 'fell'} ${move} to ${usd(today.close)}.`;
  const body = [
    'Volume this far above its average often comes with news, an index change or a large holder trading.',
  ];
  return { title, description, body, direction: up ? 1 : -1 };
}
