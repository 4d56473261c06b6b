import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const SCRIPT = path.resolve(import.meta.dirname, '../../../../scripts/check-bundle-budgets.mjs');

/** A web build of the pages the check reads, each page chunk importing `pageImport`'s bytes. */
function fakeBuild(pageKb: number): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'budgets-'));
  const assets = path.join(dist, 'assets');
  mkdirSync(assets);
  const html = (script: string) =>
    `<!doctype html><head><script type="module" crossorigin src="/assets/${script}"></script>` +
    `<link rel="modulepreload" crossorigin href="/assets/react-AAAAAAAA.js"></head><body></body>`;
  writeFileSync(path.join(dist, 'index.html'), html('index-AAAAAAAA.js'));
  writeFileSync(path.join(dist, 'landing.html'), html('landing-enhance-AAAAAAAA.js'));
  writeFileSync(path.join(assets, 'index-AAAAAAAA.js'), 'import"./react-AAAAAAAA.js";');
  writeFileSync(path.join(assets, 'landing-enhance-AAAAAAAA.js'), 'export{};');
  writeFileSync(path.join(assets, 'react-AAAAAAAA.js'), 'export const r=1;');
  // Random bytes do not compress: the page's gzipped size is about pageKb.
  const heavy = `export const x=${JSON.stringify(randomBytes(pageKb * 1024).toString('base64'))};`;
  writeFileSync(path.join(assets, 'heavy-AAAAAAAA.js'), heavy);
  for (const page of ['news-feed-page', 'news-view-page', 'company-page']) {
    writeFileSync(
      path.join(assets, `${page}-AAAAAAAA.js`),
      `import{x as e}from"./heavy-AAAAAAAA.js";import("./lazy-AAAAAAAA.js");export{e};`,
    );
  }
  // Only dynamically imported: not part of the first load.
  writeFileSync(path.join(assets, 'lazy-AAAAAAAA.js'), heavy);
  return dist;
}

function check(dist: string) {
  return spawnSync(process.execPath, [SCRIPT], {
    env: { ...process.env, WEB_DIST_DIR: dist },
    encoding: 'utf8',
  });
}

describe('the bundle budgets check', () => {
  let dist = '';
  afterEach(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  it('passes a build whose pages load less than their budgets, dynamic imports not counted', () => {
    dist = fakeBuild(160);
    const result = check(dist);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/feed\s+16\d\.\d/);
  });

  it('fails a build in which a page loads more than its budget, and names the page', () => {
    dist = fakeBuild(400);
    const result = check(dist);
    expect(result.status).toBe(1);
    expect(result.stdout).toMatch(/company\s+40\d\.\d\s+199\s+220\s+\d+ files {2}OVER BUDGET/);
  });
});
