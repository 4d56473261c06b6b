import { parseHTML } from 'linkedom';

/**
 * HTML as plain text through linkedom's HTML parser (htmlparser2): it tells tags from text
 * (quoted `>` in attributes, `S&P < 5,000`), drops comments and decodes every HTML entity as
 * browsers do. This file only decides where paragraphs break.
 */

/** The node fields we read (linkedom's own types need the DOM library, which we do not load). */
type HtmlNode = {
  nodeType: number;
  localName?: string;
  data?: string;
  childNodes: ArrayLike<HtmlNode>;
};

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Elements whose content is never text a reader sees. */
const DROPPED = new Set(['script', 'style', 'noscript', 'iframe']);

/** Elements that start and end a paragraph. */
const BLOCKS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'table',
  'blockquote',
  'section',
  'article',
  'hr',
]);

const PARAGRAPH_BREAK = '\n\n';

/** The document's text in order, a paragraph break around every block element. */
function textWithBreaks(document: HtmlNode): string {
  const parts: string[] = [];
  // Depth-first with an explicit stack: a page nested thousands deep cannot overflow it.
  const pending: (HtmlNode | typeof PARAGRAPH_BREAK)[] = Array.from(document.childNodes).reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (node === PARAGRAPH_BREAK) {
      parts.push(PARAGRAPH_BREAK);
    } else if (node.nodeType === TEXT_NODE) {
      parts.push(node.data ?? '');
    } else if (node.nodeType === ELEMENT_NODE && !DROPPED.has(node.localName ?? '')) {
      const children = node.childNodes;
      if (BLOCKS.has(node.localName ?? '')) {
        parts.push(PARAGRAPH_BREAK);
        pending.push(PARAGRAPH_BREAK);
      }
      for (let index = children.length - 1; index >= 0; index -= 1) {
        const child = children[index];
        if (child) pending.push(child);
      }
    }
  }
  return parts.join('');
}

/**
 * Feed HTML (descriptions, content) as plain text: scripts, styles and comments dropped, block
 * elements become paragraph breaks, every other tag is removed, entities decoded, white space
 * collapsed. Paragraphs are separated by a blank line.
 */
export function htmlToText(html: string): string {
  const text = /[<&]/.test(html)
    ? textWithBreaks((parseHTML(html) as unknown as { document: HtmlNode }).document)
    : html;
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
}
