// Feed parsing throughput: a 1 MB RSS 2.0 document (HTML descriptions, content:encoded, Dublin
// Core, Media RSS, a few sloppy entities) read by our parser and by fast-xml-parser alone.
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeFeed } from '../packages/server/src/providers/news/feed-encoding.ts';
import { parseFeed } from '../packages/server/src/providers/news/feed-parser.ts';

const ZONES = ['GMT', '-0500', 'EST', 'ET', '+05:30', 'CEST'];

/** About `targetBytes` of RSS 2.0 with realistic items. */
export function buildFeed(targetBytes: number): string {
  const head = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:media="http://search.yahoo.com/mrss/">
<channel><title>Bench Wire</title><link>https://example.com/</link><description>Markets</description>
`;
  const items: string[] = [];
  let size = head.length;
  for (let index = 0; size < targetBytes; index += 1) {
    const day = String((index % 28) + 1).padStart(2, '0');
    const dated =
      index % 3 === 0
        ? `<dc:date>2026-11-${day}T14:${String(index % 60).padStart(2, '0')}:00Z</dc:date>`
        : `<pubDate>Mon, ${day} Nov 2026 14:05:00 ${ZONES[index % ZONES.length] ?? 'GMT'}</pubDate>`;
    const item = `<item>
<title>Company ${index} &amp; partners beat estimates as shares rise ${index % 17}%</title>
<link>https://example.com/news/${index}</link>
<guid isPermaLink="false">bench-${index}</guid>
${dated}
<dc:creator>Newsdesk</dc:creator>
<description>&lt;p&gt;Shares of Company ${index} rose &lt;b&gt;${index % 17}%&lt;/b&gt; on Monday after results&amp;nbsp;beat forecasts.&lt;/p&gt;</description>
<content:encoded><![CDATA[<p>Company ${index} reported revenue of $${index}.5 billion, up ${index % 9}% from a year earlier.</p><p>Analysts had expected less; the stock &ldquo;rallied&rdquo; in early trading.</p><ul><li>EPS up</li><li>Margin up</li></ul>]]></content:encoded>
<media:thumbnail url="https://example.com/img/${index}.jpg" width="120" height="80"/>
</item>
`;
    items.push(item);
    size += item.length;
  }
  return `${head}${items.join('')}</channel></rss>\n`;
}

/** Runs `work` for about `seconds` and answers MB/s of `bytes` per call, and calls made. */
function throughput(bytes: number, seconds: number, work: () => unknown) {
  work(); // warm-up
  const started = performance.now();
  let calls = 0;
  while (performance.now() - started < seconds * 1000) {
    work();
    calls += 1;
  }
  const elapsed = (performance.now() - started) / 1000;
  return { mbPerSecond: (bytes * calls) / elapsed / 1e6, msPerCall: (elapsed * 1000) / calls };
}

export async function runFeedParseBench({ seconds }: { seconds: number }): Promise<void> {
  const xml = buildFeed(1_000_000);
  const bytes = Buffer.from(xml, 'utf8');
  const items = parseFeed(xml).items.length;
  console.log(
    `\nfeed-parse: ${(bytes.length / 1e6).toFixed(2)} MB, ${items} items, ${seconds} s per row`,
  );
  const plain = new XMLParser({ ignoreAttributes: false });
  const ordered = new XMLParser({
    ignoreAttributes: false,
    preserveOrder: true,
    trimValues: false,
  });
  // Deprecated for the separate fast-xml-validator; xml.ts uses this one, so it is measured.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const validate = (text: string) => XMLValidator.validate(text) === true;
  const rows: [string, () => void][] = [
    ['fast-xml-parser alone (default options)', () => void plain.parse(xml)],
    ['fast-xml-parser alone (ordered, as xml.ts)', () => void ordered.parse(xml)],
    [
      'fast-xml-parser validate + parse',
      () => {
        if (validate(xml)) ordered.parse(xml);
      },
    ],
    ['parseFeed (items: text, dates, links)', () => void parseFeed(xml)],
    [
      'decodeFeed + parseFeed (bytes in)',
      () => void parseFeed(decodeFeed(bytes, 'application/rss+xml')),
    ],
  ];
  for (const [name, work] of rows) {
    const { mbPerSecond, msPerCall } = throughput(bytes.length, seconds, work);
    console.log(
      `  ${name.padEnd(44)} ${mbPerSecond.toFixed(2).padStart(7)} MB/s  ${msPerCall.toFixed(1).padStart(7)} ms per document`,
    );
  }
  await Promise.resolve();
}
