import { Anchor, Text, Title } from '@mantine/core';
import type { TitleOrder } from '@mantine/core';
import Markdown, { RuleType } from 'markdown-to-jsx';
import type { MarkdownToJSX } from 'markdown-to-jsx';
import { Fragment, useMemo } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { useInRouterContext } from 'react-router';
import { Link } from '../link';
import { isExternalUrl, safeMarkdownUrl } from './markdown-urls';
import { TABLE_CLASS_NAME } from './markdown-text';
import type { MarkdownCitations } from './markdown-text';
import classes from './markdown-text.module.css';

/** Spec §9: markdown headings render at level plus 4, capped at h6 (`#` → h5, `##`+ → h6). */
export function shiftedHeadingOrder(level: number): TitleOrder {
  return Math.min(level + 4, 6) as TitleOrder;
}

function MarkdownLink({ href, children }: ComponentProps<'a'>) {
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
  return function MarkdownHeading({ children }: ComponentProps<'h1'>) {
    return (
      <Title order={order} className={classes.heading}>
        {children}
      </Title>
    );
  };
}

/**
 * A markdown table as plain elements in a natively scrolling box, styled like Mantine's bordered,
 * striped table (markdown-text.module.css). Mantine's `Table` would bring its `ScrollContainer`,
 * and with it ScrollArea (about 7 KB gzipped together) into every feed's and article's first load
 * for the rare summary that has a table; native horizontal scrolling is also what a phone expects.
 */
const TABLE_OVERRIDES = {
  table: ({ children }: { children?: ReactNode }) => (
    <div className={classes.tableScroll}>
      <table className={TABLE_CLASS_NAME}>{children}</table>
    </div>
  ),
};

const OVERRIDES: MarkdownToJSX.Overrides = {
  a: MarkdownLink,
  h1: heading(1),
  h2: heading(2),
  h3: heading(3),
  h4: heading(4),
  h5: heading(5),
  h6: heading(6),
  p: ({ children }: { children?: ReactNode }) => (
    <Text size="sm" className={classes.paragraph}>
      {children}
    </Text>
  ),
  ...TABLE_OVERRIDES,
  // Images would load third-party URLs from AI text (tracking); their alt text is kept.
  img: ({ alt }: { alt?: string }) => (alt ? <>{alt}</> : null),
};

const CITATION_MARKER = /\[(\d+)\]/g;

/** A `[n]` marker as the citations make it: a link, what the render function returns, or text. */
function citation(citations: MarkdownCitations, n: number, marker: string, key: string) {
  if (typeof citations === 'function') {
    const rendered = citations(n);
    return rendered === null || rendered === undefined ? marker : <sup key={key}>{rendered}</sup>;
  }
  const href = safeMarkdownUrl(citations[n - 1] ?? '');
  if (href === undefined) return marker;
  return (
    <sup key={key}>
      <MarkdownLink href={href}>{marker}</MarkdownLink>
    </sup>
  );
}

/** Text with its `[n]` markers cited; a marker inside a link stays part of the link's text. */
function citedText(text: string, citations: MarkdownCitations, key: string): ReactNode {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(CITATION_MARKER)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(citation(citations, Number(match[1]), match[0], `${key}-${String(match.index)}`));
    last = match.index + match[0].length;
  }
  if (last === 0) return text;
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment key={key}>{parts}</Fragment>;
}

/**
 * Raw HTML in the text is never rendered: script-like elements and self-closing tags are
 * dropped, any other tag leaves its content as markdown (what the text says, not its markup).
 */
function renderRule(citations: MarkdownCitations | undefined): MarkdownToJSX.Options['renderRule'] {
  return (next, node, renderChildren, state) => {
    const key = String(state.key ?? '');
    if (node.type === RuleType.htmlSelfClosing || node.type === RuleType.htmlComment) return null;
    if (node.type === RuleType.htmlBlock) {
      // script, style and pre keep their content as raw `text`: dropped with them.
      if (node.text !== undefined || !node.children) return null;
      return <Fragment key={key}>{renderChildren(node.children, state)}</Fragment>;
    }
    if (node.type === RuleType.link) {
      // Its text is rendered as inside an anchor: a `[n]` there is part of the link's text.
      return (
        <MarkdownLink key={key} href={safeMarkdownUrl(node.target)} title={node.title}>
          {renderChildren(node.children, { ...state, inAnchor: true })}
        </MarkdownLink>
      );
    }
    if (citations && !state.inAnchor) {
      if (node.type === RuleType.text) return citedText(node.text, citations, key);
      // `[1][2]` reads as a reference link; the text never defines references, so it is markers.
      if (node.type === RuleType.refLink) return citedText(node.fallbackChildren, citations, key);
    }
    return next();
  };
}

/**
 * Markdown (GitHub flavour: tables, lists, strikethrough) as React elements, without any raw HTML.
 * Links keep only http(s), relative and `#` URLs; external ones open in a new tab. With
 * `citations`, `[n]` markers in the text become links (to sources, articles…). Drawn inside
 * `MarkdownText`, which loads this module (and markdown-to-jsx) after the page's first paint.
 */
export function MarkdownBody({
  children,
  citations,
}: {
  children: string;
  citations?: MarkdownCitations;
}) {
  const options = useMemo<MarkdownToJSX.Options>(
    () => ({
      forceBlock: true,
      wrapper: Fragment,
      overrides: OVERRIDES,
      sanitizer: (value) => safeMarkdownUrl(value) ?? null,
      renderRule: renderRule(citations),
    }),
    [citations],
  );
  return <Markdown options={options}>{children}</Markdown>;
}
