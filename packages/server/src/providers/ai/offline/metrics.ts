/** Classification metrics used by the trainer and the evaluation script. */

/** Accuracy and macro-averaged F1 of predicted against expected labels. */
export interface ClassificationMetrics {
  accuracy: number;
  macroF1: number;
  /** Per-label F1, keyed by label. */
  f1: Record<string, number>;
}

/** Computes accuracy and macro-F1 (mean of per-label F1 over `labels`). */
export function classificationMetrics(
  expected: readonly string[],
  predicted: readonly string[],
  labels: readonly string[],
): ClassificationMetrics {
  let correct = 0;
  const f1: Record<string, number> = {};
  for (let i = 0; i < expected.length; i++) if (expected[i] === predicted[i]) correct++;
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
  }
  const macroF1 = labels.reduce((sum, l) => sum + (f1[l] ?? 0), 0) / Math.max(1, labels.length);
  return { accuracy: expected.length ? correct / expected.length : 0, macroF1, f1 };
}

/** Formats a ratio as a percentage with one decimal, e.g. `83.4 %`. */
export function pct(ratio: number): string {
  return `${(ratio * 100).toFixed(1)} %`;
}
