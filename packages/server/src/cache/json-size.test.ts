import { describe, expect, it } from 'vitest';
import { jsonSize } from './json-size.ts';

describe('jsonSize', () => {
  it('is close to the JSON length of a typical answer, without writing it', () => {
    const answer = {
      prompts: Array.from({ length: 50 }, (_, i) => ({
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        status: 'DONE',
        question: 'How did the quarter go? '.repeat(i % 7),
        answer: i % 3 === 0 ? null : 'Revenue grew; margins held. '.repeat(i),
        ai_queue_size: i,
        done: i % 2 === 0,
        tags: ['NASDAQ:AAPL', 'NYSE:IBM'],
      })),
    };
    const exact = JSON.stringify(answer).length;
    const estimate = jsonSize(answer);
    expect(estimate).toBeGreaterThan(exact * 0.8);
    expect(estimate).toBeLessThan(exact * 1.25);
  });

  it('grows with the text a value holds', () => {
    expect(jsonSize({ text: 'x'.repeat(10_000) })).toBeGreaterThan(10_000);
    expect(jsonSize([])).toBe(2);
  });
});
