import fs from 'node:fs';
import path from 'node:path';
import { pino } from 'pino';
import ts from 'typescript';
import { buildApp } from '../packages/server/src/app.ts';
import { systemClock } from '../packages/server/src/clock.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createDatabase } from '../packages/server/src/db/database.ts';
import type { JobSender } from '../packages/server/src/jobs/job-catalog.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
/** Stands for an interpolated part of a path (`${id}`). */
const HOLE = '\u0000';

/**
 * GET routes the web app calls that change state (spec §7 keeps GET for these): not reads, so a
 * benchmark of reads need not cover them.
 */
const WRITES = new Set([
  '/api/prompts/rm',
  '/api/prompts/rm/ALL',
  '/api/user/token',
  '/api/calendar/events/rm/:id',
  '/api/ticker/invalidate/:symbol',
  '/api/ticker/user/watchlist/append/:list/:symbol',
  '/api/ticker/user/watchlist/remove_ticker/:list/:symbol',
  '/api/ticker/user/watchlist/clear/:list',
  '/api/user/admin/rm/:username',
  '/api/user/validate_email',
  '/api/news/force_reindex/:id',
  '/api/payment/create_checkout_session',
]);

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(file, keep);
    return keep(file) ? [file] : [];
  });
}

/** The text of a string or template literal, HOLE for each interpolation; else undefined. */
function literalText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return node.head.text + node.templateSpans.map((span) => HOLE + span.literal.text).join('');
  }
  return undefined;
}

type SourceFiles = ts.SourceFile[];

const parentOf = (node: ts.Node) => node.parent as ts.Node | undefined;

/** The name of the function a parameter belongs to, and its position, if it has a name. */
function parameterOf(name: string, at: ts.Node): { fn: string; index: number } | undefined {
  // A source file's parent is undefined at run time, whatever the declared type says.
  for (let node = at as ts.Node | undefined; node !== undefined; node = parentOf(node)) {
    if (!ts.isFunctionLike(node)) continue;
    const index = node.parameters.findIndex(
      (parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === name,
    );
    if (index === -1) continue;
    if (ts.isFunctionDeclaration(node) && node.name) return { fn: node.name.text, index };
    const holder = node.parent;
    if (ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name)) {
      return { fn: holder.name.text, index };
    }
    return undefined;
  }
  return undefined;
}

/**
 * The paths an expression may stand for: literals; consts of the same file; both arms of `?:`;
 * a parameter, through every call of its function; `x.prop`, through every object literal
 * of the features that sets `prop` to a path.
 */
function pathsOf(
  node: ts.Expression,
  file: ts.SourceFile,
  files: SourceFiles,
  depth = 0,
): string[] | undefined {
  if (depth > 4) return undefined;
  const text = literalText(node);
  if (text !== undefined) return [text];
  if (ts.isParenthesizedExpression(node)) return pathsOf(node.expression, file, files, depth);
  if (ts.isConditionalExpression(node)) {
    const both = [
      pathsOf(node.whenTrue, file, files, depth),
      pathsOf(node.whenFalse, file, files, depth),
    ];
    return both.every(Boolean) ? both.flatMap((paths) => paths ?? []) : undefined;
  }
  if (ts.isPropertyAccessExpression(node)) {
    const prop = node.name.text;
    const found: string[] = [];
    for (const other of files) {
      if (!other.fileName.includes(`${path.sep}features${path.sep}`)) continue;
      const visit = (child: ts.Node) => {
        if (
          ts.isPropertyAssignment(child) &&
          ts.isIdentifier(child.name) &&
          child.name.text === prop
        ) {
          const value = literalText(child.initializer);
          if (value?.startsWith('/')) found.push(value);
        }
        ts.forEachChild(child, visit);
      };
      visit(other);
    }
    return found.length > 0 ? found : undefined;
  }
  if (ts.isIdentifier(node)) {
    let found: string[] | undefined;
    const visit = (child: ts.Node) => {
      if (
        ts.isVariableDeclaration(child) &&
        ts.isIdentifier(child.name) &&
        child.name.text === node.text &&
        child.initializer
      ) {
        found = pathsOf(child.initializer, file, files, depth + 1);
      }
      if (!found) ts.forEachChild(child, visit);
    };
    visit(file);
    if (found) return found;
    const parameter = parameterOf(node.text, node);
    if (!parameter) return undefined;
    const viaCalls: string[] = [];
    for (const other of files) {
      const visitCalls = (child: ts.Node) => {
        if (
          ts.isCallExpression(child) &&
          ts.isIdentifier(child.expression) &&
          child.expression.text === parameter.fn
        ) {
          const argument = child.arguments[parameter.index];
          if (argument) viaCalls.push(...(pathsOf(argument, other, files, depth + 1) ?? []));
        }
        ts.forEachChild(child, visitCalls);
      };
      visitCalls(other);
    }
    return viaCalls.length > 0 ? viaCalls : undefined;
  }
  return undefined;
}

type Route = { method: string; url: string; pattern: RegExp };

