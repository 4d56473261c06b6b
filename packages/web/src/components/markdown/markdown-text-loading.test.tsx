// vitest: fresh modules — each test loads the markdown renderer for the first time.
import { MantineProvider } from '@mantine/core';
import { act, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as MarkdownBodyModule from './markdown-body';
import { MarkdownText } from './markdown-text';

const TEXT =
  '## Outlook\n\nRevenue rose **12%** on [cloud](https://example.com/cloud) demand.\n\n- one\n- two';

function providers(ui: ReactNode) {
  return <MantineProvider env="test">{ui}</MantineProvider>;
}

/**
 * A fresh copy of markdown-text.tsx (and of the hydration state it reports to) whose renderer
 * arrives only when `arrive()` is called, as over a network.
 */
async function freshMarkdown() {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  vi.resetModules();
  vi.doMock('./markdown-body', async (importOriginal) => {
    await arrived;
    return importOriginal<typeof MarkdownBodyModule>();
  });
  const markdown = await import('./markdown-text');
  const hydration = await import('../../lib/hydration');
  return { ...markdown, hydration, arrive };
}

afterEach(() => {
  vi.doUnmock('./markdown-body');
});

describe('MarkdownText before its renderer has loaded', () => {
  it('shows the plain text, then the markdown', async () => {
    const { MarkdownText: FreshMarkdownText, arrive } = await freshMarkdown();
    const { container } = render(providers(<FreshMarkdownText>{TEXT}</FreshMarkdownText>));
    const paragraphs = [...container.querySelectorAll('p')].map((p) => p.textContent);
    expect(paragraphs).toEqual(['Outlook', 'Revenue rose 12% on cloud demand.', '- one\n- two']);
    expect(container.querySelector('strong, a, h6, ul')).toBeNull();

    await act(async () => {
      arrive();
      await Promise.resolve();
    });
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('12%'));
    expect(container.querySelector('h6')?.textContent).toBe('Outlook');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('https://example.com/cloud');
    expect(container.querySelectorAll('li')).toHaveLength(2);
    expect(container.textContent).not.toContain('**');
  });

  it("keeps the server's markup while hydrating and takes it over once the renderer is in", async () => {
    // The server's HTML, drawn by the copy whose renderer is loaded (test/setup.ts).
    const container = document.createElement('div');
    container.innerHTML = renderToString(providers(<MarkdownText>{TEXT}</MarkdownText>));
    document.body.append(container);
    const serverStrong = container.querySelector('strong');
    expect(serverStrong?.textContent).toBe('12%');

    const { MarkdownText: FreshMarkdownText, hydration, arrive } = await freshMarkdown();
    const recoverable: unknown[] = [];
    hydration.startHydrating(container);
    await act(async () => {
      hydrateRoot(container, providers(<FreshMarkdownText>{TEXT}</FreshMarkdownText>), {
        onRecoverableError: (error) => recoverable.push(error),
      });
      await Promise.resolve();
    });
    hydration.hydrationDone();
    // Not hydrated yet: the server's elements are still there, and still the server's clock.
    expect(container.querySelector('strong')).toBe(serverStrong);
    expect(container.querySelector('h6')?.textContent).toBe('Outlook');
    expect(hydration.isDrawingServerMarkup()).toBe(true);

    await act(async () => {
      arrive();
      await Promise.resolve();
    });
    await waitFor(() => expect(hydration.isDrawingServerMarkup()).toBe(false));
    // Hydrated in place: the same elements, no mismatch, no text drawn twice.
    expect(container.querySelector('strong')).toBe(serverStrong);
    expect(container.querySelectorAll('strong')).toHaveLength(1);
    expect(recoverable).toEqual([]);
    container.remove();
  });
});
