import { Parser } from 'htmlparser2';

/**
 * HTML as plain text through htmlparser2's tokenizer (the parser linkedom builds its DOM with,
 * without building one): it tells tags from text (quoted `>` in attributes, `S&P < 5,000`),
 * drops comments and decodes every HTML entity as browsers do. This file only decides where
 * paragraphs break.
 */

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
function textWithBreaks(html: string): string {
  const parts: string[] = [];
  let dropped = 0;
  const parser = new Parser({
    onopentagname(name) {
      if (DROPPED.has(name)) dropped += 1;
      else if (BLOCKS.has(name)) parts.push(PARAGRAPH_BREAK);
    },
    onclosetag(name) {
      if (DROPPED.has(name)) dropped = Math.max(0, dropped - 1);
      else if (BLOCKS.has(name)) parts.push(PARAGRAPH_BREAK);
    },
    ontext(text) {
      if (dropped === 0) parts.push(text);
    },
  });
  parser.end(html);
  return parts.join('');
}

/**
 * Feed HTML (descriptions, content) as plain text: scripts, styles and comments dropped, block
 * elements become paragraph breaks, every other tag is removed, entities decoded, white space
 * collapsed. Paragraphs are separated by a blank line.
 */
export function htmlToText(html: string): string {
  const text = /[<&]/.test(html) ? textWithBreaks(html) : html;
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
}
