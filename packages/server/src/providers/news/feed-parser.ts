import { parseFeedDate } from './feed-dates.ts';
import { htmlToText } from './html-text.ts';
import { normalizePublisher } from './feed-publishers.ts';
import type { RawNewsItem } from './news-source.ts';
import { XmlParseError, parseXmlDocument, type XmlElement } from './xml.ts';

/** Namespaces by URI, each read under one canonical prefix ('' for RSS's own elements). */
const NAMESPACES: Record<string, string> = {
  'http://purl.org/rss/1.0/': '',
  'http://my.netscape.com/rdf/simple/0.9/': '',
  'http://backend.userland.com/rss2': '',
  'http://backend.userland.com/rss': '',
  'http://www.w3.org/2005/Atom': 'atom',
  'http://purl.org/atom/ns#': 'atom',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://purl.org/dc/terms/': 'dcterms',
  'http://purl.org/rss/1.0/modules/content/': 'content',
  'http://search.yahoo.com/mrss/': 'media',
  'http://search.yahoo.com/mrss': 'media',
  'http://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'http://rssnamespace.org/feedburner/ext/1.0': 'feedburner',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#': 'rdf',
  'http://www.w3.org/1999/xhtml': 'xhtml',
};

/** Prefixes used without a declaration, as sloppy feeds do: read by their usual meaning. */
const UNDECLARED: Record<string, string> = { rss: '', atom: 'atom', atom03: 'atom' };

/** An element under its canonical name, with the base URL its relative links resolve against. */
type Node = {
  name: string;
  attributes: Record<string, string>;
  children: (Node | string)[];
  base: string | undefined;
};

function resolveUrl(reference: string, base: string | undefined): string | undefined {
  try {
    return new URL(reference.trim(), base).href;
  } catch {
    return undefined;
  }
}

/**
 * The tree with namespace-qualified names made canonical (`rss:item` in the RSS 1.0 namespace
 * is `item`; `a:entry` in Atom's is `atom:entry`) and each element's xml:base resolved. Depth
 * first.
 */
function canonical(root: XmlElement, feedUrl: string | undefined): Node {
  type Scope = { prefixes: Record<string, string>; base: string | undefined };
  const build = (element: XmlElement, scope: Scope): Node => {
    const prefixes = { ...scope.prefixes };
    for (const [name, value] of Object.entries(element.attributes)) {
      if (name === 'xmlns') prefixes[''] = value.trim();
      else if (name.startsWith('xmlns:')) prefixes[name.slice(6)] = value.trim();
    }
    const xmlBase = element.attributes['xml:base'];
    const base =
      xmlBase === undefined ? scope.base : (resolveUrl(xmlBase, scope.base) ?? scope.base);
    const colon = element.name.indexOf(':');
    const prefix = colon < 0 ? '' : element.name.slice(0, colon);
    const local = element.name.slice(colon + 1);
    const uri = prefixes[prefix];
    const known = uri === undefined ? UNDECLARED[prefix] : NAMESPACES[uri];
    const canonicalPrefix = known ?? (uri === undefined || colon >= 0 ? prefix : '');
    return {
      name: canonicalPrefix ? `${canonicalPrefix}:${local}` : local,
      attributes: element.attributes,
      children: element.children.map((child) =>
        typeof child === 'string' ? child : build(child, { prefixes, base }),
      ),
      base,
    };
  };
  return build(root, { prefixes: {}, base: feedUrl });
}

const elements = (node: Node | undefined, ...names: string[]): Node[] =>
  (node?.children ?? []).filter(
    (child): child is Node =>
      typeof child !== 'string' && (names.length === 0 || names.includes(child.name)),
  );

/** The first child with one of the names, in the order of the names. */
function first(node: Node | undefined, ...names: string[]): Node | undefined {
  for (const name of names) {
    const found = elements(node, name)[0];
    if (found) return found;
  }
  return undefined;
}

