/*
 * The demo's intraday price path: how a synthetic session moves from its open to its close,
 * reaching the day's high and low.
 */
import type { SeededRandom } from './seeded-random.ts';
import { SESSION_MINUTES } from './synthesis-calendar.ts';

const BRIDGE_TERMS = 12;
const WIGGLE_TERMS = 4;

/** A smooth path over one session in the unscaled log domain, from the open to the close. */
export interface IntradayPath {
  /** Log price at session fraction t ∈ [0, 1]; equals the open at 0 and the close at 1. */
  at(t: number): number;
}

/**
 * Open-to-close line plus a seeded Brownian-bridge-like sum of sines (zero at both ends) and a
 * few fast, small wiggles; the upward and downward excursions are scaled separately so the path,
 * sampled each minute, just reaches the day's high and low.
 */
export function intradayPath(
  random: SeededRandom,
  open: number,
  close: number,
  high: number,
  low: number,
): IntradayPath {
  const bridge: number[] = [];
  for (let k = 1; k <= BRIDGE_TERMS; k++)
    bridge.push((random.normal() * Math.SQRT2) / (k * Math.PI));
  const wiggles: { omega: number; phase: number; amplitude: number }[] = [];
  for (let j = 0; j < WIGGLE_TERMS; j++) {
    const periodMinutes = 3 + 17 * random.next();
    wiggles.push({
      omega: (2 * Math.PI * SESSION_MINUTES) / periodMinutes,
      phase: 2 * Math.PI * random.next(),
      amplitude: 0.04 * random.normal(),
    });
  }
  const excursion = (t: number): number => {
    // Σ a_k sin(kπt) by the recurrence sin((k+1)x) = 2 cos x sin(kx) − sin((k−1)x).
    const x = Math.PI * t;
    const twoCos = 2 * Math.cos(x);
    const sinX = Math.sin(x);
    let previous = 0;
    let current = sinX;
    let sum = 0;
    for (const coefficient of bridge) {
      sum += coefficient * current;
      const next = twoCos * current - previous;
      previous = current;
      current = next;
    }
    let fast = 0;
    for (const w of wiggles) fast += w.amplitude * Math.sin(w.omega * t + w.phase);
    return sum + sinX * fast;
  };
  const line = (t: number): number => open + (close - open) * t;

  let up = Number.POSITIVE_INFINITY;
  let down = Number.POSITIVE_INFINITY;
  for (let m = 1; m < SESSION_MINUTES; m++) {
    const t = m / SESSION_MINUTES;
    const e = excursion(t);
    if (e > 0) up = Math.min(up, (high - line(t)) / e);
    else if (e < 0) down = Math.min(down, (line(t) - low) / -e);
  }
  const upScale = Number.isFinite(up) ? up : 0;
  const downScale = Number.isFinite(down) ? down : 0;

  return {
    at(t: number): number {
      if (t <= 0) return open;
      if (t >= 1) return close;
      const e = excursion(t);
      const value = line(t) + e * (e > 0 ? upScale : downScale);
      return Math.min(high, Math.max(low, value));
    },
  };
}
