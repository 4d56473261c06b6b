// @ts-check
import fs from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES_DIR = 'packages/web/src/features';

/**
 * Which features a feature may import (through their `index.ts`). A feature missing here may
 * import none. The graph must stay acyclic: `featureBoundaries` refuses to load otherwise.
 */
/** @type {Record<string, string[]>} */
const FEATURE_DEPENDENCIES = {
  market: ['users', 'alert-rules'],
  assistant: ['users', 'market', 'tickers'],
  news: ['users', 'market', 'assistant', 'comments'],
  search: ['users', 'market', 'news', 'tickers'],
  companies: ['users', 'market', 'news', 'tickers', 'analysis', 'market-calendar'],
  'market-calendar': ['users', 'market'],
  analysis: ['users', 'market'],
  admin: ['users', 'assistant', 'billing', 'comments', 'site', 'alerts'],
  portfolio: ['users', 'market', 'news', 'assistant', 'tickers', 'market-calendar', 'alert-rules'],
  billing: ['users', 'site'],
  legal: ['site'],
  site: ['users'],
  comments: ['users'],
  dev: ['users', 'market', 'portfolio'],
  screener: ['users', 'market'],
};

/** Routes and services: not even kysely's types (they never hold a query builder), nor db/. */
const NO_DATABASE = {
  paths: [{ name: 'kysely', message: 'SQL belongs in a *.repository.ts.' }],
  patterns: [
    {
      regex: String.raw`^(\.\.?/)+db/(?!schema\.ts$)`,
      message: 'Routes and services reach the database through a repository.',
    },
  ],
};

const ARTICLE_VISIBILITY =
  'Which articles readers see is decided in db/article-visibility.ts (readerNews, readerNewsSql, visibleTo).';

/**
 * Server: kysely values (`sql`, query builders) only in *.repository.ts, db/ and tests; elsewhere
 * `import type` (a row type for a mapper) is all.
 */
const SQL_OUTSIDE_DATA_LAYER = {
  name: 'kysely',
  allowTypeImports: true,
  message: 'SQL belongs in a *.repository.ts (or db/: connection, migrations, query compiler).',
};

/**
 * Throws when FEATURE_DEPENDENCIES has a loop (a feature reaching itself).
 * @param {Record<string, string[]>} graph
 */
function assertAcyclic(graph) {
  /** @type {(name: string, path: string[]) => void} */
  const visit = (name, path) => {
    if (path.includes(name)) throw new Error(`Feature import loop: ${[...path, name].join(' → ')}`);
    for (const next of graph[name] ?? []) visit(next, [...path, name]);
  };
  for (const name of Object.keys(graph)) visit(name, []);
}

/**
 * One lint zone per web feature folder: no app shell, other features only via allowed indexes.
 * @returns {import('eslint').Linter.Config[]}
 */
