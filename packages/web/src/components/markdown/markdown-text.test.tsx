import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { shiftedHeadingOrder } from './markdown-body';
import { MarkdownText } from './markdown-text';
import type { MarkdownCitations } from './markdown-text';
import { isExternalUrl, safeMarkdownUrl } from './markdown-urls';

function renderMarkdown(text: string, citations?: MarkdownCitations) {
  return renderWithProviders(<MarkdownText citations={citations}>{text}</MarkdownText>);
}

describe('MarkdownText', () => {
  it('renders "#" headings as h5 and "##" and deeper as h6', () => {
    renderMarkdown('# Outlook\n\n## Risks\n\n### Details');
    expect(screen.getByRole('heading', { level: 5, name: 'Outlook' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 6, name: 'Risks' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 6, name: 'Details' })).toBeTruthy();
    expect(shiftedHeadingOrder(1)).toBe(5);
    expect(shiftedHeadingOrder(6)).toBe(6);
  });

  it('never turns raw HTML into elements', () => {
    const { container } = renderMarkdown(
      'Before <script>alert(1)</script> after\n\n<img src="x" onerror="alert(2)">\n\n<b>bold</b>',
    );
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(screen.getByText(/Before/)).toBeTruthy();
    // The text of an inline tag is kept; its markup is not.
    expect(screen.getByText(/bold/)).toBeTruthy();
    expect(container.textContent).not.toContain('alert(1)');
  });

  it('drops javascript: and data: links and keeps their text', () => {
    const { container } = renderMarkdown(
      '[click](javascript:alert(1)) and [data](data:text/html,hi) and [mail](mailto:a@b.c)',
    );
    expect(container.querySelector('a')).toBeNull();
    expect(screen.getByText(/click/)).toBeTruthy();
  });

  it('opens external links in a new tab with noopener noreferrer nofollow', () => {
    renderMarkdown('See [the filing](https://www.sec.gov/x?a=1&b=2).');
    const link = screen.getByRole('link', { name: 'the filing' });
    expect(link.getAttribute('href')).toBe('https://www.sec.gov/x?a=1&b=2');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('keeps relative and # links in the same tab', () => {
    renderMarkdown('[AMD](/ticker/NASDAQ:AMD) and [top](#top)');
    expect(screen.getByRole('link', { name: 'AMD' }).getAttribute('href')).toBe(
      '/ticker/NASDAQ:AMD',
    );
    expect(screen.getByRole('link', { name: 'AMD' }).getAttribute('target')).toBeNull();
    expect(screen.getByRole('link', { name: 'top' }).getAttribute('href')).toBe('#top');
  });

  it('renders GFM tables and lists', () => {
    renderMarkdown('- one\n- two\n\n| Q | Revenue |\n| --- | --- |\n| Q1 | 10 |');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.getByRole('cell', { name: '10' })).toBeTruthy();
  });

  it('turns citation markers into links from a list of hrefs', () => {
    renderMarkdown('Revenue rose [1] and margins fell [2]. Unknown [3].', ['/n/a1', '/n/a2']);
    expect(screen.getByRole('link', { name: '[1]' }).getAttribute('href')).toBe('/n/a1');
    expect(screen.getByRole('link', { name: '[2]' }).getAttribute('href')).toBe('/n/a2');
    expect(screen.queryByRole('link', { name: '[3]' })).toBeNull();
    expect(screen.getByText(/Unknown \[3\]/)).toBeTruthy();
  });

  it('turns citation markers into whatever a render function returns', () => {
    renderMarkdown('Claim [2].', (n) => <a href={`#source-${String(n)}`}>source {n}</a>);
    expect(screen.getByRole('link', { name: 'source 2' }).getAttribute('href')).toBe('#source-2');
  });

  it("cites adjacent markers, and keeps a marker inside a link as the link's text", () => {
    const { container } = renderMarkdown('Rose [1][2], see [the note [1]](/n/a3).', [
      '/n/a1',
      '/n/a2',
    ]);
    expect(screen.getByRole('link', { name: '[1]' }).getAttribute('href')).toBe('/n/a1');
    expect(screen.getByRole('link', { name: '[2]' }).getAttribute('href')).toBe('/n/a2');
    expect(screen.getByRole('link', { name: 'the note [1]' }).getAttribute('href')).toBe('/n/a3');
    expect(container.querySelector('a a')).toBeNull();
  });

  it('renders emphasis, strikethrough, nested lists, quotes and code as written', () => {
    const { container } = renderMarkdown(
      '**Apple** beat; revenue *rose* ~~fell~~.\n\n1. one\n2. two\n   - nested\n\n> quoted\n\n`x < y`',
    );
    expect(container.querySelector('strong')?.textContent).toBe('Apple');
    expect(container.querySelector('em')?.textContent).toBe('rose');
    expect(container.querySelector('del')?.textContent).toBe('fell');
    expect(container.querySelector('ol li ul li')?.textContent).toBe('nested');
    expect(container.querySelector('blockquote')?.textContent).toBe('quoted');
    expect(container.querySelector('code')?.textContent).toBe('x < y');
  });

  it('leaves markers as text without citations, and never cites a javascript: href', () => {
    renderMarkdown('Claim [1].', ['javascript:alert(1)']);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Claim [1].')).toBeTruthy();
  });
});

describe('markdown URLs', () => {
  it('keeps http(s), relative and # URLs only', () => {
    expect(safeMarkdownUrl('https://a.example/x')).toBe('https://a.example/x');
    expect(safeMarkdownUrl('/n/1#X')).toBe('/n/1#X');
    expect(safeMarkdownUrl('#top')).toBe('#top');
    expect(safeMarkdownUrl(' JavaScript:alert(1)')).toBeUndefined();
    expect(safeMarkdownUrl('java\nscript:alert(1)')).toBeUndefined();
    expect(safeMarkdownUrl('vbscript:x')).toBeUndefined();
  });

  it('treats absolute and protocol-relative URLs as external', () => {
    expect(isExternalUrl('https://a.example')).toBe(true);
    expect(isExternalUrl('//a.example')).toBe(true);
    expect(isExternalUrl('/ticker/AMD')).toBe(false);
  });
});
