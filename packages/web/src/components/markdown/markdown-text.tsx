import { Anchor, Table, Text, Title } from '@mantine/core';
import type { TitleOrder } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import Markdown from 'react-markdown';
import type { Components, ExtraProps } from 'react-markdown';
import { Link, useInRouterContext } from 'react-router';
import remarkGfm from 'remark-gfm';
import { CITATION_PROPERTY, remarkCitations } from './markdown-citations';
import { isExternalUrl, safeMarkdownUrl } from './markdown-urls';
import classes from './markdown-text.module.css';

/**
 * How `[n]` markers become links: a list of hrefs (`hrefs[n - 1]`) or a render function. A
 * missing href or a `null` result keeps the marker as plain text.
 */
export type MarkdownCitations = readonly (string | null | undefined)[] | ((n: number) => ReactNode);

/** Spec §9: markdown headings render at level plus 4, capped at h6 (`#` → h5, `##`+ → h6). */
export function shiftedHeadingOrder(level: number): TitleOrder {
  return Math.min(level + 4, 6) as TitleOrder;
}

function MarkdownLink({ href, children }: ComponentProps<'a'> & ExtraProps) {
  const inRouter = useInRouterContext();
  if (!href) return <>{children}</>;
  if (isExternalUrl(href)) {
    return (
      <Anchor href={href} target="_blank" rel="noopener noreferrer nofollow" inherit>
        {children}
      </Anchor>
    );
  }
  if (inRouter && !href.startsWith('#')) {
    return (
      <Anchor component={Link} to={href} inherit>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor href={href} inherit>
      {children}
    </Anchor>
  );
}

function heading(level: number) {
  const order = shiftedHeadingOrder(level);
  return function MarkdownHeading({ children }: ComponentProps<'h1'> & ExtraProps) {
    return (
      <Title order={order} className={classes.heading}>
        {children}
      </Title>
    );
  };
}

function citationRenderer(citations: MarkdownCitations) {
  return function MarkdownSup({ children, node }: ComponentProps<'sup'> & ExtraProps) {
    const marker = node?.properties[CITATION_PROPERTY];
    if (marker === undefined) return <sup>{children}</sup>;
    const n = Number(marker);
    if (typeof citations === 'function') {
      const rendered = citations(n);
      return rendered === null || rendered === undefined ? <>{children}</> : <sup>{rendered}</sup>;
    }
    const href = safeMarkdownUrl(citations[n - 1] ?? '');
    if (href === undefined) return <>{children}</>;
    return (
      <sup>
        <MarkdownLink href={href}>{children}</MarkdownLink>
      </sup>
    );
  };
}

const BASE_COMPONENTS: Components = {
  a: MarkdownLink,
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
  p: ({ children }) => (
    <Text size="sm" className={classes.paragraph}>
      {children}
    </Text>
  ),
  table: ({ children }) => (
    <Table.ScrollContainer minWidth={320} className={classes.tableScroll}>
      <Table withTableBorder withColumnBorders striped fz="sm">
        {children}
      </Table>
    </Table.ScrollContainer>
  ),
  thead: ({ children }) => <Table.Thead>{children}</Table.Thead>,
  tbody: ({ children }) => <Table.Tbody>{children}</Table.Tbody>,
  tr: ({ children }) => <Table.Tr>{children}</Table.Tr>,
  th: ({ children, style }) => <Table.Th style={style}>{children}</Table.Th>,
  td: ({ children, style }) => <Table.Td style={style}>{children}</Table.Td>,
  // Images would load third-party URLs from AI text (tracking); their alt text is kept.
  img: ({ alt }) => (alt ? <>{alt}</> : null),
};

/**
 * Renders markdown (GitHub flavour: tables, lists, strikethrough) without any raw HTML. Links keep
 * only http(s), relative and `#` URLs; external ones open in a new tab. With `citations`, `[n]`
 * markers in the text become links (to sources, articles…).
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
  const components = citations
    ? { ...BASE_COMPONENTS, sup: citationRenderer(citations) }
    : BASE_COMPONENTS;
  return (
    <div className={className ? `${classes.root} ${className}` : classes.root}>
      <Markdown
        remarkPlugins={citations ? [remarkGfm, remarkCitations] : [remarkGfm]}
        skipHtml
        urlTransform={(url) => safeMarkdownUrl(url)}
        components={components}
      >
        {children}
      </Markdown>
    </div>
  );
}
