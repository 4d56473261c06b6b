import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFeedDate } from './feed-dates.ts';
import { parseFeed } from './feed-parser.ts';
import { normalizePublisher } from './feed-publishers.ts';
import { htmlToText } from './html-text.ts';
import { XmlParseError, parseXml } from './xml.ts';

const rss = `<?xml version="1.0"?>
<!DOCTYPE rss [ <!ENTITY custom "x"> ]>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"
     xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Example &amp; Co Markets</title>
    <item>
      <title><![CDATA[Apple &amp; <b>Microsoft</b> rally]]></title>
      <link> https://example.com/a </link>
      <guid>tag:example.com,2026:a</guid>
      <pubDate>Sun, 22 Nov 2026 09:30:00 -0500</pubDate>
      <dc:creator>newsdesk@reuters.com (REUTERS)</dc:creator>
      <description>&lt;p&gt;Stocks&amp;nbsp;rose &amp;#8212; a lot.&lt;/p&gt;&lt;script&gt;alert(1)&lt;/script&gt;</description>
      <content:encoded><![CDATA[<p>First paragraph.</p><p>Second&nbsp;&ldquo;quoted&rdquo;.</p>]]></content:encoded>
    </item>
    <item><title>No link, dropped</title></item>
    <item><link>https://example.com/no-title</link><title>  </title></item>
    <item>
      <title>Without guid or date</title>
      <link>https://example.com/b</link>
      <source url="https://www.marketwatch.com">marketwatch.com</source>
    </item>
  </channel>
</rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title type="text">Example Atom</title>
  <entry>
    <title type="html">Tesla &amp;amp; Ford</title>
    <link rel="self" href="https://example.com/self"/>
    <link rel="alternate" type="text/html" href="https://example.com/atom-1"/>
    <id>urn:uuid:1225c695</id>
    <updated>2026-11-21T10:00:00Z</updated>
    <published>2026-11-21T09:00:00+01:00</published>
    <author><name>Jane Doe</name></author>
    <source><title>ACME FINANCIAL NEWS</title></source>
    <summary type="html">&lt;em&gt;EV makers&lt;/em&gt; cut prices</summary>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Full text.</p></div></content>
  </entry>
  <entry>
    <title>Only updated</title>
    <link href="https://example.com/atom-2"/>
    <id>urn:uuid:2</id>
    <updated>2026-11-20T08:00:00Z</updated>
    <author><name>Bloomberg News</name></author>
  </entry>
</feed>`;

