import type { TestModeKind } from '../config.ts';

const SENTENCES: Record<TestModeKind, string> = {
  payments: 'Test mode — payments are simulated.',
  market: 'Prices are demo data, not the market.',
  news: 'Some news is written by the demo newsroom.',
};

/**
 * The banner every page of a public server running a test provider carries, as HTML placed right
 * after `<body>`: outside the React root, so it shows before any script runs and no render
 * removes it. Fixed to the bottom edge because the app's header is fixed to the top.
 * Null when no test provider runs.
 */
export function testModeNotice(kinds: readonly TestModeKind[]): string | null {
  if (kinds.length === 0) return null;
  const ordered = (['payments', 'market', 'news'] as const).filter((kind) => kinds.includes(kind));
  const text = ordered.map((kind) => SENTENCES[kind]).join(' ');
  return (
    '<div id="test-mode-banner" role="note" aria-label="Test mode" ' +
    'style="position:fixed;left:0;right:0;bottom:0;z-index:1000;padding:6px 12px;' +
    'background:#fff3bf;color:#3d2c00;border-top:1px solid #c99a00;text-align:center;' +
    `font:600 13px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif">${text}</div>` +
    '<style>body{padding-bottom:48px}</style>'
  );
}

/** The page with the banner right after its `<body …>` tag; unchanged without a banner. */
export function withTestModeNotice(html: string, notice: string | null): string {
  if (notice === null) return html;
  return html.replace(/<body\b[^>]*>/i, (tag) => `${tag}${notice}`);
}
