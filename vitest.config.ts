import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/i18n/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          environment: 'node',
          // Each API test file owns a PGlite instance (~1 GB peak while migrating): two at a time.
          maxWorkers: 2,
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
