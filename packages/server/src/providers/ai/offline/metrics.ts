/** Classification metrics used by the trainer and the evaluation script. */

/** Accuracy, macro-averaged F1 and per-label figures of predicted against expected labels. */
export interface ClassificationMetrics {
  accuracy: number;
  macroF1: number;
  /** Per-label F1, keyed by label. */
  f1: Record<string, number>;
  /** Per-label precision (of the items called that label, the share that are). */
  precision: Record<string, number>;
  /** Per-label recall (of the items that are that label, the share called so). */
  recall: Record<string, number>;
  /** `confusion[expected][predicted]`: item counts. */
  confusion: Record<string, Record<string, number>>;
}

/** Computes accuracy and macro-F1 (mean of per-label F1 over `labels`). */
export function classificationMetrics(
  expected: readonly string[],
  predicted: readonly string[],
  labels: readonly string[],
): ClassificationMetrics {
  let correct = 0;
  const f1: Record<string, number> = {};
  const precision: Record<string, number> = {};
  const recall: Record<string, number> = {};
  const confusion: Record<string, Record<string, number>> = {};
  for (const e of labels) confusion[e] = Object.fromEntries(labels.map((p) => [p, 0]));
  for (let i = 0; i < expected.length; i++) {
    const e = expected[i] ?? '';
    const p = predicted[i] ?? '';
    if (e === p) correct++;
    const row = confusion[e];
    if (row && p in row) row[p] = (row[p] ?? 0) + 1;
  }
  for (const label of labels) {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    for (let i = 0; i < expected.length; i++) {
      const isExpected = expected[i] === label;
      const isPredicted = predicted[i] === label;
      if (isExpected && isPredicted) tp++;
      else if (isPredicted) fp++;
      else if (isExpected) fn++;
    }
    f1[label] = tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
    precision[label] = tp + fp === 0 ? 0 : tp / (tp + fp);
    recall[label] = tp + fn === 0 ? 0 : tp / (tp + fn);
  }
  const macroF1 = labels.reduce((sum, l) => sum + (f1[l] ?? 0), 0) / Math.max(1, labels.length);
  return {
    accuracy: expected.length ? correct / expected.length : 0,
    macroF1,
    f1,
    precision,
    recall,
    confusion,
  };
}

/** One band of a calibration table: the calls whose confidence falls in `[from, to)`. */
export interface CalibrationBand {
  from: number;
  to: number;
  calls: number;
  /** Share of these calls that were right (NaN when there are none). */
  accuracy: number;
  /** Mean stated confidence of these calls (NaN when there are none). */
  meanConfidence: number;
}

/** Accuracy by confidence band: a calibrated analyst is right about as often as it says. */
export function calibrationTable(
  confidences: readonly number[],
  correct: readonly boolean[],
  edges: readonly number[] = [0, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0001],
): CalibrationBand[] {
  const bands: CalibrationBand[] = [];
  for (let b = 0; b + 1 < edges.length; b++) {
    const from = edges[b] ?? 0;
    const to = edges[b + 1] ?? 1;
    let calls = 0;
    let right = 0;
    let sum = 0;
    confidences.forEach((c, i) => {
      if (c < from || c >= to) return;
      calls++;
      sum += c;
      if (correct[i]) right++;
    });
    bands.push({
      from,
      to: Math.min(1, to),
      calls,
      accuracy: right / calls,
      meanConfidence: sum / calls,
    });
  }
  return bands;
}

/** Formats a ratio as a percentage with one decimal, e.g. `83.4 %`. */
export function pct(ratio: number): string {
  return `${(ratio * 100).toFixed(1)} %`;
}
