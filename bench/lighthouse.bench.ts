import { createServer } from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { answers, freePort, startProcess } from './lib/harness.ts';

/** The pages issue 15 §6 scores, with the landing page when it exists (else /about). */
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGET = 95;
const LANDING_JS_BUDGET_KB = 150;

type Scores = Record<(typeof CATEGORIES)[number], number> & {
  fcpMs: number;
  lcpMs: number;
  scripts: string[];
};

/** A one-page static site: the machine's reference (what a bare page scores here). */
async function startReferencePage(port: number) {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<title>Reference page</title><meta name="description" content="A static page: the machine\'s reference for Lighthouse.">' +
    '</head><body><main><h1>Reference</h1><p>A static page served by node:http.</p></main></body></html>';
  const server = createServer((request, response) => {
    if (request.url === '/robots.txt') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('User-agent: *\nAllow: /\n');
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function score(url: string, port: number, preset: 'mobile' | 'desktop'): Promise<Scores> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError, runWarnings } = result.lhr;
  if (runtimeError) console.log(`  (${url}: ${runtimeError.code} ${runtimeError.message})`);
  for (const warning of runWarnings) console.log(`  (${url}: ${warning.slice(0, 160)})`);
  const value = (name: string) => Math.round((categories[name]?.score ?? 0) * 100);
  return {
    performance: value('performance'),
    accessibility: value('accessibility'),
    'best-practices': value('best-practices'),
    seo: value('seo'),
    fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
    lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
    scripts: (
      (
        audits['network-requests']?.details as
          { items?: { url: string; resourceType?: string }[] } | undefined
      )?.items ?? []
    )
      .filter((item) => item.resourceType === 'Script')
      .map((item) => item.url),
  };
}

/** The scripts a page load fetched (Lighthouse's network records), gzipped (-9) as sent compressed. */
async function javascriptKb(scriptUrls: readonly string[]): Promise<number> {
  let bytes = 0;
  for (const url of new Set(scriptUrls)) {
    const code = Buffer.from(await (await fetch(url)).arrayBuffer());
    bytes += gzipSync(code, { level: 9 }).length;
  }
  return Math.round(bytes / 1024);
}

/**
 * Lighthouse (performance, accessibility, best practices, SEO) on the landing page, the AI feed
 * and a company page of a freshly started server with the demo data, driving Debian's Chromium
 * (CHROME_PATH) through chrome-launcher; a static one-page site is the reference. Prints scores
 * against the target of 95; it is a measurement, not a test.
 */
export async function runLighthouseBench() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-lighthouse-'));
  const port = await freePort();
  const referencePort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startProcess(
    ['packages/server/src/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: base,
      LOG_LEVEL: 'warn',
    },
    answers(`${base}/api/health`),
  );
  const reference = await startReferencePage(referencePort);
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    // The demo newsroom writes its first articles shortly after the start.
    for (let tries = 0; tries < 120; tries += 1) {
      const feed = (await (await fetch(`${base}/api/news/query?limit=1`)).json()) as {
        news?: unknown[];
      };
      if ((feed.news?.length ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const landing = (await fetch(`${base}/landing`)).status === 200 ? '/landing' : '/about';
    const pages = [
      { name: 'reference: static page', url: `http://127.0.0.1:${referencePort}/` },
      { name: landing, url: `${base}${landing}` },
      { name: '/news/latest_ai', url: `${base}/news/latest_ai` },
      { name: '/ticker/NASDAQ:AAPL', url: `${base}/ticker/NASDAQ:AAPL` },
    ];
    console.log(
      `\nbench/lighthouse (Lighthouse 12, Chromium at ${process.env.CHROME_PATH ?? '/usr/bin/chromium'}; target ≥ ${TARGET} each)`,
    );
    let landingScripts: string[] = [];
    for (const preset of ['mobile', 'desktop'] as const) {
      console.log(
        `\n${preset} (${preset === 'mobile' ? 'Moto G power, slow 4G, 4× CPU slowdown: simulated' : 'desktop preset: 10 Mbit/s, no CPU slowdown'})`,
      );
      console.log('page'.padEnd(26) + 'perf  a11y  best   seo    FCP ms   LCP ms');
      for (const page of pages) {
        // Warm the server's caches (the page head, the API's feed cache) as a visitor before would.
        await fetch(page.url);
        const s = await score(page.url, chrome.port, preset);
        if (page.name === landing) landingScripts = s.scripts;
        const mark = (value: number) =>
          `${String(value).padStart(4)}${value >= TARGET ? ' ' : '!'}`;
        console.log(
          page.name.padEnd(26) +
            [s.performance, s.accessibility, s['best-practices'], s.seo].map(mark).join(' ') +
            String(s.fcpMs).padStart(9) +
            String(s.lcpMs).padStart(9),
        );
      }
    }
    const js = await javascriptKb(landingScripts);
    console.log(
      `\n${landing} JavaScript (every script its load fetched, gzip -9): ${js} KB (budget ${LANDING_JS_BUDGET_KB} KB${js <= LANDING_JS_BUDGET_KB ? '' : ', OVER'})`,
    );
    console.log("('!' marks a score under the target)");
  } finally {
    chrome.kill();
    await reference.close();
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
