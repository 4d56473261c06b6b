import { hash } from 'node:crypto';
import { addIsoDays } from '@app/shared/dates';
import ical from 'ical-generator';
import type { MarketEventRow } from './market-calendar.repository.ts';

const TIMING: Record<MarketEventRow['timing'], string> = {
  'before-open': 'before the open',
  'after-close': 'after the close',
  unknown: 'time of day not known',
};

const money = (value: number | null) => (value === null ? 'unknown' : `$${value.toFixed(2)}`);

/** One all-day entry: results, an ex-dividend date (or an expected declaration), a split. */
function entry(row: MarketEventRow): { summary: string; description: string } {
  const who = row.company_name ?? row.symbol;
  if (row.kind === 'earnings') {
    const lines = [
      `Quarterly results ${TIMING[row.timing]}.`,
      `EPS estimate: ${money(row.eps_estimate)}.`,
    ];
    if (row.eps_reported !== null) lines.push(`EPS reported: ${money(row.eps_reported)}.`);
    return { summary: `${who}: results`, description: lines.join('\n') };
  }
  if (row.kind === 'split') {
    return {
      summary: `${who}: stock split ${row.split_ratio ?? ''}`.trim(),
      description: 'Stock split.',
    };
  }
  if (row.ex_date === null) {
    return {
      summary: `${who}: dividend declaration expected`,
      description: 'Amount not yet declared.',
    };
  }
  const lines = [`Dividend per share: ${money(row.amount)}.`];
  if (row.record_date) lines.push(`Record date: ${row.record_date}.`);
  if (row.pay_date) lines.push(`Pay date: ${row.pay_date}.`);
  return { summary: `${who}: ex-dividend`, description: lines.join('\n') };
}

/**
 * A user's private iCalendar feed: one all-day event per stored event, with a stable id (listing,
 * kind and day) so a phone's calendar updates an entry rather than adding it twice.
 */
export function calendarFeed(
  rows: readonly MarketEventRow[],
  options: { publicUrl: string; now: Date },
): string {
  const calendar = ical({
    name: 'StockPulse: your holdings and watchlists',
    prodId: { company: 'StockPulse', product: 'market-calendar', language: 'EN' },
    ttl: 6 * 60 * 60,
  });
  for (const row of rows) {
    const { summary, description } = entry(row);
    calendar.createEvent({
      id: `${row.kind}-${row.symbol}-${row.date}@stockpulse`,
      start: new Date(`${row.date}T00:00:00Z`),
      end: new Date(`${addIsoDays(row.date, 1)}T00:00:00Z`),
      allDay: true,
      stamp: options.now,
      summary,
      description,
      url: `${options.publicUrl}/ticker/${row.symbol}`,
    });
  }
  return calendar.toString();
}

/**
 * The feed as its route sends it: the bytes, and a weak ETag of everything but the DTSTAMP lines
 * (the instant the feed was written, not a change of its events), so a calendar app that polls
 * is answered 304 until an event, a holding or a watchlist changes, even when the feed was
 * written again meanwhile.
 */
export function calendarFeedAnswer(
  rows: readonly MarketEventRow[],
  options: { publicUrl: string; now: Date },
): { body: Buffer; etag: string } {
  const text = calendarFeed(rows, options);
  const content = text.replace(/^DTSTAMP:[^\r\n]*\r?\n/gm, '');
  return { body: Buffer.from(text), etag: `W/"${hash('sha256', content, 'base64url')}"` };
}
