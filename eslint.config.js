import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** A `*-queries` module of another folder: `../x/x-queries`, `./x/x-queries`, `../x-queries`. */
const otherFeaturesQueries = {
  regex: String.raw`^(?:\.\./)+(?:[\w-]+/)*[\w-]+-queries(?:\.ts)?$|^\./(?:[\w-]+/)+[\w-]+-queries(?:\.ts)?$`,
  message: "A feature's queries are its own: use its service (or orders/order-reads.ts) instead.",
};

/** What writes SQL (drizzle's builders, the tables); their types may be named anywhere. */
const sqlOutsideQueries = [
  {
    // Its error classes are no SQL: the log describes a failed query by them.
    regex: String.raw`^drizzle-orm(?:/(?!errors$).*)?$`,
    allowTypeImports: true,
    message: 'SQL belongs in a *-queries.ts file (or the db/ layer).',
  },
  {
    regex: String.raw`(?:^|/)db/schema(?:\.ts)?$`,
    allowTypeImports: true,
    message: 'SQL belongs in a *-queries.ts file (or the db/ layer).',
  },
];

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
  // docs/architecture.md, "The parts": a feature reads another's tables through that feature's
  // service or reads entry (orders/order-reads.ts), never its `*-queries` modules; only `*-queries`
  // files and the db/ layer write SQL (src/server/server-borders.test.ts proves both rules).
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherFeaturesQueries] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*-queries.ts', 'src/server/db/**', 'src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [otherFeaturesQueries, ...sqlOutsideQueries] },
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