/** Every route of the real app (built without a database: nothing is asked of it). */
async function appRoutes(): Promise<Route[]> {
  const url = 'postgres://nobody@127.0.0.1:1/none';
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url });
  const jobs: JobSender = { send: () => Promise.resolve(null) } as unknown as JobSender;
  const app = await buildApp({
    config,
    db: createDatabase({ url }),
    jobs,
    log: pino({ level: 'silent' }),
    clock: systemClock,
  });
  await app.ready();
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+) \(([^)]*)\)/.exec(line);
    if (!match) continue;
    stack.length = (match[1] ?? '').length / 4;
    stack.push(match[2] ?? '');
    const full = stack.join('');
    const source = full
      .split('/')
      .map((segment) =>
        segment === '*'
          ? '.*'
          : segment.replace(/:\w+(\([^)]*\))?|[^:]+/g, (part) =>
              part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
            ),
      )
      .join('/');
    for (const method of (match[3] ?? '').split(', ')) {
      routes.push({ method, url: full, pattern: new RegExp(`^${source}$`) });
    }
  }
  await app.close();
  return routes;
}

/** The API routes a path with holes may reach (a hole is any text within its segment). */
function routesFor(template: string, routes: Route[]): Route[] {
  const clean = template.split('?')[0] ?? '';
  const apiPath = clean.startsWith('/api/') ? clean : `/api${clean}`;
  // A hole may be any non-empty text; a route matches if some filling of the holes matches it.
  const samples = ['X', 'NASDAQ:AAPL', '00000000-0000-4000-8000-000000000000'].map((fill) =>
    apiPath.split(HOLE).join(fill),
  );
  const holeSegments = apiPath.split('/').map((segment) => segment.includes(HOLE));
  return routes.filter((route) => {
    if (route.method !== 'GET') return false;
    if (samples.some((sample) => route.pattern.test(sample))) return true;
    // A whole segment that is only a hole (`/${kind}/suggestions`) stands for any literal there.
    const segments = route.url.split('/');
    const parts = apiPath.split('/');
    return (
      segments.length === parts.length &&
      parts.every(
        (part, i) =>
          part === segments[i] ||
          (holeSegments[i] && part === HOLE) ||
          (segments[i] ?? '').startsWith(':'),
      )
    );
  });
}

/** The GET paths the web app asks through `apiGet`, with the files that ask them. */
function webCalls(): { calls: Map<string, string[]>; unresolved: string[] } {
  const calls = new Map<string, string[]>();
  const unresolved: string[] = [];
  const files = filesUnder(
    path.join(ROOT, 'packages/web/src'),
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  ).map((name) =>
    ts.createSourceFile(name, fs.readFileSync(name, 'utf8'), ts.ScriptTarget.Latest, true),
  );
  for (const file of files) {
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'apiGet' &&
        node.arguments[0]
      ) {
        const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
        const where = `${path.relative(ROOT, file.fileName)}:${String(line)}`;
        const paths = pathsOf(node.arguments[0], file, files);
        if (!paths) unresolved.push(where);
        for (const p of paths ?? []) calls.set(p, [...(calls.get(p) ?? []), where]);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return { calls, unresolved };
}

/** Every path-like literal of the benchmarks (`${stack.api}/news/get/${id}`, `/company/…`). */
function benchPaths(): string[] {
  const files = filesUnder(path.join(ROOT, 'bench'), (file) => /\.ts$/.test(file));
  const found: string[] = [];
  for (const name of files) {
    const file = ts.createSourceFile(name, fs.readFileSync(name, 'utf8'), ts.ScriptTarget.Latest);
    const visit = (node: ts.Node) => {
      const text = literalText(node);
      if (text !== undefined) {
        // `${stack.api}/x` or `${apiPath}/x`: the interpolated origin goes; `/api/x` loses /api.
        const rest = text.startsWith(HOLE) ? text.slice(1) : text;
        if (rest.startsWith('/') && !text.includes('reference')) found.push(rest);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

/**
 * `npm run bench -- coverage`: a read route a page makes and no benchmark measures counts as
 * failing, so a slow read cannot hide behind an unmeasured route. Lists the GET routes the web app calls (its `apiGet` calls, matched to
 * the app's own route table), those the benchmarks hit, and prints the ones missing.
 */
export async function runCoverageBench() {
  const routes = await appRoutes();
  const { calls, unresolved } = webCalls();
  const web = new Map<string, string[]>();
  for (const [template, where] of calls) {
    const matched = routesFor(template, routes);
    if (matched.length === 0)
      unresolved.push(`${template.replaceAll(HOLE, '{}')} (${where.join(', ')}): no route`);
    for (const route of matched) web.set(route.url, [...(web.get(route.url) ?? []), ...where]);
  }
  const benched = new Set(benchPaths().flatMap((p) => routesFor(p, routes).map((r) => r.url)));
  const reads = [...web.keys()].filter((url) => !WRITES.has(url)).sort();
  const missing = reads.filter((url) => !benched.has(url));

  console.log(
    `\nbench/coverage: ${String(reads.length)} GET read routes the web app calls, ${String(reads.length - missing.length)} in bench/, ${String(missing.length)} missing`,
  );
  for (const url of reads) {
    const mark = benched.has(url) ? 'bench  ' : 'MISSING';
    console.log(`  ${mark} ${url.padEnd(52)} ${(web.get(url) ?? [])[0] ?? ''}`);
  }
  const writes = [...web.keys()].filter((url) => WRITES.has(url)).sort();
  console.log(`  not reads (GETs that change state, left out): ${writes.join(', ')}`);
  if (unresolved.length > 0) {
    console.log(
      `  apiGet calls whose path is not a literal here (check by hand): ${unresolved.join('; ')}`,
    );
  }
  return { reads, missing };
}
