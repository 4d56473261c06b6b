/**
 * `npm run eval:stories`: precision and recall of the story clustering on the labelled pairs
 * (story-eval/story-pairs.ts), at thresholds around the shipped one, by the full rule (shingle
 * similarity, a common company, the time window) and by the similarity alone.
 */
import { sameStory, similarity, STORY_THRESHOLD } from './news-stories.ts';
import { storyPairs, type StoryPair } from './story-eval/story-pairs.ts';

/** Precision, recall and F1 of a decision over the pairs. */
export function score(pairs: readonly StoryPair[], decide: (pair: StoryPair) => boolean) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const pair of pairs) {
    const said = decide(pair);
    if (said && pair.same) tp += 1;
    else if (said) fp += 1;
    else if (pair.same) fn += 1;
  }
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const f1 = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
  return { precision, recall, f1, tp, fp, fn };
}

const fmt = (n: number) => n.toFixed(3);

if (import.meta.main) {
  const pairs = await storyPairs();
  const positives = pairs.filter((p) => p.same).length;
  console.log(
    `${String(pairs.length)} labelled pairs: ${String(positives)} same story, ${String(pairs.length - positives)} not`,
  );
  const kinds = new Map<string, number>();
  for (const pair of pairs) kinds.set(pair.kind, (kinds.get(pair.kind) ?? 0) + 1);
  for (const [kind, count] of kinds) console.log(`  ${kind}: ${String(count)}`);
  console.log('\nthreshold  rule: precision recall F1   similarity only: precision recall F1');
  for (const t of [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6, 0.7]) {
    const rule = score(pairs, (p) => sameStory(p.a, p.b, t));
    const alone = score(pairs, (p) => similarity(p.a.signature, p.b.signature) >= t);
    const mark = t === STORY_THRESHOLD ? ' ← shipped' : '';
    console.log(
      `${t.toFixed(2).padStart(9)}  ${fmt(rule.precision)} ${fmt(rule.recall)} ${fmt(rule.f1)}` +
        `        ${fmt(alone.precision)} ${fmt(alone.recall)} ${fmt(alone.f1)}${mark}`,
    );
  }
  const shipped = score(pairs, (p) => sameStory(p.a, p.b));
  console.log(
    `\nshipped (${String(STORY_THRESHOLD)}): precision ${fmt(shipped.precision)}, recall ${fmt(shipped.recall)} (tp ${String(shipped.tp)}, fp ${String(shipped.fp)}, fn ${String(shipped.fn)})`,
  );
  for (const kind of kinds.keys()) {
    const of = pairs.filter((p) => p.kind === kind);
    const wrong = of.filter((p) => sameStory(p.a, p.b) !== p.same).length;
    console.log(`  ${kind}: ${String(of.length - wrong)}/${String(of.length)} right`);
  }
}