/** All text inside an element, child elements' text included. */
function textOf(node: Node | undefined): string {
  if (!node) return '';
  return node.children.map((child) => (typeof child === 'string' ? child : textOf(child))).join('');
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Inline XHTML written back as HTML, so that its paragraphs break as HTML's do. */
function serialize(node: Node | string): string {
  if (typeof node === 'string') return escapeHtml(node);
  const name = node.name.slice(node.name.indexOf(':') + 1);
  return `<${name}>${node.children.map(serialize).join('')}</${name}>`;
}

/** Entities left after one decoding are a feed that escaped its text twice (`&amp;amp;`). */
const ENTITY = /&(?:[a-z][a-z\d]{1,30}|#\d{1,7}|#x[\da-f]{1,6});/i;
const TAG = /<\/?[a-z][^>]*>/i;
const decodeTwice = (text: string) =>
  ENTITY.test(text) || TAG.test(text) ? htmlToText(text) : text;
/** Plain text may speak of tags (`<b>`); only its entities are decoded a second time. */
const decodeEntitiesTwice = (text: string) =>
  ENTITY.test(text) ? htmlToText(escapeHtml(text).replace(/&amp;(?=[a-z#][\w#]*;)/gi, '&')) : text;

/**
 * An element's content as clean text by its declared type: Atom's `text`, `html` or `xhtml`
 * (and Atom 0.3's MIME types, `mode="escaped"` and `mode="base64"`); RSS text is HTML.
 */
function cleanText(node: Node | undefined): string {
  if (!node) return '';
  const type = (node.attributes.type ?? '').toLowerCase();
  const mode = (node.attributes.mode ?? '').toLowerCase();
  let text = textOf(node);
  if (mode === 'base64') text = Buffer.from(text.replace(/\s+/g, ''), 'base64').toString('utf8');
  // Child elements are inline XHTML, whether or not the type says so (RSS's xhtml:body).
  if (type === 'xhtml' || type === 'application/xhtml+xml' || elements(node).length > 0) {
    const parts = elements(node).length > 0 ? node.children : [text];
    return decodeTwice(htmlToText(parts.map(serialize).join('')));
  }
  if ((type === 'text' || type === 'text/plain') && mode !== 'escaped') {
    return decodeEntitiesTwice(text.replace(/\s+/g, ' ').trim());
  }
  return decodeTwice(htmlToText(text));
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** An absolute http(s) link resolved against the element's base; '' for anything else. */
function httpLink(reference: string, node: Node | undefined): string {
  if (!reference.trim()) return '';
  const url = resolveUrl(reference, node?.base);
  return url && /^https?:$/.test(new URL(url).protocol) ? url : '';
}

/** The first candidate that names a publisher (an author given only as an e-mail does not). */
const firstPublisher = (candidates: string[]) =>
  candidates.map(normalizePublisher).find((name) => name.length > 0) ?? '';

/** The first date among the elements that is readable; null when none is. */
function firstDate(node: Node, names: string[]): Date | null {
  for (const name of names) {
    for (const element of elements(node, name)) {
      const date = parseFeedDate(textOf(element));
      if (date) return date;
    }
  }
  return null;
}

/** Atom's link: `rel="alternate"` (the default), HTML first; then any link but `self` & co. */
function atomLink(entry: Node): string {
  const links = elements(entry, 'atom:link', 'link').filter((link) => link.attributes.href);
  const rel = (link: Node) => (link.attributes.rel ?? 'alternate').trim().toLowerCase();
  const alternates = links.filter((link) => rel(link) === 'alternate');
  const chosen =
    alternates.find((link) => /html/i.test(link.attributes.type ?? 'text/html')) ??
    alternates[0] ??
    links.find((link) => !['self', 'edit', 'replies', 'hub', 'license'].includes(rel(link)));
  return chosen ? httpLink(chosen.attributes.href ?? '', chosen) : '';
}

const ITEM_DATES = [
  'pubDate', 'dc:date', 'dcterms:issued', 'dcterms:created', 'dcterms:date', 'atom:published',
  'atom:issued', 'atom:updated', 'atom:modified', 'dcterms:modified', 'atom:created',
]; // prettier-ignore

function rssItem(item: Node, channelTitle: string): RawNewsItem {
  const guidNode = first(item, 'guid');
  const guid = textOf(guidNode ?? first(item, 'dc:identifier', 'atom:id')).trim();
  // A guid is a permalink unless it says otherwise (RSS 2.0).
  const permalink =
    guidNode && (guidNode.attributes.isPermaLink ?? 'true').trim().toLowerCase() !== 'false'
      ? httpLink(guid, guidNode)
      : '';
  const linkNode = first(item, 'feedburner:origLink', 'link');
  const link =
    httpLink(textOf(linkNode), linkNode) ||
    atomLink(item) ||
    permalink ||
    httpLink(item.attributes['rdf:about'] ?? '', item);
  const group = first(item, 'media:group');
  const publisher = firstPublisher([
    textOf(first(item, 'source')),
    textOf(first(item, 'dc:publisher')),
    textOf(first(item, 'author', 'dc:creator', 'itunes:author', 'atom:author')),
    channelTitle,
  ]);
  return {
    guid: guid || link,
    link,
    title: oneLine(
      cleanText(
        first(item, 'title', 'dc:title', 'atom:title', 'media:title', 'itunes:title') ??
          first(group, 'media:title'),
      ),
    ),
    description: cleanText(
      first(
        item,
        'description',
        'dc:description',
        'atom:summary',
        'itunes:summary',
        'media:description',
        'itunes:subtitle',
      ) ?? first(group, 'media:description'),
    ),
    content: cleanText(first(item, 'content:encoded', 'atom:content', 'xhtml:body', 'body')),
    publisher,
    publishedAt: firstDate(item, ITEM_DATES),
    sourceTitle: channelTitle,
  };
}

const ENTRY_DATES = [
  'atom:published', 'published', 'atom:issued', 'issued', 'atom:created', 'created',
  'dc:date', 'dcterms:issued', 'atom:updated', 'updated', 'atom:modified', 'modified',
  'dcterms:modified',
]; // prettier-ignore

function atomEntry(entry: Node, feedTitle: string): RawNewsItem {
  const link = atomLink(entry) || httpLink(textOf(first(entry, 'feedburner:origLink')), entry);
  const source = first(entry, 'atom:source', 'source');
  const author = first(entry, 'atom:author', 'author');
  const publisher = firstPublisher([
    textOf(first(source, 'atom:title', 'title')),
    textOf(first(entry, 'dc:publisher')),
    textOf(first(author, 'atom:name', 'name')),
    textOf(first(entry, 'dc:creator')),
    feedTitle,
  ]);
  const summary = cleanText(first(entry, 'atom:summary', 'summary', 'media:description'));
  const content = cleanText(first(entry, 'atom:content', 'content', 'content:encoded'));
  return {
    guid: textOf(first(entry, 'atom:id', 'id')).trim() || link,
    link: httpLink(textOf(first(entry, 'feedburner:origLink')), entry) || link,
    title: oneLine(cleanText(first(entry, 'atom:title', 'title', 'media:title'))),
    description: summary || content.split('\n\n')[0] || '',
    content,
    publisher,
    publishedAt: firstDate(entry, ENTRY_DATES),
    sourceTitle: feedTitle,
  };
}

/** A feed's items, and whether the document had to be repaired to be read. */
export type ParsedFeed = {
  items: RawNewsItem[];
  /** The document was not well-formed XML and was read after repairs (`problems` says which). */
  recovered: boolean;
  problems: string[];
};

/**
 * The items of an RSS 0.90–0.94, 1.0 (RDF) or 2.0, or Atom 0.3 or 1.0 document, as plain text
 * with normalised publishers and dates (null when the feed gives none that can be read). Links
 * are resolved against xml:base and the feed's URL; items without an http(s) link or a title
 * are dropped. Throws an XmlParseError for malformed XML or a document that is not a feed.
 */
export function parseFeed(xml: string, options: { url?: string } = {}): ParsedFeed {
  const document = parseXmlDocument(xml);
  const root = canonical(document.root, options.url);
  const kind = root.name.slice(root.name.indexOf(':') + 1);
  let items: RawNewsItem[];
  if (kind === 'rss' || kind === 'RDF') {
    const channel = first(root, 'channel');
    const title = oneLine(cleanText(first(channel, 'title', 'dc:title')));
    if (kind === 'rss' && !channel)
      throw new XmlParseError('not a feed: <rss> without a <channel>');
    // RSS 0.90 and 1.0 put the items beside the channel; some RDF feeds put them inside.
    const parents = kind === 'rss' ? [channel] : [root, channel];
    items = parents
      .flatMap((parent) => elements(parent, 'item'))
      .map((item) => rssItem(item, title));
  } else if (kind === 'feed' && (root.name === 'feed' || root.name === 'atom:feed')) {
    const title = oneLine(cleanText(first(root, 'atom:title', 'title')));
    items = elements(root, 'atom:entry', 'entry').map((entry) => atomEntry(entry, title));
  } else {
    throw new XmlParseError(`not a feed: the root element is <${document.root.name}>`);
  }
  return {
    items: items.filter((item) => item.link.length > 0 && item.title.length > 0),
    recovered: document.problems.length > 0,
    problems: document.problems,
  };
}
