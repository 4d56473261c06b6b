import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { deferredComponent } from '../../lib/deferred-component';
import plainTable from '../plain-table.module.css';
import classes from './markdown-text.module.css';

/**
 * How `[n]` markers become links: a list of hrefs (`hrefs[n - 1]`) or a render function. A
 * missing href or a `null` result keeps the marker as plain text.
 */
export type MarkdownCitations = readonly (string | null | undefined)[] | ((n: number) => ReactNode);

/**
 * A markdown table's classes. Its styles are part of the page with the text's own (imported
 * here, not by the renderer): the server draws tables before the renderer has loaded.
 */
export const TABLE_CLASS_NAME = `${plainTable.table} ${classes.table}`;

interface BodyProps {
  children: string;
  citations?: MarkdownCitations;
}

/**
 * The markdown renderer (markdown-body.tsx with markdown-to-jsx, about 8 KB gzipped) is not part
 * of a page's first load (lib/deferred-component.ts): the server draws a page's markdown into its
 * HTML and the browser hydrates each text once the renderer is in. A failed download leaves the
 * plain text.
 */
const { Component: MarkdownBody } = deferredComponent<BodyProps>(
  () => import('./markdown-body').then((module) => module.MarkdownBody),
  { fallback: PlainText, unavailable: PlainText },
);

const LINK = /!?\[([^\]]*)\]\([^)]*\)/g;
const BLOCK_MARK = /^\s{0,3}(?:#{1,6}\s+|>\s?)/gm;
const INLINE_MARK = /\*\*|__|~~|`/g;

/**
 * The text while the renderer loads, or when it could not be loaded: its paragraphs, links as
 * their text, without the signs of headings, quotes, emphasis and code.
 */
function PlainText({ children }: BodyProps) {
  const paragraphs = children
    .split(/\n\s*\n/)
    .map((block) => block.replace(LINK, '$1').replace(BLOCK_MARK, '').replace(INLINE_MARK, ''))
    .filter((block) => block.trim() !== '');
  return paragraphs.map((paragraph, index) => (
    <Text key={index} size="sm" className={`${classes.paragraph} ${classes.plain}`}>
      {paragraph.trim()}
    </Text>
  ));
}

/**
 * Markdown (GitHub flavour: tables, lists, strikethrough) without any raw HTML. Links keep only
 * http(s), relative and `#` URLs; external ones open in a new tab. With `citations`, `[n]` markers
 * in the text become links (to sources, articles…). Callers keep `citations` stable (a memoised
 * list or callback): a text whose props change before the renderer is in is drawn again as plain
 * text in place of the server's markup.
 */
export function MarkdownText({
  children,
  citations,
  className,
}: {
  children: string;
  citations?: MarkdownCitations;
  className?: string;
}) {
  return (
    <div className={className ? `${classes.root} ${className}` : classes.root}>
      <MarkdownBody citations={citations}>{children}</MarkdownBody>
    </div>
  );
}
