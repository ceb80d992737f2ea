import path from 'node:path';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
