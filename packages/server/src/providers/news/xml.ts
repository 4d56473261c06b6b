import { ENTITY_ACTION, EntityDecoder } from '@nodable/entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * A thin adapter over fast-xml-parser: its validator checks well-formedness, its parser builds
 * the tree, and this file only reshapes the tree for the feed parser and words the errors.
 */

/** A parsed XML element: qualified name (`dc:creator`), attributes and children in order. */
export type XmlElement = {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
};

/** The document is not well-formed XML; the message says what and on which line. */
export class XmlParseError extends Error {}

const TEXT = '#text';
const CDATA = '#cdata';
const ATTRIBUTES = ':@';

/** fast-xml-parser's ordered output: a text node, a CDATA section or one element. */
type OrderedNode = Record<string, OrderedNode[] | string | Record<string, string> | undefined>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  trimValues: false,
  cdataPropName: CDATA,
  ignoreDeclaration: true,
  ignorePiTags: true,
  // XML's five entities and character references are decoded; HTML's (`&nbsp;` in a sloppy
  // feed) are kept as written for htmlToText, and DOCTYPE entities are never expanded.
  entityDecoder: new EntityDecoder({ onInputEntity: () => ENTITY_ACTION.BLOCK }),
});

/** The five entities XML defines; any other needs a DTD (which feeds never carry). */
const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/**
 * What hand-made feeds get wrong most: a bare `&` (`AT&T`), a `<` that opens no tag (`2 < 3`),
 * HTML entities (`&nbsp;`) without a DTD. CDATA sections and comments are kept as they are.
 */
