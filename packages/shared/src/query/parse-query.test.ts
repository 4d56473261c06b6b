import { describe, expect, it } from 'vitest';
import { NOW, failure, query } from './query-spec.fixture.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

describe('parseQuery: defaults', () => {
  it('answers the first 20 rows in the default order when nothing is given', () => {
    expect(query('')).toEqual({
      filters: [],
      orderBy: [{ field: 'creation_date', direction: 'desc' }],
      skip: 0,
      limit: 20,
      only: null,
      extras: { no_cache: false, add: undefined },
    });
  });

  it('ignores the auth token parameter key', () => {
    expect(query('key=secret-token&price=1').filters).toEqual([
      { field: 'price', op: 'eq', value: 1 },
    ]);
  });
});

describe('parseQuery: operators', () => {
  it.each([
    ['price=1.5', { field: 'price', op: 'eq', value: 1.5 }],
    ['price__eq=2', { field: 'price', op: 'eq', value: 2 }],
    ['price__ne=-3', { field: 'price', op: 'ne', value: -3 }],
    ['price__gt=1e3', { field: 'price', op: 'gt', value: 1000 }],
    ['price__gte=0', { field: 'price', op: 'gte', value: 0 }],
    ['price__lt=.5', { field: 'price', op: 'lt', value: 0.5 }],
    ['interest_score__lte=7', { field: 'interest_score', op: 'lte', value: 7 }],
    ['price__in=1,2.5', { field: 'price', op: 'in', value: [1, 2.5] }],
    [
      'type__in=PORTFOLIO,email_prompt',
      { field: 'type', op: 'in', value: ['PORTFOLIO', 'email_prompt'] },
    ],
    ['status__nin=INDEX', { field: 'status', op: 'nin', value: ['INDEX'] }],
    ['ai_summary__exists=1', { field: 'ai_summary', op: 'exists', value: true }],
    ['ai_summary__exists=false', { field: 'ai_summary', op: 'exists', value: false }],
    [
      'related_exchange_tickers__size=2',
      { field: 'related_exchange_tickers', op: 'size', value: 2 },
    ],
    [
      'related_exchange_tickers__not__size=0',
      { field: 'related_exchange_tickers', op: 'not__size', value: 0 },
    ],
    [
      'related_exchange_tickers=NASDAQ:NVDA',
      { field: 'related_exchange_tickers', op: 'eq', value: 'NASDAQ:NVDA' },
    ],
    [
      'related_exchange_tickers__iendswith=:NVDA',
      { field: 'related_exchange_tickers', op: 'iendswith', value: ':NVDA' },
    ],
    ['title__icontains=50%_off', { field: 'title', op: 'icontains', value: '50%_off' }],
    ['title__istartswith=Apple', { field: 'title', op: 'istartswith', value: 'Apple' }],
    ['is_blocked=true', { field: 'is_blocked', op: 'eq', value: true }],
    ['is_blocked__ne=0', { field: 'is_blocked', op: 'ne', value: false }],
    ['AI__classification=Lawsuit', { field: 'AI__classification', op: 'eq', value: 'Lawsuit' }],
    ['AI__defcon_level__lte=2', { field: 'AI__defcon_level', op: 'lte', value: 2 }],
  ])('reads %s', (qs, filter) => {
    expect(query(qs).filters).toEqual([filter]);
  });

  it('keeps every filter, in order, so they all apply (AND)', () => {
    const filters = query(
      'sentiment_score__gte=7&order_by=-creation_date&sentiment_score__lte=9',
    ).filters;
    expect(filters.map((f) => f.op)).toEqual(['gte', 'lte']);
  });

  it('reads an empty in list as matching nothing rather than the empty string', () => {
    expect(query('title__in=').filters).toEqual([{ field: 'title', op: 'in', value: [] }]);
  });

  it('keeps an empty string value for a string field', () => {
    expect(query('ai_summary__ne=').filters).toEqual([
      { field: 'ai_summary', op: 'ne', value: '' },
    ]);
  });
});

