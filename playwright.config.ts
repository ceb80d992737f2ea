import { defineConfig, devices } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Without TEST_DATABASE_URL the app runs on the embedded database (the README's `npm test`), whose
 * queries share the server's one thread: the same run takes about twice as long as on PostgreSQL,
 * and so does a signed-in screen's first paint (its session check and screen code) while the other
 * worker's browser and requests load the same two cores. Waits get the same allowance for the same
 * work: twice as long there.
 */
const slowerDatabase = process.env.TEST_DATABASE_URL ? 1 : 2;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A hang detector, not a speed check (speed is measured by `npm run bench`): on 2 cores the
  // two workers, the app and its database share the CPU, and the longest multi-step journeys
  // (a five-step order, a driver's whole delivery) ran 13 to 33 s from one run to the next.
  timeout: 60_000 * slowerDatabase,
  expect: { timeout: 7_000 * slowerDatabase },
  outputDir: 'test-results/e2e',
  reporter: [['list']],
  use: {
    // Set by the global setup, which starts the built app on a free port.
    baseURL: process.env.E2E_BASE_URL,
    // A failed test keeps its trace (each action's DOM snapshot, the network, the console) and
    // its final screenshot; the trace's film of screenshots is left out: every test recorded it
    // and nearly all threw it away, about a quarter of the run's CPU time (docs/architecture.md).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, testIgnore: /\.phone\.spec\.ts/ },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 360, height: 780 } },
      testMatch: /\.phone\.spec\.ts/,
    },
  ],
});
