import { describe, it, expect } from 'vitest';
import {
  changeArrow,
  changeLevel,
  CRASH_BELOW,
  STRONG_DOWN_BELOW,
  STRONG_UP_ABOVE,
  SURGE_ABOVE,
} from './change.ts';

describe('daily change thresholds', () => {
  it('are above 20, above 10, above 0, below -10 and below -20', () => {
    expect([SURGE_ABOVE, STRONG_UP_ABOVE, STRONG_DOWN_BELOW, CRASH_BELOW]).toEqual([
      20, 10, -10, -20,
    ]);
  });
});

describe('changeLevel', () => {
  it('is a surge above 20', () => {
    expect(changeLevel(20.01)).toBe('surge');
    expect(changeLevel(500)).toBe('surge');
  });

  it('is strong-up above 10 up to and including 20', () => {
    expect(changeLevel(20)).toBe('strong-up');
    expect(changeLevel(10.01)).toBe('strong-up');
  });

  it('is up above 0 up to and including 10', () => {
    expect(changeLevel(10)).toBe('up');
    expect(changeLevel(0.001)).toBe('up');
  });

  it('is flat at exactly 0, including negative zero', () => {
    expect(changeLevel(0)).toBe('flat');
    expect(changeLevel(-0)).toBe('flat');
  });

  it('is down below 0 down to and including -10', () => {
    expect(changeLevel(-0.001)).toBe('down');
    expect(changeLevel(-10)).toBe('down');
  });

  it('is strong-down below -10 down to and including -20', () => {
    expect(changeLevel(-10.01)).toBe('strong-down');
    expect(changeLevel(-20)).toBe('strong-down');
  });

  it('is a crash below -20', () => {
    expect(changeLevel(-20.01)).toBe('crash');
    expect(changeLevel(-100)).toBe('crash');
  });

  it('is flat for NaN and infinite values', () => {
    expect(changeLevel(Number.NaN)).toBe('flat');
    expect(changeLevel(Number.POSITIVE_INFINITY)).toBe('flat');
    expect(changeLevel(Number.NEGATIVE_INFINITY)).toBe('flat');
  });
});

describe('changeArrow', () => {
  it('shows a double arrow with strong animation above 20 or below -20', () => {
    expect(changeArrow(25)).toEqual({ kind: 'double', direction: 'up', animated: true });
    expect(changeArrow(-25)).toEqual({ kind: 'double', direction: 'down', animated: true });
  });

  it('shows a single angle arrow above 10 or below -10', () => {
    expect(changeArrow(15)).toEqual({ kind: 'single', direction: 'up', animated: false });
    expect(changeArrow(-15)).toEqual({ kind: 'single', direction: 'down', animated: false });
    expect(changeArrow(20)).toEqual({ kind: 'single', direction: 'up', animated: false });
    expect(changeArrow(-20)).toEqual({ kind: 'single', direction: 'down', animated: false });
  });

  it('shows a plain arrow otherwise', () => {
    expect(changeArrow(10)).toEqual({ kind: 'plain', direction: 'up', animated: false });
    expect(changeArrow(-10)).toEqual({ kind: 'plain', direction: 'down', animated: false });
    expect(changeArrow(0.5)).toEqual({ kind: 'plain', direction: 'up', animated: false });
  });

  it('shows a plain arrow pointing nowhere for zero and non-finite changes', () => {
    const none = { kind: 'plain', direction: 'none', animated: false };
    expect(changeArrow(0)).toEqual(none);
    expect(changeArrow(Number.NaN)).toEqual(none);
    expect(changeArrow(Number.POSITIVE_INFINITY)).toEqual(none);
  });
});
