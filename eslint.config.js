import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'check-file': checkFile },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        { 'src/**/': 'KEBAB_CASE', 'tests/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // docs/architecture.md, "The parts": a feature reads another's tables through that feature's
    // service or reads entry (orders/order-reads.ts), never its `*-queries` modules, and only
    // `*-queries` files (and the db/ layer) hold SQL: src/server/server-borders.test.ts.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(?:\.\./)+(?:[\w-]+/)*[\w-]+-queries(?:\.ts)?$|^\./(?:[\w-]+/)+[\w-]+-queries(?:\.ts)?$`,
              message:
                "A feature's queries are its own: use its service (or orders/order-reads.ts) instead.",
            },
          ],
        },
      ],
    },
  },
  {
    // The shared rules run in the browser and on the server: no Node or DOM API.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'node:*',
            'react',
            'react-*',
            'fastify*',
            'drizzle-orm*',
            'pg',
            '../server/*',
            '../web/*',
          ],
        },
      ],
    },
  },
);
