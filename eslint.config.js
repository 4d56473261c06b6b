// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
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
  // Server boundaries (docs/ARCHITECTURE.md): routes do HTTP and services decide, so neither
  // touches SQL; providers speak to the outside world and never reach into our modules.
  {
    files: ['packages/server/src/**/*.routes.ts', 'packages/server/src/**/*.service.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'kysely', message: 'SQL belongs in a *.repository.ts.' }],
          patterns: [
            {
              regex: String.raw`^(\.\.?/)+db/(?!schema\.ts$)`,
              message: 'Routes and services reach the database through a repository.',
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
  // Web boundaries: imports flow app → features → components/lib/shared. Features never import
  // the app shell; shared components and lib never import a feature or the app.
  {
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.\./)+app/`,
              message:
                'Features do not import the app shell: move the piece to lib/ or components/.',
            },
          ],
        },
      ],
    },
  },
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
  prettier,
);
