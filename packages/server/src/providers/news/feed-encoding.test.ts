import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { decodeFeed, feedEncoding } from './feed-encoding.ts';
import { parseFeed } from './feed-parser.ts';

/** A one-item RSS document whose title is `title`, declared in `declared` (if any). */
const feed = (title: string, declared?: string) =>
  `<?xml version="1.0"${declared ? ` encoding="${declared}"` : ''}?>
<rss version="2.0"><channel><title>Wire</title><item><title>${title}</title>
<link>https://example.com/a</link></item></channel></rss>`;

const titleOf = (bytes: Uint8Array, contentType: string | null = null) =>
  parseFeed(decodeFeed(bytes, contentType)).items[0]?.title;

/** Text of each language in the encodings real feeds use for it. */
const CASES: [encoding: string, label: string, title: string][] = [
  ['utf8', 'UTF-8', 'Zürich – “Ørsted” 株価 €5'],
  ['win1252', 'windows-1252', 'Zürich – “Ørsted” €5'],
  ['latin1', 'ISO-8859-1', 'Zürich Ørsted Ça va'],
  ['shift_jis', 'Shift_JIS', 'トヨタ自動車の株価が上昇'],
  ['gbk', 'GB2312', '贵州茅台股价上涨'],
  ['gbk', 'GBK', '贵州茅台股价上涨'],
  ['big5', 'Big5', '台積電股價上漲'],
  ['koi8-r', 'KOI8-R', 'Акции Газпрома выросли'],
  ['utf16le', 'UTF-16', 'Zürich 株価 Газпром'],
];

describe('decodeFeed', () => {
  it.each(CASES)(
    'reads %s text declared in the XML declaration as %s',
    (encoding, label, title) => {
      const bytes = iconv.encode(feed(title, label), encoding, { addBOM: encoding === 'utf16le' });
      expect(titleOf(bytes)).toBe(title);
    },
  );

  it.each(CASES)(
    'reads %s text named by the Content-Type charset (%s)',
    (encoding, label, title) => {
      // The declaration says nothing (or something else): the header is trusted first.
      const bytes = iconv.encode(feed(title), encoding, { addBOM: encoding === 'utf16le' });
      expect(titleOf(bytes, `application/rss+xml; charset="${label}"`)).toBe(title);
    },
  );

  it('reads UTF-16 in both byte orders, by its BOM and without one', () => {
    const title = 'Газпром 株価 Zürich';
    for (const encoding of ['utf16le', 'utf16be']) {
      const withBom = iconv.encode(feed(title, 'UTF-16'), encoding, { addBOM: true });
      expect(titleOf(withBom)).toBe(title);
      expect(feedEncoding(withBom, null)).toEqual({
        encoding: encoding === 'utf16le' ? 'utf-16le' : 'utf-16be',
        from: 'bom',
      });
      const bare = iconv.encode(feed(title, 'UTF-16'), encoding, { addBOM: false });
      expect(titleOf(bare)).toBe(title);
    }
  });

  it('trusts the Content-Type, then a BOM, then the declaration', () => {
    const koi8 = iconv.encode(feed('Газпром', 'windows-1251'), 'koi8-r');
    expect(feedEncoding(koi8, 'text/xml; charset=koi8-r')).toEqual({
      encoding: 'koi8-r',
      from: 'content-type',
    });
    expect(titleOf(koi8, 'text/xml; charset=koi8-r')).toBe('Газпром');
    const bom = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(feed('Zürich', 'ISO-8859-1')),
    ]);
    expect(feedEncoding(bom, null)).toEqual({ encoding: 'utf-8', from: 'bom' });
    expect(titleOf(bom)).toBe('Zürich');
    expect(feedEncoding(Buffer.from(feed('x', 'KOI8-R')), 'text/xml')).toEqual({
      encoding: 'koi8-r',
      from: 'declaration',
    });
    expect(feedEncoding(Buffer.from(feed('x')), null)).toEqual({
      encoding: 'utf-8',
      from: 'default',
    });
    // An unknown label is no label.
    expect(feedEncoding(Buffer.from(feed('x', 'x-made-up')), 'text/xml; charset=bogus')).toEqual({
      encoding: 'utf-8',
      from: 'default',
    });
  });

  it('reads windows-1252 text declared as ISO-8859-1 as windows-1252 (curly quotes, dashes, €)', () => {
    const bytes = iconv.encode(feed('“Profits” – up €5…', 'ISO-8859-1'), 'win1252');
    expect(bytes.includes(0x93)).toBe(true);
    expect(titleOf(bytes)).toBe('“Profits” – up €5…');
    expect(titleOf(bytes, 'text/xml; charset=iso-8859-1')).toBe('“Profits” – up €5…');
  });

  it('recovers UTF-8 mis-declared as a single-byte or multi-byte encoding', () => {
    const title = 'Zürich – “Ørsted” 株価';
    const utf8 = Buffer.from(feed(title, 'ISO-8859-1'));
    expect(titleOf(utf8)).toBe(title);
    expect(titleOf(Buffer.from(feed(title)), 'text/xml; charset=windows-1252')).toBe(title);
    expect(titleOf(Buffer.from(feed(title, 'Shift_JIS')))).toBe(title);
    expect(titleOf(Buffer.from(feed('Газпром', 'KOI8-R')))).toBe('Газпром');
  });

  it('keeps a UTF-16 BOM over a header that names a single-byte encoding', () => {
    const bytes = iconv.encode(feed('Газпром'), 'utf16le', { addBOM: true });
    expect(titleOf(bytes, 'text/xml; charset=iso-8859-1')).toBe('Газпром');
  });

  it('answers any bytes under any header with text, never an error', () => {
    const labels = fc.constantFrom(null, 'text/xml', 'text/xml; charset=utf-16', 'x; charset=koi8-r',
      'x; charset=shift_jis', 'x; charset="bogus"', 'x; charset=iso-8859-1'); // prettier-ignore
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), labels, (bytes, contentType) => {
        expect(typeof decodeFeed(bytes, contentType)).toBe('string');
      }),
      { numRuns: 2000 },
    );
  });

  it('replaces bytes that fit no encoding with U+FFFD instead of failing', () => {
    const bytes = Buffer.concat([Buffer.from(feed('ab').replace('ab', 'a')), Buffer.from([])]);
    const broken = Buffer.from(
      bytes.toString('latin1').replace('<title>a', '<title>a\xff'),
      'latin1',
    );
    expect(titleOf(broken, 'text/xml; charset=utf-8')).toBe('a\uFFFD');
  });
});
