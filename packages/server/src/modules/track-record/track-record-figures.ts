/**
 * The track record's figures: scored calls summed per horizon, group and calibration bin into hit
 * rates with their Wilson intervals, keeping only sums and the best and worst few calls.
 */
import { sentimentLabel } from '@app/shared/display/sentiment';
import type {
  TrackRecordCalibrationBin,
  TrackRecordGroup,
  TrackRecordStat,
} from '@app/shared/api/track-record';
import { wilsonInterval, type ScoredCall } from './track-record-scoring.ts';

/** Calibration bins over the score: three on each side of neutral. */
export const CALIBRATION_BINS: readonly { label: string; min: number; max: number }[] = [
  { label: '−10 … −6', min: -10, max: -6 },
  { label: '−6 … −3', min: -6, max: -3 },
  { label: '−3 … 0', min: -3, max: 0 },
  { label: '0 … 3', min: 0, max: 3 },
  { label: '3 … 6', min: 3, max: 6 },
  { label: '6 … 10', min: 6, max: 10 },
];

export function calibrationBin(score: number): number {
  if (score < 0) return score <= -6 ? 0 : score <= -3 ? 1 : 2;
  return score < 3 ? 3 : score < 6 ? 4 : 5;
}

type Sums = { calls: number; hits: number; signed: number };
const emptySums = (): Sums => ({ calls: 0, hits: 0, signed: 0 });

/** Sums per group and horizon, turned into stats at the end. */
class GroupSums {
  readonly groups = new Map<string, { label: string; sums: Sums[] }>();
  private readonly horizons: readonly number[];
  constructor(horizons: readonly number[]) {
    this.horizons = horizons;
  }

  add(key: string, label: string, call: ScoredCall) {
    let group = this.groups.get(key);
    if (!group) {
      group = { label, sums: this.horizons.map(emptySums) };
      this.groups.set(key, group);
    }
    addSums(group.sums, this.horizons, call);
  }

  toGroups(order?: readonly string[]): TrackRecordGroup[] {
    const rows = [...this.groups].map(([key, group]) => ({
      key,
      label: group.label,
      stats: toStats(group.sums, this.horizons),
    }));
    if (order) return rows.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
    const total = (row: TrackRecordGroup) => row.stats[0]?.calls ?? 0;
    return rows.sort((a, b) => total(b) - total(a) || a.label.localeCompare(b.label));
  }
}

function addSums(sums: Sums[], horizons: readonly number[], call: ScoredCall) {
  for (const scored of call.horizons) {
    const target = sums[horizons.indexOf(scored.horizon)];
    if (!target) continue;
    target.calls += 1;
    if (scored.hit) target.hits += 1;
    target.signed += call.direction * scored.excess_return;
  }
}

function toStats(sums: readonly Sums[], horizons: readonly number[]): TrackRecordStat[] {
  return sums.map((s, i) => {
    const interval = wilsonInterval(s.hits, s.calls);
    return {
      horizon: horizons[i] ?? 0,
      calls: s.calls,
      hits: s.hits,
      hit_rate: s.calls > 0 ? s.hits / s.calls : null,
      ci_low: interval?.low ?? null,
      ci_high: interval?.high ?? null,
      mean_call_return: s.calls > 0 ? s.signed / s.calls : null,
    };
  });
}

/** The best or worst few calls at one horizon, by the return in the call's direction. */
class Extremes {
  readonly calls: { value: number; call: ScoredCall }[] = [];
  private readonly size: number;
  private readonly sign: 1 | -1;
  constructor(size: number, sign: 1 | -1) {
    this.size = size;
    this.sign = sign;
  }

  offer(value: number, call: ScoredCall) {
    const v = this.sign * value;
    const last = this.calls.at(-1);
    if (this.calls.length >= this.size && last && last.value >= v) return;
    let i = this.calls.length;
    while (i > 0 && (this.calls[i - 1] as { value: number }).value < v) i -= 1;
    this.calls.splice(i, 0, { value: v, call });
    if (this.calls.length > this.size) this.calls.pop();
  }
}

