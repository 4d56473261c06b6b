import { describe, expect, it } from 'vitest';
import {
  canAddEvent,
  cartQuantity,
  colourStep,
  confirmationError,
  DEMO_PAGE_SIZES,
  filterIconNames,
  integerError,
  pagingReducer,
  passwordError,
  rangeError,
  SWEET_ALERT_AUTO_CLOSE_MS,
  urlError,
  wizardMove,
  wizardTabStates,
  zipError,
} from './rules';

describe('demo paging (spec §4, §9)', () => {
  const start = { page: 3, pageSize: 10 as const, total: 100 };

  it('offers the page sizes 5/10/25/50', () => {
    expect(DEMO_PAGE_SIZES).toEqual([5, 10, 25, 50]);
  });

  it('goes back to page 1 when the page size changes', () => {
    expect(pagingReducer(start, { type: 'pageSize', pageSize: 25 })).toEqual({
      page: 1,
      pageSize: 25,
      total: 100,
    });
  });

  it('goes back to page 1 when the total changes', () => {
    expect(pagingReducer(start, { type: 'total', total: 80 }).page).toBe(1);
  });

  it('keeps the page when the same size or total is set again', () => {
    expect(pagingReducer(start, { type: 'pageSize', pageSize: 10 })).toBe(start);
    expect(pagingReducer(start, { type: 'total', total: 100 })).toBe(start);
  });

  it('keeps a chosen page between 1 and the last page', () => {
    expect(pagingReducer(start, { type: 'page', page: 7 }).page).toBe(7);
    expect(pagingReducer(start, { type: 'page', page: 99 }).page).toBe(10);
    expect(pagingReducer(start, { type: 'page', page: 0 }).page).toBe(1);
  });
});

describe('cart demo (spec §4)', () => {
  it('adds and removes one', () => {
    expect(cartQuantity(2, 1)).toBe(3);
    expect(cartQuantity(2, -1)).toBe(1);
  });

  it('never lets the quantity drop below 1', () => {
    expect(cartQuantity(1, -1)).toBe(1);
    expect(cartQuantity(1, -5)).toBe(1);
    expect(cartQuantity(Number.NaN, 0)).toBe(1);
  });
});

describe('demo forms (spec §5)', () => {
  it('wants a password of at least 5 characters', () => {
    expect(passwordError('abcd')).toBe('Password must be at least 5 characters');
    expect(passwordError('abcde')).toBeNull();
  });

  it("says 'Passwords do not match' when the confirmation differs", () => {
    expect(confirmationError('secret', 'secreT')).toBe('Passwords do not match');
    expect(confirmationError('secret', 'secret')).toBeNull();
  });

  it('accepts whole numbers only as integers', () => {
    expect(integerError('42')).toBeNull();
    expect(integerError('-7')).toBeNull();
    expect(integerError('4.2')).toBe('Enter a whole number');
    expect(integerError('four')).toBe('Enter a whole number');
  });

  it('accepts http and https addresses as urls', () => {
    expect(urlError('https://stockpulse.app/about')).toBeNull();
    expect(urlError('stockpulse.app')).toBe('Enter a web address');
    expect(urlError('ftp://example.com')).toBe('Enter a web address');
  });

  it('checks min and max', () => {
    expect(rangeError('5', 1, 10)).toBeNull();
    expect(rangeError('0', 1, 10)).toBe('Must be at least 1');
    expect(rangeError('11', 1, 10)).toBe('Must be at most 10');
    expect(rangeError('', 1, 10)).toBe('Enter a number');
  });

  it('wants a wizard zip code of at least 6 characters', () => {
    expect(zipError('12345')).toBe('Zip code must be at least 6 characters');
    expect(zipError('123456')).toBeNull();
  });

  it('adds a calendar event only with a title', () => {
    expect(canAddEvent('')).toBe(false);
    expect(canAddEvent('   ')).toBe(false);
    expect(canAddEvent('Earnings call')).toBe(true);
  });
});

describe('wizard (spec §4)', () => {
  it('marks passed steps checked and the current one active', () => {
    expect(wizardTabStates(3, 1)).toEqual(['checked', 'active', 'pending']);
    expect(wizardTabStates(3, 0)).toEqual(['active', 'pending', 'pending']);
  });

  it('moves forward only when the validation hook accepts the current step', () => {
    expect(wizardMove(0, 1, 3, () => false)).toBe(0);
    expect(wizardMove(0, 1, 3, () => true)).toBe(1);
  });

  it('never skips a step forward, and always allows going back', () => {
    expect(wizardMove(0, 2, 3, () => true)).toBe(0);
    expect(wizardMove(2, 0, 3, () => false)).toBe(0);
    expect(wizardMove(2, 3, 3, () => true)).toBe(2);
  });
});

describe('gallery odds and ends', () => {
  it('closes the sweet alert after 2 s', () => {
    expect(SWEET_ALERT_AUTO_CLOSE_MS).toBe(2000);
  });

  it('filters icon names by every word typed', () => {
    const names = ['IconBell', 'IconBellOff', 'IconChartPie', 'IconChartCandle'];
    expect(filterIconNames(names, 'chart')).toEqual(['IconChartPie', 'IconChartCandle']);
    expect(filterIconNames(names, 'bell off')).toEqual(['IconBellOff']);
    expect(filterIconNames(names, '')).toEqual(names);
  });

  it('colours the map in steps, keeping 0 for states without any', () => {
    expect(colourStep(0, 10, 5)).toBe(0);
    expect(colourStep(1, 10, 5)).toBe(1);
    expect(colourStep(10, 10, 5)).toBe(4);
  });
});
