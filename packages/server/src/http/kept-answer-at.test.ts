import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keptAnswerAt } from './kept-answer-at.ts';

const schema = z.object({
  status: z.literal('success'),
  name: z.string(),
  as_of: z.number(),
  points: z.array(z.number()),
});

const at = (seconds: number) => new Date(seconds * 1000);

describe('keptAnswerAt', () => {
  it('sends what the whole answer written at that instant would be', () => {
    const answer = keptAnswerAt(schema, 'as_of');
    const snapshot = { name: 'default', as_of: 1, points: [1, 2.5] };
    expect(answer(snapshot, at(1_800_000_000)).toString()).toBe(
      JSON.stringify({ status: 'success', ...snapshot, as_of: 1_800_000_000 }),
    );
  });

  it('keeps one second’s bytes and splices in the next second', () => {
    const answer = keptAnswerAt(schema, 'as_of');
    const snapshot = { name: 'a', as_of: 1, points: [3] };
    const first = answer(snapshot, new Date(1_800_000_000_100));
    expect(answer(snapshot, new Date(1_800_000_000_900))).toBe(first);
    const next = answer(snapshot, at(1_800_000_001));
    expect(next).not.toBe(first);
    expect(JSON.parse(next.toString())).toEqual({
      status: 'success',
      name: 'a',
      as_of: 1_800_000_001,
      points: [3],
    });
  });

  it('writes a replaced value anew (the bytes belong to the kept object)', () => {
    const answer = keptAnswerAt(schema, 'as_of');
    const instant = at(1_800_000_000);
    expect(answer({ name: 'a', as_of: 1, points: [1] }, instant).toString()).toContain('[1]');
    expect(answer({ name: 'a', as_of: 1, points: [2] }, instant).toString()).toContain('[2]');
  });

  it('sends only the fields the response schema declares', () => {
    const answer = keptAnswerAt(schema, 'as_of');
    const body = answer({ name: 'a', as_of: 1, points: [], secret: 'x' }, at(5)).toString();
    expect(body).not.toContain('secret');
  });
});
