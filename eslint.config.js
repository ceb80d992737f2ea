import path from 'node:path';
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

const webRoot = path.join(import.meta.dirname, 'src/web');

/** Where a file of src/web lives: `features/<area>`, `ui`, `lib`, `i18n`, `app`, or null outside. */
function webZoneOf(file) {
  const [top, area] = path.relative(webRoot, file).split(path.sep);
  if (!top || top === '..' || path.isAbsolute(top)) return null;
  return top === 'features' ? `features/${area}` : top;
}

/**
 * The web's borders (docs/architecture.md): a feature imports ui/, lib/, i18n/ and #shared, never
 * another feature nor app/ (what two features share moves to ui/ or lib/); ui/, lib/ and i18n/
 * import no feature and not app/. Only relative imports can cross them: packages and #shared are
 * free. Written here rather than with a plugin because relative paths need resolving against the
 * importing file, which no-restricted-imports patterns cannot do.
 */
const webBorders = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      otherFeature:
        '{{from}} may not import {{to}}: a feature uses ui/, lib/, i18n/ and #shared only; move what both need to ui/ or lib/.',
      sharedLayer:
        '{{from}} may not import {{to}}: ui/, lib/ and i18n/ never import features/ or app/.',
    },
  },
  create(context) {
    const from = webZoneOf(context.filename);
    if (!from || from === 'app' || from === 'main.tsx') return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = webZoneOf(path.resolve(path.dirname(context.filename), source.value));
      if (!to || to === from) return;
      const sharedTarget = to === 'ui' || to === 'lib' || to === 'i18n';
      if (from.startsWith('features/') && !sharedTarget) {
        context.report({ node: source, messageId: 'otherFeature', data: { from, to } });
      } else if (!from.startsWith('features/') && (to === 'app' || to.startsWith('features/'))) {
        context.report({ node: source, messageId: 'sharedLayer', data: { from, to } });
      }
    };
    return {
      ImportDeclaration: check,
      ImportExpression: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};

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
  {
    // The web's zones: features, and the shared layers ui/, lib/ and i18n/ below them.
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'web-zones': { rules: { borders: webBorders } } },
    rules: { 'web-zones/borders': 'error' },
  },
);