const SLOPPY =
  /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|&(?!#\d+;|#x[\da-f]+;|[a-z_][\w.-]{0,30};)|&([a-z_][\w.-]{0,30});|<(?![a-z_:/!?])/gi;
/** C0 controls other than tab and line breaks, and the two non-characters XML forbids. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;

/** The text with those errors repaired, and which were found. */
function repair(text: string): { xml: string; problems: string[] } {
  const problems = new Set<string>();
  const declared = new Set(
    Array.from(text.matchAll(/<!ENTITY\s+([^\s%]+)/g), (match) => match[1] ?? ''),
  );
  // RSS 0.91's Netscape DTD declares HTML's entities: a feed that names it uses them rightly.
  const htmlDtd =
    /<!DOCTYPE\s+rss\s+PUBLIC\s+["']-\/\/Netscape Communications\/\/DTD RSS 0\.91/i.test(
      text.slice(0, 2000),
    );
  let xml = text;
  if (xml.search(CONTROL) !== -1) {
    problems.add('control characters');
    xml = xml.replace(CONTROL, '');
  }
  if (/[&<]/.test(xml)) {
    xml = xml.replace(SLOPPY, (match, entity?: string) => {
      if (match === '&') {
        problems.add('an unescaped &');
        return '&amp;';
      }
      if (match === '<') {
        problems.add('an unescaped <');
        return '&lt;';
      }
      if (entity !== undefined && !XML_ENTITIES.has(entity) && !declared.has(entity) && !htmlDtd) {
        problems.add('HTML entities without a DTD');
      }
      return match;
    });
  }
  return { xml, problems: [...problems] };
}

/** The validator's messages reworded where ours were clearer (and tested). */
const REWORDED: [RegExp, (...groups: string[]) => string][] = [
  [
    /^Expected closing tag '(.+)' \(opened in line \d+, col \d+\) instead of closing tag '(.+)'\.$/,
    (open = '', close = '') => `expected </${open}> but found </${close}>`,
  ],
  [/^Unclosed tag '(.+)'\.$/, (tag = '') => `<${tag}> is never closed`],
  [/^Invalid '\[.*"(.+)"\s*\]' found\.$/, (innermost = '') => `<${innermost}> is never closed`],
  [/^Multiple possible root nodes found\.$/, () => 'a second root element'],
  [/^Start tag expected\.$/, () => 'no root element'],
  // Outside every element the validator names the first character of the stray text.
  [
    /^(?:char '[^&]' is not expected|Extra text at the end)\.?$/,
    () => 'text outside the root element',
  ],
];

function reword(message: string): string {
  for (const [pattern, wording] of REWORDED) {
    const match = pattern.exec(message);
    if (match) return wording(...match.slice(1));
  }
  const sentence = message.replace(/\.$/, '');
  // `Attribute 'x' is repeated` → `attribute …`, but `XML declaration …` keeps its capitals.
  return sentence.replace(/^[A-Z](?=[a-z])/, (first) => first.toLowerCase());
}

const textOfNode = (node: OrderedNode) => {
  const text = node[TEXT];
  return typeof text === 'string' ? text : undefined;
};
const elementName = (node: OrderedNode) => Object.keys(node).find((key) => key !== ATTRIBUTES);

function toElement(name: string, node: OrderedNode): XmlElement {
  const children: (XmlElement | string)[] = [];
  const content = node[name];
  for (const child of Array.isArray(content) ? content : []) {
    const text = textOfNode(child);
    const cdata = child[CDATA];
    const childName = elementName(child);
    if (text !== undefined) {
      children.push(text);
    } else if (Array.isArray(cdata)) {
      children.push(cdata.map((part) => textOfNode(part) ?? '').join(''));
    } else if (childName) {
      children.push(toElement(childName, child));
    }
  }
  const attributes = node[ATTRIBUTES] as Record<string, string> | undefined;
  return { name, attributes: { ...attributes }, children };
}

// Deprecated for the separate fast-xml-validator, whose 1.4.2 accepts two root elements and
// refuses the stray control characters sloppy feeds carry; this one ships with the parser.
// eslint-disable-next-line @typescript-eslint/no-deprecated
const validate = (xml: string) => XMLValidator.validate(xml);

/** HTML's void elements written as in HTML (`<br>`) inside unescaped markup. */
const VOID_OPEN =
  /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<(br|hr|img|wbr)(\s[^<>]*?)?\s*(\/?)>/gi;
const closeVoidElements = (xml: string) =>
  xml.replace(VOID_OPEN, (match, name?: string, attributes = '', slash = '') =>
    name && !slash ? `<${name}${attributes as string}/>` : match,
  );

/**
 * A document cut short (a download that stopped): kept up to its last complete item or entry,
 * and the elements still open there closed, innermost first.
 */
function closeTruncated(xml: string): string {
  const end = Math.max(xml.lastIndexOf('</item>') + 7, xml.lastIndexOf('</entry>') + 8);
  const match = /<\/[\w.-]+:(?:item|entry)>/g;
  let cut = end;
  for (const prefixed of xml.matchAll(match))
    cut = Math.max(cut, prefixed.index + prefixed[0].length);
  if (cut < 8) return xml;
  const kept = xml.slice(0, cut);
  const open: string[] = [];
  const tags =
    /<!\[CDATA\[[\s\S]*?\]\]>|<!--[\s\S]*?-->|<[?!][^>]*>|<(\/?)([\w:.-]+)[^<>]*?(\/?)>/g;
  for (const [, closing, name, selfClosing] of kept.matchAll(tags)) {
    if (!name || selfClosing) continue;
    if (!closing) open.push(name);
    else if (open.at(-1) === name) open.pop();
    else return xml;
  }
  if (open.length === 0 || !/^(?:[\w.-]+:)?(?:rss|RDF|feed)$/.test(open[0] ?? '')) return xml;
  return (
    kept +
    open
      .reverse()
      .map((name) => `</${name}>`)
      .join('')
  );
}

const LAST_RESORT: [(xml: string) => string, string][] = [
  [closeVoidElements, 'HTML tags left open'],
  [(xml) => closeTruncated(closeVoidElements(xml)), 'the document ends early'],
];

/** A parsed document; `problems` lists the errors that were repaired to read it. */
export type XmlDocument = { root: XmlElement; problems: string[] };

/**
 * Parses a feed document: elements, attributes, text and CDATA, in order; comments, processing
 * instructions and the DOCTYPE are skipped. The errors of sloppy feeds (see SLOPPY and CONTROL)
 * are repaired and listed; other malformed input (a tag left open, a mismatched closing tag,
 * text after the root) throws an XmlParseError naming the problem and its line.
 */
export function parseXmlDocument(text: string): XmlDocument {
  // A byte order mark, and blank lines before the declaration (which XML forbids but feeds
  // carry), are dropped; the lines dropped still count in the error messages.
  const leading = /^\uFEFF?\s*/.exec(text)?.[0] ?? '';
  const linesDropped = leading.split('\n').length - 1;
  const repaired = repair(text.slice(leading.length));
  const { problems } = repaired;
  let { xml } = repaired;
  let validation = validate(xml);
  // Two more repairs, tried only on a document that fails: each would spoil a valid one.
  for (const [fix, problem] of LAST_RESORT) {
    if (validation === true) break;
    const fixed = fix(xml);
    const again = fixed === xml ? validation : validate(fixed);
    if (again === true) {
      xml = fixed;
      validation = true;
      problems.push(problem);
    }
  }
  if (validation !== true) {
    const { msg } = validation.err;
    // Several tags left open are reported on line 1; they are missing at the end of the document.
    const line = msg.startsWith("Invalid '[") ? xml.split('\n').length : validation.err.line;
    throw new XmlParseError(`malformed XML: ${reword(msg)} (line ${line + linesDropped})`);
  }
  let nodes: OrderedNode[];
  try {
    nodes = parser.parse(xml) as OrderedNode[];
  } catch (error) {
    throw new XmlParseError(`malformed XML: ${reword((error as Error).message)}`);
  }
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    const name = elementName(node);
    if (node[CDATA] || (textOfNode(node)?.trim() ?? '').length > 0) {
      throw new XmlParseError('malformed XML: text outside the root element');
    }
    if (name && name !== TEXT) elements.push(toElement(name, node));
  }
  if (elements.length > 1) throw new XmlParseError('malformed XML: a second root element');
  const [root] = elements;
  if (!root) throw new XmlParseError('malformed XML: no root element');
  return { root, problems };
}

/** The root element of a document (see parseXmlDocument). */
export const parseXml = (text: string): XmlElement => parseXmlDocument(text).root;

/** The element's own name without its namespace prefix (`content:encoded` → `encoded`). */
export const localName = (element: XmlElement) => element.name.slice(element.name.indexOf(':') + 1);

/** Child elements, optionally only those with a given qualified name. */
export function childElements(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter(
    (child): child is XmlElement => typeof child !== 'string' && (!name || child.name === name),
  );
}

/** The first child with one of the given qualified names, in the order of the names. */
export function firstChild(element: XmlElement, ...names: string[]): XmlElement | undefined {
  for (const name of names) {
    const found = element.children.find(
      (child): child is XmlElement => typeof child !== 'string' && child.name === name,
    );
    if (found) return found;
  }
  return undefined;
}

/** All text inside an element (child elements' text included, e.g. XHTML content). */
export function textOf(element: XmlElement | undefined): string {
  if (!element) return '';
  return element.children
    .map((child) => (typeof child === 'string' ? child : textOf(child)))
    .join('');
}
