import { existsSync, globSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/** What every Mantine page needs whatever it draws: reset, theme variables, global classes. */
const ALWAYS = ['baseline.css', 'default-css-variables.css', 'global.css'];
const STYLES_ID = /[\\/]@mantine[\\/]core[\\/]styles\.css$/;
const IMPORT_FROM = /\bimport\s*(?:type\s+)?\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g;
const RELATIVE_IMPORT =
  /\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.{1,2}\/[^"']+\.mjs)["']/g;

/** Named imports from `@mantine/core` in one file's code (types too: they resolve to nothing). */
function coreImports(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(IMPORT_FROM)) {
    for (const part of (match[1] ?? '').split(',')) {
      const name = part
        .replace(/^\s*type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      if (name) names.push(name);
    }
  }
  return names;
}

/**
 * The component style sheets (`@mantine/core/styles/X.css`) that the named exports of
 * `@mantine/core` can draw with: every `X.module.mjs` (a component's class names) reachable from
 * the exports through the package's own imports. Reachable is more than what the bundle keeps, so
 * a sheet is never missing; it is the whole package's styles only if every component is used.
 */
export function usedComponentSheets(coreDir: string, names: Iterable<string>): Set<string> {
  const esm = path.join(coreDir, 'esm');
  const index = readFileSync(path.join(esm, 'index.mjs'), 'utf8');
  const fileOf = new Map<string, string>();
  for (const match of index.matchAll(/\bimport\s*\{([^}]*)\}\s*from\s*["'](\.\/[^"']+)["']/g)) {
    for (const part of (match[1] ?? '').split(',')) {
      const local = part
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (local) fileOf.set(local, path.join(esm, match[2] ?? ''));
    }
  }
  const sheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const module = /([\w-]+)\.module\.mjs$/.exec(file)?.[1];
    if (module !== undefined) sheets.add(`${module}.css`);
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      visit(path.resolve(path.dirname(file), match[1] ?? ''));
    }
  };
  // A name without a module is a type (`MantineSize`): it draws nothing.
  for (const name of names) {
    const file = fileOf.get(name);
    if (file !== undefined) visit(file);
  }
  return sheets;
}

/**
 * `@mantine/core/styles.css` with only the sheets of the components the app can draw, in the
 * package's own order (the order of `styles.css`, so which rule wins stays what Mantine ships).
 * Every sheet must be found in `styles.css`, or the order is unknown: an error then.
 */
export function usedStylesCss(coreDir: string, sheets: ReadonlySet<string>): string {
  const whole = readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
  const placed = readdirSync(path.join(coreDir, 'styles'))
    .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
    .map((file) => {
      const css = readFileSync(path.join(coreDir, 'styles', file), 'utf8').trim();
      const at = whole.indexOf(css);
      if (at < 0) {
        throw new Error(`mantine-used-styles: styles/${file} is not a part of styles.css`);
      }
      return { file, css, at };
    })
    .sort((a, b) => a.at - b.at);
  for (const sheet of sheets) {
    if (!placed.some(({ file }) => file === sheet)) {
      throw new Error(`mantine-used-styles: no styles/${sheet} in @mantine/core`);
    }
  }
  return placed
    .filter(({ file }) => ALWAYS.includes(file) || sheets.has(file))
    .map(({ css }) => css)
    .join('\n');
}

export interface UsedStylesOptions {
  /** The app's sources: what they import from `@mantine/core`. */
  sourceDir: string;
  /** The other Mantine packages the app uses: what they import from `@mantine/core` counts. */
  packages: readonly string[];
  /** Components whose markup the app writes itself, with their classes (`PlainAlert`). */
  drawnByHand: readonly string[];
}

/** The app's case: its sources in `src`, the Mantine packages it uses, its hand-written markup. */
export function appMantineStyles(webRoot: string): UsedStylesOptions {
  return {
    sourceDir: path.join(webRoot, 'src'),
    packages: ['@mantine/charts', '@mantine/modals', '@mantine/notifications'],
    // PlainAlert and PlainSearchField write Alert's and TextInput's markup.
    drawnByHand: ['Alert', 'TextInput'],
  };
}

/** The `@mantine/core/styles.css` the app's build loads (see `mantineUsedStyles`). */
export function mantineStylesFor(options: UsedStylesOptions): string {
  // Where the app's imports resolve (a package may sit in the workspace's or the app's folder).
  const require = createRequire(path.join(options.sourceDir, 'index.ts'));
  const packageDir = (name: string) => {
    const entry = require.resolve(name);
    const folder = `${path.sep}node_modules${path.sep}${name.replace('/', path.sep)}`;
    const at = entry.lastIndexOf(`${folder}${path.sep}`);
    if (at < 0) throw new Error(`mantine-used-styles: ${name} is not in a node_modules folder`);
    return entry.slice(0, at + folder.length);
  };
  const files = globSync('**/*.{ts,tsx}', { cwd: options.sourceDir }).map((file) =>
    path.join(options.sourceDir, file),
  );
  for (const name of options.packages) {
    const esm = path.join(packageDir(name), 'esm');
    if (!existsSync(esm)) throw new Error(`mantine-used-styles: ${name} has no esm folder`);
    files.push(...globSync('**/*.mjs', { cwd: esm }).map((file) => path.join(esm, file)));
  }
  const names = new Set<string>(options.drawnByHand);
  for (const file of files) {
    for (const name of coreImports(readFileSync(file, 'utf8'))) names.add(name);
  }
  const coreDir = packageDir('@mantine/core');
  return usedStylesCss(coreDir, usedComponentSheets(coreDir, names));
}

/**
 * Mantine's whole style sheet is 290 KB; the app draws about half of its components. Parsing
 * and matching the other half was a part of every page's first style pass, the longest task of a
 * phone's first paint. `import '@mantine/core/styles.css'` loads the sheets of what the app's
 * sources (and the other Mantine packages it uses) import from `@mantine/core`, with everything
 * those components draw with; a new component brings its sheet by being imported.
 */
export function mantineUsedStyles(options: UsedStylesOptions): Plugin {
  let css: string | undefined;
  return {
    name: 'stockpulse:mantine-used-styles',
    enforce: 'pre',
    buildStart() {
      css = undefined;
    },
    load(id) {
      if (!STYLES_ID.test(id.split('?')[0] ?? id)) return null;
      css ??= mantineStylesFor(options);
      return css;
    },
  };
}
