import { describe, expect, it } from 'vitest';
import { score } from '../eval-stories.ts';
import { sameStory, STORY_THRESHOLD } from '../news-stories.ts';
import { storyPairs } from './story-pairs.ts';

describe('the story clustering on our labelled pairs (npm run eval:stories)', () => {
  it('clusters at the shipped threshold with precision ≥ 0.98 and recall ≥ 0.95', async () => {
    const pairs = await storyPairs();
    expect(pairs.length).toBeGreaterThanOrEqual(200);
    expect(pairs.filter((p) => p.same).length).toBeGreaterThanOrEqual(100);
    const shipped = score(pairs, (p) => sameStory(p.a, p.b));
    expect(shipped.precision).toBeGreaterThanOrEqual(0.98);
    expect(shipped.recall).toBeGreaterThanOrEqual(0.95);
    // The threshold is no arbitrary point: F1 is lower a step either side.
    const at = (t: number) => score(pairs, (p) => sameStory(p.a, p.b, t)).f1;
    expect(at(STORY_THRESHOLD)).toBeGreaterThanOrEqual(at(STORY_THRESHOLD - 0.1));
    expect(at(STORY_THRESHOLD)).toBeGreaterThanOrEqual(at(STORY_THRESHOLD + 0.1));
  });

  it('never joins one template’s stories about different companies', async () => {
    const siblings = (await storyPairs()).filter((p) => p.kind === 'newsroom, same template');
    expect(siblings.length).toBeGreaterThan(20);
    for (const pair of siblings) expect(sameStory(pair.a, pair.b), pair.a.title).toBe(false);
  });
});
