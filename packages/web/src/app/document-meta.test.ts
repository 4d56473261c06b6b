// vitest: fresh modules — the head the server rendered is taken over once per page load.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteMeta } from './route-types';

const ABOUT: RouteMeta = {
  title: 'About',
  description: 'About us.',
  canonical: '/about',
  layout: 'main',
};

/** The head the server writes for an article at /news/view?id=a1. */
function serverHead() {
  document.head.innerHTML = `
    <title>Acme beats · StockPulse</title>
    <meta name="description" content="Acme's quarter." data-seo>
    <link rel="canonical" href="https://stockpulse.example/news/view?id=a1" data-seo>
    <meta property="og:title" content="Acme beats · StockPulse" data-seo>
    <script type="application/ld+json" data-seo>{}</script>`;
  document.title = 'Acme beats · StockPulse';
}

describe('document meta over the head the server rendered', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    window.history.replaceState(null, '', '/');
    vi.resetModules();
  });

  it("keeps the server's article title, description and canonical on the page it was rendered for (and its redirect target)", async () => {
    window.history.replaceState(null, '', '/n/a1');
    serverHead();
    const { applyDocumentMeta } = await import('./document-meta');
    applyDocumentMeta({ title: 'News article', layout: 'main' }, '/n/a1');
    applyDocumentMeta({ title: 'News article', layout: 'main' }, '/news/view?id=a1');
    expect(document.title).toBe('Acme beats · StockPulse');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://stockpulse.example/news/view?id=a1',
    );
  });

  it("replaces the server's tags once the visitor moves on, leaving no tag twice", async () => {
    window.history.replaceState(null, '', '/news/view?id=a1');
    serverHead();
    const { applyDocumentMeta } = await import('./document-meta');
    applyDocumentMeta({ title: 'News article', layout: 'main' });
    window.history.replaceState(null, '', '/about');
    applyDocumentMeta(ABOUT, '/about');
    expect(document.title).toBe('About · StockPulse');
    expect(document.head.querySelectorAll('[data-seo]')).toHaveLength(0);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(
      'About us.',
    );
    const canonicals = document.head.querySelectorAll<HTMLLinkElement>('link[rel="canonical"]');
    expect(canonicals).toHaveLength(1);
    expect(canonicals[0]?.href).toBe(`${window.location.origin}/about`);
  });
});
