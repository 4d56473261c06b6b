import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isMonth, monthGridDays, monthSpan, shiftMonth } from './dates';

describe('calendar days', () => {
  it('adds days across months and years', () => {
    expect(addDays('2026-02-27', 3)).toBe('2026-03-02');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(daysBetween('2026-03-01', '2026-03-31')).toBe(30);
  });

  it('spans a month and moves between months', () => {
    expect(monthSpan('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(monthSpan('2024-02').to).toBe('2024-02-29');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-03')).toBe(true);
  });

  it('fills the month grid with whole weeks starting on Monday', () => {
    // March 2026 starts on a Sunday and ends on a Tuesday.
    const days = monthGridDays('2026-03');
    expect(days[0]).toBe('2026-02-23');
    expect(days.at(-1)).toBe('2026-04-05');
    expect(days).toHaveLength(42);
  });
});
