import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeFeed } from './feed-encoding.ts';
import { parseFeed } from './feed-parser.ts';

/** The corpus (fixtures/corpus, written by generate.ts): each document with its expected items. */
const CORPUS = new URL('./fixtures/corpus/', import.meta.url);

type Expected = {
  name: string;
  items: Record<string, unknown>[];
  url?: string;
  contentType?: string;
  recovered?: boolean;
  error?: string;
};

const documents = readdirSync(CORPUS)
  .filter((file) => /^\d{3}-.*\.json$/.test(file))
  .sort()
  .map((file) => {
    const expected = JSON.parse(readFileSync(new URL(file, CORPUS), 'utf8')) as Expected;
    const bytes = readFileSync(new URL(file.replace(/\.json$/, '.xml'), CORPUS));
    return { file: file.replace(/\.json$/, ''), expected, bytes };
  });

describe('the feed corpus', () => {
  it('holds at least 300 documents', () => {
    expect(documents.length).toBeGreaterThanOrEqual(300);
  });

  it.each(documents)('reads $file as expected', ({ expected, bytes }) => {
    const text = decodeFeed(bytes, expected.contentType ?? null);
    const parse = () => parseFeed(text, expected.url === undefined ? {} : { url: expected.url });
    if (expected.error) {
      expect(parse).toThrow(expected.error);
      return;
    }
    const result = parse();
    const items = result.items.map((item) => ({
      ...item,
      publishedAt: item.publishedAt === null ? null : item.publishedAt.toISOString(),
    }));
    expect(items).toMatchObject(expected.items);
    expect(items).toHaveLength(expected.items.length);
    expect(result.recovered).toBe(expected.recovered ?? false);
  });
});
