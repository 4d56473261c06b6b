import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { failure, stubApi, success, type StubResponse } from '../../../../test/api-stub';
import { renderWithProviders } from '../../../../test/render';
import { gifKeywordsParam } from '../api/news-gif';
import { ArticleAnimation } from './article-animation';

const ROCKET = {
  url: '/api/news/gif/file/rocket.gif',
  title: 'A rocket launching',
  source: 'bundled',
  keywords: ['stonks', 'rocket'],
};

/** Makes the browser report `prefers-reduced-motion: reduce` (setup.ts unstubs it afterwards). */
function preferReducedMotion() {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  );
}

describe('article animation', () => {
  it('shows the animation for the GIF keywords: alt text, lazy loading, 16:9', async () => {
    const api = stubApi({ 'GET /api/news/gif': success({ gif: ROCKET }) });
    renderWithProviders(<ArticleAnimation keywords={['stonks', 'rocket']} />);
    const image = await screen.findByRole('img', { name: 'A rocket launching' });
    expect(image.getAttribute('src')).toBe('/api/news/gif/file/rocket.gif');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('width')).toBe('240');
    expect(image.getAttribute('height')).toBe('135');
    expect(api.callsTo('GET /api/news/gif')[0]?.search.get('keywords')).toBe('stonks,rocket');
  });

  it('holds the place of the animation with an empty frame while it loads, then shows it there', async () => {
    let answer: ((value: StubResponse) => void) | undefined;
    stubApi({
      'GET /api/news/gif': () =>
        new Promise<StubResponse>((resolve) => {
          answer = resolve;
        }),
    });
    const { container } = renderWithProviders(<ArticleAnimation keywords={['stonks']} />);
    expect(screen.queryByRole('img')).toBeNull();
    const frame = container.querySelector('span[aria-hidden="true"]');
    expect(frame).not.toBeNull();
    await waitFor(() => expect(answer).toBeDefined());
    answer?.({ body: success({ gif: ROCKET }) });
    expect(await screen.findByRole('img', { name: 'A rocket launching' })).toBeTruthy();
    expect(container.querySelector('span[aria-hidden="true"]')).toBeNull();
  });

  it('shows nothing, and no error, when the server fails: the frame goes', async () => {
    const api = stubApi({ 'GET /api/news/gif': () => failure(500, 'Something went wrong.') });
    const { container } = renderWithProviders(<ArticleAnimation keywords={['stonks']} />);
    await waitFor(() => expect(api.callsTo('GET /api/news/gif')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('img')).toBeNull();
    expect(container.querySelector('span[aria-hidden="true"]')).toBeNull();
    expect(screen.queryByText('Something went wrong.')).toBeNull();
  });

  it('hides the animation when the image itself fails to load', async () => {
    stubApi({ 'GET /api/news/gif': success({ gif: ROCKET }) });
    renderWithProviders(<ArticleAnimation keywords={['rocket']} />);
    fireEvent.error(await screen.findByRole('img'));
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('asks nothing and shows nothing for an article without GIF keywords', async () => {
    const api = stubApi({ 'GET /api/news/gif': success({ gif: ROCKET }) });
    renderWithProviders(<ArticleAnimation keywords={[]} />);
    renderWithProviders(<ArticleAnimation keywords={null} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('leaves the animation out, without asking for it, for readers who prefer reduced motion', async () => {
    preferReducedMotion();
    const api = stubApi({ 'GET /api/news/gif': success({ gif: ROCKET }) });
    renderWithProviders(<ArticleAnimation keywords={['rocket']} />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toHaveLength(0);
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('gifKeywordsParam', () => {
  it('joins at most 10 keywords of at most 40 characters, without commas or blanks', () => {
    const many = Array.from({ length: 12 }, (_, i) => `k${String(i)}`);
    expect(gifKeywordsParam(['a, b', ' ', 'x'.repeat(50), ...many]).split(',')).toEqual([
      'a  b',
      'x'.repeat(40),
      ...many.slice(0, 8),
    ]);
  });
});
