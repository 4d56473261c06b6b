import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { appendMarkers, ArticleText } from './article-text';

const SOURCES = [
  { index: 0, text: 'Revenue rose 20 percent.' },
  { index: 4, text: 'Margins improved.' },
];

function renderText(texts: string[], sources = SOURCES) {
  return renderWithProviders(<ArticleText cardId="c1" texts={texts} sources={sources} />);
}

describe('article text', () => {
  it('renders the plain text of the offline analyst with the sources cited at the end', () => {
    renderText(['Revenue rose 20 percent. Margins improved.']);
    expect(screen.getByText(/Revenue rose 20 percent\. Margins improved\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Source 1' }).getAttribute('href')).toBe(
      '#c1-source-1',
    );
    expect(screen.getByRole('link', { name: 'Source 2' })).toBeTruthy();
  });

  it('renders the markdown of an LLM: headings shifted, emphasis, lists, inline citations', async () => {
    const { container } = renderText([
      '# Outlook\n\nRevenue **rose** [1].\n\n- Margins improved [2]\n- Debt [7] is stable',
    ]);
    expect(screen.getByRole('heading', { level: 5, name: 'Outlook' })).toBeTruthy();
    expect(container.querySelector('strong')?.textContent).toBe('rose');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    // Inline markers: no trailing list; a marker without a source stays text.
    expect(screen.getAllByRole('link', { name: /^Source/ })).toHaveLength(2);
    expect(screen.getByText(/Debt \[7\] is stable/)).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Sources (2)' });
    await userEvent.click(screen.getByRole('link', { name: 'Source 1' }));
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('never renders HTML from the AI text as elements', () => {
    const { container } = renderText(['Hi <img src=x onerror="alert(1)"> <script>x()</script>']);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
  });

  it('appends trailing markers inline after prose and on their own line after a table', () => {
    expect(appendMarkers('Text.', [1, 2])).toBe('Text.[1][2]');
    expect(appendMarkers('| a |\n| - |\n| 1 |', [1])).toBe('| a |\n| - |\n| 1 |\n\n[1]');
    // A list's last item would otherwise carry the markers of the whole text.
    expect(appendMarkers('Sectors:\n- Energy: +0.59%\n- Utilities: -0.04%', [1])).toBe(
      'Sectors:\n- Energy: +0.59%\n- Utilities: -0.04%\n\n[1]',
    );
    expect(appendMarkers('Text.', [])).toBe('Text.');
  });
});
