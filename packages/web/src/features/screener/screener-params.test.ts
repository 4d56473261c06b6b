import { describe, expect, it } from 'vitest';
import {
  apiQuery,
  hasFilters,
  readList,
  readPage,
  readRange,
  readSort,
  withList,
  withPage,
  withRange,
  withSort,
} from './screener-params';

const params = (text: string) => new URLSearchParams(text);

describe('the screener URL', () => {
  it('reads and writes a range filter, leaving the first page', () => {
    const next = withRange(params('skip=50&price__gt=3'), 'price', 10, 200);
    expect(next.toString()).toBe('price__gte=10&price__lte=200');
    expect(readRange(next, 'price')).toEqual({ min: 10, max: 200 });
    expect(readRange(withRange(next, 'price', null, 5), 'price')).toEqual({ min: null, max: 5 });
  });

  it('writes a list filter as repeated parameters, so a value may hold a comma', () => {
    const next = withList(params(''), 'industry', ['Hotels, Resorts & Cruise Lines', 'Banks']);
    expect(readList(next, 'industry')).toEqual(['Hotels, Resorts & Cruise Lines', 'Banks']);
    expect(withList(next, 'industry', []).toString()).toBe('');
  });

  it('sorts a new number column from the largest and turns a second click round', () => {
    const first = withSort(params('skip=25'), 'market_cap', false);
    expect(first.toString()).toBe('order_by=-market_cap');
    expect(readSort(withSort(first, 'market_cap', false))).toEqual({
      field: 'market_cap',
      direction: 'asc',
    });
    expect(readSort(withSort(first, 'company_name', true))).toEqual({
      field: 'company_name',
      direction: 'asc',
    });
  });

  it('pages by skip and sends the page size to the API', () => {
    const page3 = withPage(params('sector=Energy'), 3);
    expect(page3.get('skip')).toBe('50');
    expect(readPage(page3)).toBe(3);
    expect(apiQuery(params('sector=Energy&limit=7'))).toBe('sector=Energy&limit=25');
    expect(hasFilters(params('order_by=-price&skip=25'))).toBe(false);
    expect(hasFilters(page3)).toBe(true);
  });
});
