import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API test files whose subject is not the database: `npm test` runs them on PGlite only, not a
 * second time when API_TEST_DB=postgres (docs/architecture.md, "Tests"). A file belongs here only
 * if none of its assertions could answer differently on PostgreSQL: no SQL of its own, no
 * transactions, races, pools or LISTEN/NOTIFY; the routes it goes through are asserted on both
 * databases by their own files.
 */
export const API_FILES_ON_ONE_DATABASE = [
  // Starts the server process on the embedded database whatever the run (DATABASE_URL='').
  'tests/api/startup.test.ts',
  // How mail and SMS are sent or logged in each MAIL_MODE: transports and log lines.
  'tests/api/mail-modes.test.ts',
  // Whether message texts reach the log and the Messages screen: a configuration rule.
  'tests/api/message-texts-in-log.test.ts',
  // The seed script's calls to the API; those routes are asserted on both by their own files.
  'tests/api/seed-demo.test.ts',
  // Compressed static files and their caching headers.
  'tests/api/web-app-compression.test.ts',
  // The request log's lines.
  'tests/api/request-log.test.ts',
  // The OpenAPI document, generated from the routes' schemas alone.
  'tests/api/openapi.test.ts',
];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/i18n/**/*.test.ts'],
          environment: 'node',
          // The files share one module graph per worker instead of importing it again each: the
          // step's CPU time fell from ~28 s to ~9 s. A file that changes shared state (i18n's
          // language, a stubbed global) puts it back itself (docs/architecture.md, "Tests").
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.API_TEST_DB === 'postgres' ? API_FILES_ON_ONE_DATABASE : []),
          ],
          globalSetup: ['tests/api/global-setup.ts'],
          environment: 'node',
          // Each API test file owns a PGlite instance (~1 GB peak while migrating): two at a time.
          maxWorkers: 2,
          // Each worker imports the app's modules once for all its files rather than once per file
          // (about 3.5 s of CPU a file): the PGlite run's CPU time fell from ~416 s to ~224 s. Every
          // file still builds its own app on its own database (tests/api/helpers.ts); no API test
          // mocks a module or changes process.env, which would then leak into the next file.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // `npm run test:resilience` (docs/reliability.md): bad inputs, crashes and database cuts.
        test: {
          name: 'resilience',
          include: ['tests/resilience/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          environment: 'node',
          maxWorkers: 1,
          testTimeout: 180_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
