/**
 * The demo market calendar: results and dividends of the demo companies with the figures the
 * newsroom's stories print, from the same corporate schedule, prices and writers (results-writer,
 * market-writer), so the calendar and the stories agree on every date. Reported figures appear
 * only once the newsroom's story window of that report has passed on the business clock, and an
 * upcoming report's EPS estimate follows the last closed price, as a consensus would. Pure apart
 * from `now`; every figure is SYNTHETIC demo data.
 */
import { loadDemoCompanies, type DemoCompany } from '../../../demo/companies.ts';
import { companyBaseName } from '../../market-data/demo/corporate-schedule.ts';
import { lastCompletedTradingDay } from '../../market-data/demo/price-synthesis.ts';
import {
  dayNumber,
  isoDate,
  isTradingDayNumber,
  newYorkTime,
} from '../../market-data/demo/trading-calendar.ts';
import {
  UNKNOWN_EVENT_FIGURES,
  type ListingEvent,
} from '../../market-data/market-data-provider.ts';
import { dividendOn, fiscalQuarter, newsroomCompanies } from './company-figures.ts';
import { dividendDates } from './market-writer.ts';
import { companyDay, loadPriceWindow, tradingIndex } from './newsroom-prices.ts';
import { epsEstimateAt, quarterFigures, revenueEstimateOn } from './results-writer.ts';
import { ANCHOR_DATE } from '../../market-data/demo/price-synthesis.ts';
import { storyRandom } from './story-text.ts';

/** New York minutes by which the newsroom's results stories are out (newsroom-day.ts windows). */
const PRE_OPEN_DONE = 8 * 60 + 45;
const AFTER_CLOSE_DONE = 17 * 60 + 15;
/** The dividend story comes during the session; its dates are public from the close. */
const SESSION_DONE = 15 * 60 + 30;

const blank = UNKNOWN_EVENT_FIGURES;

const previousSession = (day: string) => {
  let d = dayNumber(day) - 1;
  while (!isTradingDayNumber(d)) d--;
  return isoDate(d);
};
/** The ex-date of a record day: the record day itself under T+1 settlement, else the session before. */
const exDateOf = (record: string) =>
  isTradingDayNumber(dayNumber(record)) ? record : previousSession(record);

export type NewsroomCalendar = {
  /** Events of every demo listing with `from <= date <= to` as known at `now`, by date. */
  events(from: string, to: string, now: Date): ListingEvent[];
};

export function createNewsroomCalendar(
  options: { companies?: readonly DemoCompany[] } = {},
): NewsroomCalendar {
  const listings = options.companies ?? loadDemoCompanies();
  const companies = newsroomCompanies(listings);
  const byBase = new Map(companies.map((c) => [companyBaseName(c.name), c]));
  // Every listing of a company (share classes) carries the events of the newsroom's company.
  const symbolsOf = new Map<string, string[]>();
  for (const listing of listings) {
    const company = byBase.get(companyBaseName(listing.name));
    if (!company) continue;
    symbolsOf.set(company.symbol, [...(symbolsOf.get(company.symbol) ?? []), listing.symbol]);
  }
  const anchorIndex = tradingIndex(ANCHOR_DATE);

  return {
    events(from, to, now) {
      const { day: today, minutes } = newYorkTime(now);
      const passed = (day: string, doneAt: number) =>
        dayNumber(day) < today || (dayNumber(day) === today && minutes >= doneAt);
      const lastClosed = lastCompletedTradingDay(now);
      // A margin of sessions after `to`: an after-close report needs the next session's jump.
      const window = loadPriceWindow(companies, from, isoDate(dayNumber(to) + 10));
      const out: ListingEvent[] = [];
      const lastClosedPosition = window.days.lastIndexOf(
        window.days.filter((d) => d <= lastClosed).at(-1) ?? '',
      );
      for (const company of companies) {
        const symbols = symbolsOf.get(company.symbol) ?? [company.symbol];
        const add = (event: Omit<ListingEvent, 'symbol'>) => {
          for (const symbol of symbols) out.push({ symbol, ...event });
        };
        for (let position = 1; position < window.days.length; position++) {
          const jump = companyDay(window, company, position);
          if (!jump) continue;
          if (jump.earnings) {
            const reported = company.reportsBeforeOpen ? jump.day : previousSession(jump.day);
            if (reported >= from && reported <= to) {
              const isOut = passed(
                reported,
                company.reportsBeforeOpen ? PRE_OPEN_DONE : AFTER_CLOSE_DONE,
              );
              const figures = quarterFigures(jump);
              // Before the report, the consensus follows the last closed price.
              const known = companyDay(window, company, Math.min(position - 1, lastClosedPosition));
              const estimate = isOut
                ? figures.epsEstimate
                : epsEstimateAt(company, known?.close ?? jump.previousClose);
              add({
                ...blank,
                kind: 'earnings',
                date: reported,
                timing: company.reportsBeforeOpen ? 'before-open' : 'after-close',
                fiscal_quarter: fiscalQuarter(company, jump.index),
                eps_estimate: estimate,
                eps_reported: isOut ? figures.eps : null,
                revenue_estimate: Math.round(revenueEstimateOn(company, jump.day)),
                revenue_reported: isOut ? Math.round(figures.revenue) : null,
              });
            }
          }
          if (jump.dividend && jump.day >= from && jump.day <= to) {
            const dividend = dividendOn(company, jump.index, anchorIndex);
            if (!dividend || !passed(jump.day, SESSION_DONE)) {
              // Not declared yet: the day is known from the schedule, the amount is not.
              if (dividend) add({ ...blank, kind: 'dividend', date: jump.day, timing: 'unknown' });
              continue;
            }
            const dates = dividendDates(
              storyRandom('dividend', company.symbol, jump.day),
              jump.day,
            );
            const ex = exDateOf(dates.record);
            add({
              ...blank,
              kind: 'dividend',
              date: ex,
              timing: 'unknown',
              declared_date: jump.day,
              ex_date: ex,
              record_date: dates.record,
              pay_date: dates.pay,
              amount: dividend.amount,
            });
          }
        }
      }
      return out.sort((a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol));
    },
  };
}
