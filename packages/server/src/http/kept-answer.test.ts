import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { keptAnswer } from './kept-answer.ts';

describe('keptAnswer', () => {
  it('writes the success envelope with the payload after the status', () => {
    const write = keptAnswer<{ items: number[]; total: number }>();
    expect(write({ items: [1, 2], total: 2 }).toString()).toBe(
      '{"status":"success","items":[1,2],"total":2}',
    );
  });

  it('writes a kept value once: the same value gives the same bytes object', () => {
    let parses = 0;
    const schema = z.object({ status: z.literal('success'), n: z.number() });
    const write = keptAnswer<{ n: number }>({
      parse: (answer) => {
        parses += 1;
        return schema.parse(answer);
      },
    });
    const kept = { n: 1 };
    const first = write(kept);
    expect(write(kept)).toBe(first);
    expect(parses).toBe(1);
  });

  it('writes anew when the service replaced its kept value', () => {
    const write = keptAnswer<{ n: number }>();
    const before = write({ n: 1 });
    const replaced = { n: 2 };
    const after = write(replaced);
    expect(after).not.toBe(before);
    expect(after.toString()).toBe('{"status":"success","n":2}');
    expect(write(replaced)).toBe(after);
  });

  it('sends only what the response schema allows', () => {
    const write = keptAnswer<{ name: string; secret?: string }>(
      z.object({ status: z.literal('success'), name: z.string() }),
    );
    expect(write({ name: 'a', secret: 'hash' }).toString()).toBe('{"status":"success","name":"a"}');
  });

  it('keeps bytes apart per writer (two routes may write one value differently)', () => {
    const value = { name: 'a', extra: 1 };
    const full = keptAnswer<typeof value>();
    const narrow = keptAnswer<typeof value>(
      z.object({ status: z.literal('success'), name: z.string() }),
    );
    expect(full(value).toString()).toBe('{"status":"success","name":"a","extra":1}');
    expect(narrow(value).toString()).toBe('{"status":"success","name":"a"}');
  });
});
