/** Daily change (percent) above which a move is a surge. */
export const SURGE_ABOVE = 20;
/** Daily change (percent) above which a rise is strong. */
export const STRONG_UP_ABOVE = 10;
/** Daily change (percent) below which a fall is strong. */
export const STRONG_DOWN_BELOW = -10;
/** Daily change (percent) below which a move is a crash. */
export const CRASH_BELOW = -20;

/** Icon level of a daily change. */
export type ChangeLevel = 'surge' | 'strong-up' | 'up' | 'flat' | 'down' | 'strong-down' | 'crash';

/** Arrow drawn next to a daily change. */
export interface ChangeArrow {
  kind: 'double' | 'single' | 'plain';
  direction: 'up' | 'down' | 'none';
  animated: boolean;
}

/** Classifies a daily percent change by the §9 thresholds; 0 and non-finite values are 'flat'. */
export function changeLevel(pct: number): ChangeLevel {
  if (!Number.isFinite(pct) || pct === 0) return 'flat';
  if (pct > SURGE_ABOVE) return 'surge';
  if (pct > STRONG_UP_ABOVE) return 'strong-up';
  if (pct > 0) return 'up';
  if (pct < CRASH_BELOW) return 'crash';
  if (pct < STRONG_DOWN_BELOW) return 'strong-down';
  return 'down';
}

/** Arrow for a daily change: double and animated beyond ±20, single beyond ±10, plain otherwise. */
export function changeArrow(pct: number): ChangeArrow {
  const level = changeLevel(pct);
  const direction = level === 'flat' ? 'none' : pct > 0 ? 'up' : 'down';
  if (level === 'surge' || level === 'crash') return { kind: 'double', direction, animated: true };
  if (level === 'strong-up' || level === 'strong-down') {
    return { kind: 'single', direction, animated: false };
  }
  return { kind: 'plain', direction, animated: false };
}
