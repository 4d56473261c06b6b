/** A parsed XML element: qualified name (`dc:creator`), attributes and children in order. */
export type XmlElement = {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
};

/** The document is not well-formed XML; the message says what and on which line. */
export class XmlParseError extends Error {}

const XML_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const NAME = /[A-Za-z_][\w.:-]*/y;
const ATTRIBUTE = /\s*([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;

/**
 * Decodes XML's own entities and character references. Unknown named entities (HTML's
 * `&nbsp;` in a sloppy feed) are kept as written, for the HTML-to-text step to decode.
 */
export function decodeXmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref.startsWith('#')) {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return XML_ENTITIES[ref] ?? whole;
  });
}

/**
 * A small non-validating XML parser for feeds: elements, attributes, text, CDATA; comments,
 * processing instructions and the DOCTYPE are skipped. Malformed input (a tag left open, a
 * mismatched closing tag, text after the root) throws an XmlParseError.
 */
export function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [] };
  const stack: XmlElement[] = [root];
  let pos = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const lineAt = (at: number) => text.slice(0, at).split('\n').length;
  const fail: (message: string, at: number) => never = (message, at) => {
    throw new XmlParseError(`malformed XML: ${message} (line ${lineAt(at)})`);
  };
  const top = () => stack[stack.length - 1] ?? root;
  const skipTo = (marker: string, from: number, what: string) => {
    const end = text.indexOf(marker, from);
    if (end < 0) fail(`unterminated ${what}`, from);
    return end + marker.length;
  };
  const addText = (value: string, at: number) => {
    if (value.length === 0) return;
    if (stack.length === 1) {
      if (value.trim().length > 0) fail('text outside the root element', at);
      return;
    }
    top().children.push(value);
  };

  while (pos < text.length) {
    const lt = text.indexOf('<', pos);
    if (lt < 0) {
      addText(decodeXmlEntities(text.slice(pos)), pos);
      break;
    }
    if (lt > pos) addText(decodeXmlEntities(text.slice(pos, lt)), pos);
    if (text.startsWith('<!--', lt)) {
      pos = skipTo('-->', lt + 4, 'comment');
    } else if (text.startsWith('<![CDATA[', lt)) {
      const end = skipTo(']]>', lt + 9, 'CDATA section');
      if (stack.length === 1) fail('CDATA outside the root element', lt);
      top().children.push(text.slice(lt + 9, end - 3));
      pos = end;
    } else if (text.startsWith('<?', lt)) {
      pos = skipTo('?>', lt + 2, 'processing instruction');
    } else if (text.startsWith('<!', lt)) {
      const bracket = text.indexOf('[', lt);
      const close = text.indexOf('>', lt);
      pos =
        bracket >= 0 && (close < 0 || bracket < close)
          ? skipTo(']>', bracket, 'DOCTYPE')
          : skipTo('>', lt, 'declaration');
    } else if (text[lt + 1] === '/') {
      NAME.lastIndex = lt + 2;
      const name = NAME.exec(text)?.[0];
      if (!name) fail('closing tag without a name', lt);
      const end = text.indexOf('>', lt);
      if (end < 0) fail(`unterminated closing tag </${name}>`, lt);
      const open = top();
      if (stack.length === 1) fail(`closing tag </${name}> without an opening tag`, lt);
      if (open.name !== name) fail(`expected </${open.name}> but found </${name}>`, lt);
      stack.pop();
      pos = end + 1;
    } else {
      NAME.lastIndex = lt + 1;
      const name = NAME.exec(text)?.[0];
      if (!name) fail("'<' that does not start a tag", lt);
      if (stack.length === 1 && root.children.length > 0) fail('a second root element', lt);
      const element: XmlElement = { name, attributes: {}, children: [] };
      let at = lt + 1 + name.length;
      for (;;) {
        ATTRIBUTE.lastIndex = at;
        const match = ATTRIBUTE.exec(text);
        if (!match) break;
        element.attributes[match[1] ?? ''] = decodeXmlEntities(match[2] ?? match[3] ?? '');
        at = ATTRIBUTE.lastIndex;
      }
      while (at < text.length && /\s/.test(text[at] ?? '')) at += 1;
      top().children.push(element);
      if (text.startsWith('/>', at)) {
        pos = at + 2;
      } else if (text[at] === '>') {
        stack.push(element);
        pos = at + 1;
      } else {
        fail(`unterminated or invalid tag <${name}>`, lt);
      }
    }
  }
  if (stack.length > 1) fail(`<${top().name}> is never closed`, text.length);
  const element = root.children.find((child) => typeof child !== 'string');
  if (!element) throw new XmlParseError('malformed XML: no root element');
  return element;
}

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
