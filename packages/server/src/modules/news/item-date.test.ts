import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUTURE_TOLERANCE_MS, itemDate } from './item-date.ts';

const seen = new Date('2026-11-22T15:00:00Z');
const at = (offsetMs: number) => new Date(seen.getTime() + offsetMs);

describe('the date an item is stored with', () => {
  it('keeps a past date the feed gives', () => {
    expect(itemDate(at(-3_600_000), seen)).toEqual({ date: at(-3_600_000), estimated: false });
  });

  it('dates an item without a usable date by when it was first seen, marked estimated', () => {
    expect(itemDate(null, seen)).toEqual({ date: seen, estimated: true });
    expect(itemDate(new Date(Number.NaN), seen)).toEqual({ date: seen, estimated: true });
  });

  it('clamps a date more than a day ahead to first seen and marks it; a nearer one reads as now', () => {
    expect(itemDate(at(FUTURE_TOLERANCE_MS + 1), seen)).toEqual({ date: seen, estimated: true });
    expect(itemDate(at(FUTURE_TOLERANCE_MS), seen)).toEqual({ date: seen, estimated: false });
    expect(itemDate(at(5 * 60_000), seen)).toEqual({ date: seen, estimated: false });
  });

  it('never dates an item after it was first seen', () => {
    fc.assert(
      fc.property(fc.option(fc.date({ noInvalidDate: false })), (date) => {
        const result = itemDate(date, seen);
        return result.date.getTime() <= seen.getTime() && !Number.isNaN(result.date.getTime());
      }),
    );
  });
});