describe('feed parser', () => {
  it('reads RSS 2.0 items as plain text with normalised publishers and dates', () => {
    const items = parseFeed(rss).items;
    expect(items).toHaveLength(2);
    expect(items[0]).toEqual({
      guid: 'tag:example.com,2026:a',
      link: 'https://example.com/a',
      title: 'Apple & Microsoft rally',
      description: 'Stocks rose — a lot.',
      content: 'First paragraph.\n\nSecond “quoted”.',
      publisher: 'Reuters',
      publishedAt: new Date('2026-11-22T14:30:00Z'),
      sourceTitle: 'Example & Co Markets',
    });
    expect(items[1]).toMatchObject({
      guid: 'https://example.com/b',
      publisher: 'MarketWatch',
      publishedAt: null,
      description: '',
      content: '',
    });
  });

  it('reads Atom entries: alternate link, id, published date, source title', () => {
    const items = parseFeed(atom).items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      guid: 'urn:uuid:1225c695',
      link: 'https://example.com/atom-1',
      title: 'Tesla & Ford',
      description: 'EV makers cut prices',
      content: 'Full text.',
      publisher: 'Acme Financial News',
      publishedAt: new Date('2026-11-21T08:00:00Z'),
      sourceTitle: 'Example Atom',
    });
    expect(items[1]).toMatchObject({
      link: 'https://example.com/atom-2',
      publisher: 'Bloomberg',
      publishedAt: new Date('2026-11-20T08:00:00Z'),
    });
  });

  it('reads RSS 1.0 (RDF) items', () => {
    const rdf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
      <channel><title>RDF feed</title></channel>
      <item><title>One</title><link>https://example.com/1</link><dc:date>2026-11-01T12:00:00Z</dc:date></item>
    </rdf:RDF>`;
    expect(parseFeed(rdf).items).toMatchObject([
      { title: 'One', publisher: 'RDF feed', publishedAt: new Date('2026-11-01T12:00:00Z') },
    ]);
  });

  it('rejects malformed XML and documents that are not feeds with a clear message', () => {
    expect(() => parseFeed('<rss><channel><item></channel></rss>').items).toThrow(
      /malformed XML: expected <\/item> but found <\/channel> \(line 1\)/,
    );
    expect(() => parseFeed('<rss><channel>').items).toThrow(/<channel> is never closed/);
    expect(() => parseFeed('<html><body>Hi</body></html>').items).toThrow(/not a feed.*<html>/);
    expect(() => parseFeed('').items).toThrow(XmlParseError);
    expect(() => parseFeed('not xml at all').items).toThrow(/text outside the root element/);
    expect(() => parseFeed('<a></a><b></b>').items).toThrow(/second root element/);
  });

  it('normalises publisher names and dates', () => {
    expect(normalizePublisher('  REUTERS ')).toBe('Reuters');
    expect(normalizePublisher('https://www.bloomberg.com/markets')).toBe('Bloomberg');
    expect(normalizePublisher('CNBC.com')).toBe('CNBC');
    expect(normalizePublisher('Dow Jones   Newswires')).toBe('Dow Jones Newswires');
    expect(normalizePublisher('press@acme.com')).toBe('');
    expect(parseFeedDate('Tue, 18 Nov 2026 16:45:00 EST')).toEqual(
      new Date('2026-11-18T21:45:00Z'),
    );
    expect(parseFeedDate('2026-11-18T16:45:00.000+02:00')).toEqual(
      new Date('2026-11-18T14:45:00Z'),
    );
    // Unknown stays unknown; a future date is the date the feed gave (ingest decides).
    expect(parseFeedDate('yesterday-ish')).toBeNull();
    expect(parseFeedDate('Mon, 01 Jan 2035 00:00:00 GMT')).toEqual(
      new Date('2035-01-01T00:00:00Z'),
    );
  });

  it('turns HTML into paragraphs of plain text', () => {
    expect(htmlToText('<div>A<br>b &amp; c</div><style>x{}</style><p>&#x1F4C8; up</p>')).toBe(
      'A\n\nb & c\n\n📈 up',
    );
    expect(htmlToText('S&amp;P &lt; 5,000 and 2 < 3')).toBe('S&P < 5,000 and 2 < 3');
    expect(parseXml('<a x="1" y=\'&lt;\'><b/>t</a>')).toEqual({
      name: 'a',
      attributes: { x: '1', y: '<' },
      children: [{ name: 'b', attributes: {}, children: [] }, 't'],
    });
  });

  it('decodes every named HTML entity, not only the common ones', () => {
    expect(htmlToText('<p>&hearts; &rarr; &Oslash;rsted &Ccedil;a va &frac13; &check;</p>')).toBe(
      '♥ → Ørsted Ça va ⅓ ✓',
    );
  });

  it('reads numeric references as browsers do: Windows-1252 for 128–159, U+FFFD for NUL', () => {
    expect(htmlToText('1990&#150;2026 &#147;quoted&#148; &#x80;5 &#0;')).toBe(
      '1990–2026 “quoted” €5 \uFFFD',
    );
  });

  it('strips tags whose quoted attribute values contain ">"', () => {
    expect(htmlToText('<a title="up > 5%" href="/x">Shares</a> rose')).toBe('Shares rose');
  });

  it('keeps reading sloppy feeds: a bare ampersand and HTML entities left unescaped', () => {
    const sloppy = `<rss><channel><title>AT&T Newsroom</title><item>
      <title>AT&T&nbsp;and S&P &#x1F4C8;</title><link>https://e.com/?a=1&b=2</link>
      <description><![CDATA[R&D <b>up</b>]]></description></item></channel></rss>`;
    expect(parseFeed(sloppy).items).toMatchObject([
      {
        title: 'AT&T and S&P 📈',
        link: 'https://e.com/?a=1&b=2',
        description: 'R&D up',
        sourceTitle: 'AT&T Newsroom',
      },
    ]);
  });

  it('says which errors of a sloppy feed were repaired, and nothing for a well-formed one', () => {
    const sloppy = `<rss><channel><title>W</title><item><title>AT&T\u0001&nbsp;up <5%</title>
      <link>https://e.com/a</link></item></channel></rss>`;
    const result = parseFeed(sloppy);
    expect(result.items).toMatchObject([{ title: 'AT&T up <5%' }]);
    expect(result.recovered).toBe(true);
    expect(result.problems.sort()).toEqual([
      'HTML entities without a DTD',
      'an unescaped &',
      'an unescaped <',
      'control characters',
    ]);
    expect(parseFeed(rss)).toMatchObject({ recovered: false, problems: [] });
    const cut = `<rss><channel><title>W</title><item><title>A<br>B</title><link>https://e.com/a</link>
      </item><item><title>Half`;
    expect(parseFeed(cut)).toMatchObject({
      items: [{ title: 'A B' }],
      recovered: true,
      problems: ['the document ends early'],
    });
  });

  it('reads a feed with blank lines before its XML declaration, and counts them in errors', () => {
    const declared = '<?xml version="1.0"?><rss><channel><item><title>T</title>';
    const item = '<link>https://e.com/t</link></item></channel></rss>';
    expect(parseFeed(`\n\n  ${declared}${item}`).items).toMatchObject([{ title: 'T' }]);
    expect(() => parseFeed(`\n\n${declared}\n</channel>`).items).toThrow(/\(line 4\)/);
  });

  it('rejects an element with a repeated attribute as malformed XML', () => {
    const repeated = `<feed xmlns="http://www.w3.org/2005/Atom"><entry><title>T</title>
      <link href="https://e.com/a" href="https://e.com/b"/></entry></feed>`;
    expect(() => parseFeed(repeated).items).toThrow(XmlParseError);
    expect(() => parseFeed(repeated).items).toThrow(/malformed XML: .*'href'.* \(line 2\)/);
  });

  it('answers any input with items or an XmlParseError, never another error', () => {
    const fragments = fc.constantFrom(
      '<rss>',
      '</rss>',
      '<channel>',
      '</channel>',
      '<item>',
      '</item>',
      '<title>',
      '</title>',
      '<link>https://e.com/x</link>',
      '<![CDATA[',
      ']]>',
      '<!--',
      '-->',
      '&amp;',
      '&#x;',
      '<',
      '>',
      'text',
      '<feed>',
      '</feed>',
      '<entry/>',
      '<?xml version="1.0"?>',
      '"',
      '<a b="c">',
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(fragments, fc.string()), { maxLength: 30 }), (parts) => {
        try {
          expect(Array.isArray(parseFeed(parts.join('')).items)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(XmlParseError);
        }
      }),
      { numRuns: 500 },
    );
  });
});
