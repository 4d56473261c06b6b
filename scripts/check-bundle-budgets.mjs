// Fails when a page's first load would fetch more JavaScript than its budget allows. It reads
// the web build (packages/web/dist), not a browser: the scripts a page's HTML names (the entry, the
// stages it preloads, or the landing page's enhancer) and, for a page of the app, its lazy route
// chunk with every chunk that chunk imports statically. Dynamic imports (the chart, dialogs, what
// a click opens) are not part of the first load. Sizes are gzip -9, as the server sends them.
//
// `npm run bench -- lighthouse` measures the same pages in Chromium (every script the load
// fetched); this check runs in `npm test` so that a dependency that blows a budget fails review.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const dist = process.env.WEB_DIST_DIR ?? path.join(root, 'packages/web/dist');
const assets = path.join(dist, 'assets');

/**
 * KB of gzipped JavaScript each page's first load may fetch. `budget` fails the check; `target`
 * is where the page must get to for a phone on Lighthouse's default mobile profile (bench/README.md,
 * "lighthouse"): a budget above its target is a ceiling at today's size, to be lowered as the
 * page's JavaScript shrinks, never raised to let a dependency in.
 */
const PAGES = [
  { name: 'landing', html: 'landing.html', budget: 60, target: 60 },
  { name: 'feed', html: 'index.html', chunk: 'news-feed-page', budget: 169, target: 170 },
  { name: 'article', html: 'index.html', chunk: 'news-view-page', budget: 165, target: 170 },
  { name: 'company', html: 'index.html', chunk: 'company-page', budget: 199, target: 220 },
];

const gzipKb = (file) =>
  gzipSync(readFileSync(path.join(assets, file)), { level: 9 }).length / 1024;

/** `assets/x.js` files an HTML page loads as scripts or module preloads. */
function scriptsOf(htmlFile) {
  const html = readFileSync(path.join(dist, htmlFile), 'utf8');
  const files = new Set();
  for (const match of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const isScript = tag.startsWith('<script') || /rel="modulepreload"/.test(tag);
    const url = /(?:src|href)="\/assets\/([^"]+\.js)"/.exec(tag)?.[1];
    if (isScript && url) files.add(url);
  }
  return files;
}

/** A chunk with every chunk it imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function withStaticImports(file, into = new Set()) {
  if (into.has(file)) return into;
  into.add(file);
  const code = readFileSync(path.join(assets, file), 'utf8');
  for (const match of code.matchAll(
    /\bimport\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']\.\/([^"']+\.js)["']/g,
  )) {
    withStaticImports(match[1], into);
  }
  return into;
}

function chunkOf(name) {
  const pattern = new RegExp(`^${name}-[\\w-]{8}\\.js$`);
  const found = readdirSync(assets).filter((file) => pattern.test(file));
  if (found.length !== 1) throw new Error(`bundle budgets: ${found.length} chunks named ${name}`);
  return found[0];
}

if (!existsSync(path.join(dist, 'index.html'))) {
  console.error(`bundle budgets: no web build in ${dist} (npm run build)`);
  process.exit(1);
}

let failed = false;
console.log('JavaScript of a first load (gzip -9, KB): page, size, budget, target');
for (const page of PAGES) {
  const files = new Set();
  for (const file of scriptsOf(page.html)) withStaticImports(file, files);
  if (page.chunk) withStaticImports(chunkOf(page.chunk), files);
  const kb = [...files].reduce((sum, file) => sum + gzipKb(file), 0);
  const over = kb > page.budget;
  failed ||= over;
  const note = over ? '  OVER BUDGET' : kb > page.target ? '  (above target)' : '';
  console.log(
    `  ${page.name.padEnd(8)} ${kb.toFixed(1).padStart(6)}  ${String(page.budget).padStart(4)}  ${String(page.target).padStart(4)}  ${files.size} files${note}`,
  );
}
if (failed) {
  console.error('bundle budgets: a page loads more JavaScript than its budget (see above).');
  process.exit(1);
}
