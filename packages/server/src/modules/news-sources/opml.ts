import { childElements, localName, parseXml, type XmlElement } from '../../providers/news/xml.ts';

/** A feed as OPML lists it. */
export type OpmlFeed = { url: string; title: string };

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', '"': 'quot', "'": 'apos' }[c]};`,
  );

/** The feeds of an OPML 1.0/2.0 subscription list: every outline with an `xmlUrl`, at any depth. */
export function parseOpml(text: string): OpmlFeed[] {
  const root = parseXml(text);
  if (localName(root) !== 'opml')
    throw new Error(`not an OPML document: the root is <${root.name}>`);
  const feeds: OpmlFeed[] = [];
  const walk = (element: XmlElement) => {
    for (const outline of childElements(element).filter((c) => localName(c) === 'outline')) {
      const url = (outline.attributes.xmlUrl ?? outline.attributes.xmlurl ?? '').trim();
      if (url) {
        feeds.push({
          url,
          title: (outline.attributes.title ?? outline.attributes.text ?? '').trim(),
        });
      }
      walk(outline);
    }
  };
  const body = childElements(root).find((c) => localName(c) === 'body');
  if (body) walk(body);
  return feeds;
}

/** The feeds as an OPML 2.0 document (what feed readers import). */
export function writeOpml(feeds: readonly OpmlFeed[], created: Date): string {
  const outlines = feeds
    .map(
      (feed) =>
        `    <outline type="rss" text="${escapeXml(feed.title || feed.url)}" title="${escapeXml(feed.title || feed.url)}" xmlUrl="${escapeXml(feed.url)}"/>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<opml version="2.0">
  <head>
    <title>StockPulse news sources</title>
    <dateCreated>${created.toUTCString()}</dateCreated>
  </head>
  <body>
${outlines}
  </body>
</opml>
`;
}