const DIRECTIONS = ['bullish', 'bearish'] as const;
const BAND_ORDER = ['very-bearish', 'bearish', 'bullish', 'very-bullish'];

/** Accumulates scored calls; `finish` gives the record's figures. */
export function createTrackRecordAccumulator(horizons: readonly number[], extremes = 10) {
  const overall = horizons.map(emptySums);
  const byDirection = new GroupSums(horizons);
  const byClassification = new GroupSums(horizons);
  const byBand = new GroupSums(horizons);
  const bins = CALIBRATION_BINS.map(() => ({
    calls: 0,
    scoreSum: 0,
    perHorizon: horizons.map(() => ({ calls: 0, excess: 0 })),
  }));
  const best = horizons.map(() => new Extremes(extremes, 1));
  const worst = horizons.map(() => new Extremes(extremes, -1));
  let calls = 0;

  return {
    add(call: ScoredCall) {
      if (call.horizons.length === 0) return;
      calls += 1;
      addSums(overall, horizons, call);
      const direction = DIRECTIONS[call.direction > 0 ? 0 : 1];
      byDirection.add(direction, direction === 'bullish' ? 'Bullish calls' : 'Bearish calls', call);
      const classification = call.input.classification || 'Other';
      byClassification.add(classification, classification, call);
      const band = sentimentLabel(call.input.score);
      byBand.add(band.toLowerCase().replace(' ', '-'), band, call);
      const bin = bins[calibrationBin(call.input.score)];
      if (bin) {
        bin.calls += 1;
        bin.scoreSum += call.input.score;
        for (const scored of call.horizons) {
          const slot = bin.perHorizon[horizons.indexOf(scored.horizon)];
          if (!slot) continue;
          slot.calls += 1;
          slot.excess += scored.excess_return;
        }
      }
      for (const scored of call.horizons) {
        const i = horizons.indexOf(scored.horizon);
        const value = call.direction * scored.excess_return;
        if (value > 0) best[i]?.offer(value, call);
        else if (value < 0) worst[i]?.offer(value, call);
      }
    },

    finish() {
      const stats = toStats(overall, horizons);
      // Rank the lists at the middle horizon when it has closed calls, else the shortest.
      const middle = Math.min(1, horizons.length - 1);
      const rankIndex = (stats[middle]?.calls ?? 0) > 0 ? middle : 0;
      const calibration: TrackRecordCalibrationBin[] = CALIBRATION_BINS.map((spec, i) => {
        const bin = bins[i] ?? { calls: 0, scoreSum: 0, perHorizon: [] };
        return {
          label: spec.label,
          score_min: spec.min,
          score_max: spec.max,
          calls: bin.calls,
          mean_score: bin.calls > 0 ? bin.scoreSum / bin.calls : null,
          horizons: horizons.map((horizon, h) => {
            const slot = bin.perHorizon[h] ?? { calls: 0, excess: 0 };
            return {
              horizon,
              calls: slot.calls,
              mean_excess_return: slot.calls > 0 ? slot.excess / slot.calls : null,
            };
          }),
        };
      });
      return {
        calls,
        overall: stats,
        by_direction: byDirection.toGroups(DIRECTIONS),
        by_classification: byClassification.toGroups(),
        by_band: byBand.toGroups(BAND_ORDER),
        calibration,
        ranking_horizon: horizons[rankIndex] ?? 0,
        best: (best[rankIndex]?.calls ?? []).map((entry) => entry.call),
        worst: (worst[rankIndex]?.calls ?? []).map((entry) => entry.call),
      };
    },
  };
}

export type TrackRecordFigures = ReturnType<
  ReturnType<typeof createTrackRecordAccumulator>['finish']
>;