function featureBoundaries() {
  assertAcyclic(FEATURE_DEPENDENCIES);
  const features = fs
    .readdirSync(FEATURES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return features.map((feature) => {
    const others = features.filter((name) => name !== feature);
    const allowed = FEATURE_DEPENDENCIES[feature] ?? [];
    const refused = others.filter((name) => !allowed.includes(name));
    /** @type {{ regex: string; message: string }[]} */
    const patterns = [
      {
        regex: String.raw`^(\.\./)+app/`,
        message: 'Features do not import the app shell: move the piece to lib/ or components/.',
      },
      {
        regex: String.raw`^(\.\./)+(${others.join('|')})/(?!index$)`,
        message: 'Use another feature only through its index.ts (its public face), not its files.',
      },
    ];
    if (refused.length > 0) {
      patterns.push({
        regex: String.raw`^(\.\./)+(${refused.join('|')})(/index)?$`,
        message: `features/${feature} may not depend on this feature: FEATURE_DEPENDENCIES in eslint.config.js keeps features free of loops.`,
      });
    }
    return {
      files: [`${FEATURES_DIR}/${feature}/**/*.{ts,tsx}`],
      rules: { 'no-restricted-imports': ['error', { patterns }] },
    };
  });
}

/** Source files that are data (word lists, lexicons), exempt from the size limit. */
const DATA_TABLES = [
  'packages/server/src/providers/ai/offline/lexicon-terms.ts',
  'packages/server/src/modules/news/linker-words.ts',
  // Every menu of the layouts, one entry a line.
  'packages/web/src/app/navigation.ts',
];

/** Which articles readers see is decided in one place (see ARTICLE_VISIBILITY). */
const ARTICLE_VISIBILITY_SYNTAX = [
  {
    selector: String.raw`TemplateElement[value.raw=/not\s+(\w+\.)?is_blocked|is_blocked\s*(=|is\b)|experiment\s+is\s+(not\s+)?null/i]`,
    message: ARTICLE_VISIBILITY,
  },
  {
    selector: String.raw`CallExpression[callee.property.name=/^(where|having|on)$/] > Literal[value=/(^|\.)(is_blocked|experiment)$/]`,
    message: ARTICLE_VISIBILITY,
  },
];
const DATES_IN_ONE_STYLE =
  'Dates are written by @app/shared/display/dates (formatDateTime, formatDate, formatDay …), in one style for every reader.';
const ENVELOPE_IN_ROUTES =
  'The success envelope belongs to routes and http/: return the domain value and write it in the route (http/kept-answer.ts for kept values).';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Asymmetric matchers (expect.any, expect.stringContaining) are typed any; tests may assert presence.
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  // Server boundaries (docs/ARCHITECTURE.md): SQL only in *.repository.ts and db/ (connection,
  // migrations, the query-language compiler); routes do HTTP and services decide, so neither
  // touches SQL; providers speak to the outside world and never reach into our modules.
  // A later zone replaces an earlier zone's no-restricted-imports for the files both match, so
  // each narrower zone below bans kysely again.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/**/*.repository.ts',
      'packages/server/src/db/**',
      'packages/server/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-imports': ['error', { paths: [SQL_OUTSIDE_DATA_LAYER] }] },
  },
  {
    files: ['packages/server/src/**/*.service.ts'],
    rules: { 'no-restricted-imports': ['error', NO_DATABASE] },
  },
  {
    // Routes do HTTP and reach data only through their module's service.
    files: ['packages/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...NO_DATABASE,
          patterns: [
            ...NO_DATABASE.patterns,
            {
              regex: String.raw`\.repository\.ts$`,
              message: 'A route calls its service; only services hold repositories.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/server/src/providers/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [SQL_OUTSIDE_DATA_LAYER],
          patterns: [
            {
              regex: String.raw`^(\.\.?/)+(modules|db)/`,
              message: 'Providers never import modules or the database: pass what they need in.',
            },
          ],
        },
      ],
    },
  },
  // One rule for which articles readers see (db/article-visibility.ts): the hidden and experiment
  // columns appear in no other predicate, so a new query cannot drift from the rule.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/db/article-visibility.ts',
      'packages/server/src/db/migrations/**',
      'packages/server/src/db/query/**',
      'packages/server/src/**/*.test.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...ARTICLE_VISIBILITY_SYNTAX] },
  },
  // Services return domain objects; routes and http/ own the envelope and the bytes
  // (http/kept-answer.ts writes a kept value's answer once). This zone repeats the visibility
  // rule: a later zone's no-restricted-syntax replaces an earlier one's.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: [
      'packages/server/src/**/*.routes.ts',
      'packages/server/src/http/**',
      'packages/server/src/db/article-visibility.ts',
      'packages/server/src/db/migrations/**',
      'packages/server/src/db/query/**',
      'packages/server/src/**/*.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ARTICLE_VISIBILITY_SYNTAX,
        {
          selector: `Property[key.name='status']:matches([value.value='success'], [value.expression.value='success'])`,
          message: ENVELOPE_IN_ROUTES,
        },
      ],
    },
  },
  // Web boundaries: imports flow app → features → components/lib/shared. Features never import
  // the app shell; a feature uses another only through that feature's index.ts and only along
  // FEATURE_DEPENDENCIES, so features cannot form a loop.
  ...featureBoundaries(),
  {
    files: ['packages/web/src/components/**/*.{ts,tsx}', 'packages/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+(app|features)/`,
              message: 'Shared components and lib do not import features or the app shell.',
            },
          ],
        },
      ],
    },
  },
  // Every date on the web reads one way (@app/shared/display/dates): a component formatting its
  // own would bring back a second style, or the reader's locale, which the server cannot know.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['toLocaleDateString', 'toLocaleTimeString'].map((property) => ({
          property,
          message: DATES_IN_ONE_STYLE,
        })),
        { object: 'Intl', property: 'DateTimeFormat', message: DATES_IN_ONE_STYLE },
      ],
    },
  },
  // React Router's Link and NavLink carry its framework-mode prefetching into every page: the app's
  // links are components/link.tsx, built on the router's hooks. The colour scheme is read through
  // lib/color-scheme.ts (see there).
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[source.value='react-router'] > ImportSpecifier[imported.name=/^(Link|NavLink)$/]",
          message:
            "Use Link and NavLink of components/link.tsx: React Router's bring its prefetching into every page.",
        },
        {
          selector:
            "ImportDeclaration[source.value='@mantine/core'] > ImportSpecifier[imported.name=/^(useMantineColorScheme|useComputedColorScheme)$/]",
          message:
            "Use useColorSchemeSetting or useComputedScheme of lib/use-color-scheme.ts: the scheme is not in Mantine's provider state (lib/color-scheme.ts), so Mantine's own hooks would not follow a switch.",
        },
      ],
    },
  },
  // No source file over 300 lines: a longer file holds more than one idea. Data tables are exempt
  // (DATA_TABLES).
  {
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', ...DATA_TABLES],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  prettier,
);