describe('parseQuery: NULL', () => {
  it('reads experiment=NULL as "is null" and __ne=NULL as "is not null"', () => {
    expect(query('experiment=NULL&ai_summary__ne=NULL').filters).toEqual([
      { field: 'experiment', op: 'eq', value: null },
      { field: 'ai_summary', op: 'ne', value: null },
    ]);
  });

  it('allows NULL inside in lists', () => {
    expect(query('experiment__in=a,NULL').filters).toEqual([
      { field: 'experiment', op: 'in', value: ['a', null] },
    ]);
  });

  it('refuses NULL with a comparison', () => {
    expect(failure('price__gt=NULL').error).toBe(
      "Invalid value for 'price__gt': NULL can only be used with eq, ne, in and nin",
    );
  });
});

describe('parseQuery: repeated parameters', () => {
  it('reads status=INDEX&status=PROCESSED as "any of" (the prompt list query of spec §7)', () => {
    const qs =
      'status=INDEX&type__in=PORTFOLIO,email_prompt&status=PROCESSED&order_by=-creation_date&limit=20&username=ann';
    expect(query(qs).filters).toEqual([
      { field: 'status', op: 'in', value: ['INDEX', 'PROCESSED'] },
      { field: 'type', op: 'in', value: ['PORTFOLIO', 'email_prompt'] },
      { field: 'username', op: 'eq', value: 'ann' },
    ]);
  });

  it('accepts the repeated form from a parsed record too', () => {
    expect(query({ status: ['INDEX', 'PROCESSED'], title: undefined }).filters).toEqual([
      { field: 'status', op: 'in', value: ['INDEX', 'PROCESSED'] },
    ]);
  });

  it('reads a repeated __ne as "none of" and merges repeated in lists', () => {
    expect(query('title__ne=a&title__ne=b&price__in=1&price__in=2,3').filters).toEqual([
      { field: 'title', op: 'nin', value: ['a', 'b'] },
      { field: 'price', op: 'in', value: [1, 2, 3] },
    ]);
  });

  it('refuses a repeated comparison or reserved parameter', () => {
    expect(failure('price__gte=1&price__gte=2')).toEqual({
      param: 'price__gte',
      error: "Parameter 'price__gte' may be given only once",
    });
    expect(failure('limit=1&limit=2').error).toBe("Parameter 'limit' may be given only once");
  });
});

describe('parseQuery: relative and absolute dates', () => {
  it.each([
    ['1 hour', HOUR],
    ['7 days', 7 * DAY],
    ['2 weeks', 14 * DAY],
    ['30 minutes', 30 * 60_000],
    ['1 year', 365 * DAY],
    ['1 day ago', DAY],
    ['3 months', 90 * DAY],
  ])('reads creation_date__gte=%s as that long before now', (text, ms) => {
    expect(query({ creation_date__gte: text }).filters[0]?.value).toEqual(
      new Date(NOW.getTime() - ms),
    );
  });

  it('reads epoch seconds and ISO 8601', () => {
    expect(query('creation_date__lt=1700000000').filters[0]?.value).toEqual(
      new Date(1_700_000_000_000),
    );
    expect(query('creation_date=2024-01-02T03:04:05%2B02:00').filters[0]?.value).toEqual(
      new Date('2024-01-02T01:04:05Z'),
    );
  });

  it('reads an unencoded + offset, which arrives as a space', () => {
    expect(query('creation_date=2024-01-02T03:04:05+02:00').filters[0]?.value).toEqual(
      new Date('2024-01-02T01:04:05Z'),
    );
  });

  it('refuses something that is not a date', () => {
    expect(failure('creation_date__gte=yesterday').error).toMatch(
      /^Invalid value for 'creation_date__gte': expected a date .*, got 'yesterday'$/,
    );
  });
});

describe('parseQuery: order_by, skip, limit, only, extras', () => {
  it('reads order_by with - for descending', () => {
    expect(query('order_by=-AI__defcon_level,price').orderBy).toEqual([
      { field: 'AI__defcon_level', direction: 'desc' },
      { field: 'price', direction: 'asc' },
    ]);
  });

  it('reads skip, limit and only', () => {
    const q = query('skip=40&limit=100&only=ai_summary,creation_date,ai_summary');
    expect([q.skip, q.limit, q.only]).toEqual([40, 100, ['ai_summary', 'creation_date']]);
    expect(query('limit=0').limit).toBe(0);
  });

  it('reads declared extras through their schema', () => {
    expect(query('no_cache=1&add=365').extras).toEqual({ no_cache: true, add: '365' });
    expect(failure('no_cache=maybe')).toEqual({
      param: 'no_cache',
      error: "Invalid 'no_cache': must be 1, 0, true or false",
    });
  });
});
