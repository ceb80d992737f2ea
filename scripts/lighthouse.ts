/**
 * `npm run lighthouse`: Lighthouse's mobile audit (simulated throttling) of the public pages of
 * the production build, against the targets of issue 12: performance at least 0.95 and
 * accessibility 1.00. Builds nothing: run `npm run build` first. Serves the build with the real
 * server (the embedded database in memory) on a free port, audits each page three times in
 * Chromium and keeps the run with the median performance score, as one run varies by a few
 * points. `/` is audited a second time in Arabic (right to left). Exits 1 when a page misses a
 * target.
 *
 *   npm run build && npm run lighthouse
 *
 * LIGHTHOUSE_WEB_ROOT audits another build directory; CHROME_PATH another browser.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { launch, type LaunchedChrome } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { buildApp } from '../src/server/app';
import { readConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/open-database';

const RUNS = 3;
const PERFORMANCE_TARGET = 0.95;
const ACCESSIBILITY_TARGET = 1;
const CATEGORIES = ['performance', 'accessibility'] as const;
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
] as const;

interface AuditedPage {
  name: string;
  path: string;
  /** The languages the visitor's browser asks for (navigator.languages, src/web/i18n/). */
  browserLanguage: string;
}

const pages: AuditedPage[] = [
  { name: '/', path: '/', browserLanguage: 'en-US' },
  { name: '/track-shipment', path: '/track-shipment', browserLanguage: 'en-US' },
  { name: '/login', path: '/login', browserLanguage: 'en-US' },
  { name: '/ (Arabic)', path: '/', browserLanguage: 'ar' },
];

const webRoot = path.resolve(process.env.LIGHTHOUSE_WEB_ROOT ?? 'dist/web');
if (!existsSync(path.join(webRoot, 'index.html'))) {
  console.error(`No build in ${webRoot}: run \`npm run build\` first.`);
  process.exit(1);
}

async function startServer() {
  const config = readConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'lighthouse-secret-that-is-long-enough-for-hs256',
  });
  const database = await openDatabase({ kind: 'pglite' });
  await database.migrate();
  const app = await buildApp({
    config,
    db: database.db,
    channels: database.channels,
    webRoot,
    runOutboxWorker: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

function launchChromium(language: string): Promise<LaunchedChrome> {
  return launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      `--accept-lang=${language}`,
    ],
    logLevel: 'silent',
  });
}

/** Lighthouse now and then fails to record a page load (NO_NAVSTART): such a run is redone. */
const ATTEMPTS = 3;

async function auditOnce(url: string, chrome: LaunchedChrome): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const runnerResult = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: [...CATEGORIES],
    });
    const lhr = runnerResult?.lhr;
    const failure = lhr ? lhr.runtimeError?.message : 'Lighthouse returned no result';
    if (lhr && !failure) return lhr;
    if (attempt === ATTEMPTS) throw new Error(`${url}: ${failure}`);
    console.log(`  ${url}: ${failure}; running it again`);
  }
}

const scoreOf = (lhr: Result, category: (typeof CATEGORIES)[number]) =>
  lhr.categories[category]?.score ?? 0;

/** The run whose performance score is the median of the runs. */
function medianRun(runs: Result[]): Result {
  const sorted = [...runs].sort((a, b) => scoreOf(a, 'performance') - scoreOf(b, 'performance'));
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** The audits of both categories that lose points, with what Lighthouse says of them. */
function failingAudits(lhr: Result): string[] {
  const lines: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (['informative', 'manual', 'notApplicable'].includes(audit.scoreDisplayMode)) continue;
      const value = audit.displayValue ? ` (${audit.displayValue})` : '';
      lines.push(`${category}: ${audit.id}${value}: ${audit.title}`);
    }
  }
  return lines;
}

function report(page: AuditedPage, runs: Result[]): boolean {
  const lhr = medianRun(runs);
  const performance = scoreOf(lhr, 'performance');
  const accessibility = scoreOf(lhr, 'accessibility');
  const metrics = METRICS.map(
    ([label, id]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`,
  ).join(', ');
  const performanceRuns = runs.map((run) => scoreOf(run, 'performance').toFixed(2)).join(' ');
  console.log(
    `\n${page.name}: performance ${performance.toFixed(2)} (runs ${performanceRuns}), ` +
      `accessibility ${accessibility.toFixed(2)}\n  ${metrics}`,
  );
  for (const line of failingAudits(lhr)) console.log(`  - ${line}`);
  const passed = performance >= PERFORMANCE_TARGET && accessibility >= ACCESSIBILITY_TARGET;
  if (!passed) console.log(`  below the targets (${PERFORMANCE_TARGET} / ${ACCESSIBILITY_TARGET})`);
  return passed;
}

const server = await startServer();
let allPassed = true;
try {
  console.log(`Auditing ${webRoot} at ${server.origin}, ${RUNS} runs per page`);
  for (const page of pages) {
    const chrome = await launchChromium(page.browserLanguage);
    try {
      const runs: Result[] = [];
      for (let run = 0; run < RUNS; run++) {
        runs.push(await auditOnce(`${server.origin}${page.path}`, chrome));
      }
      allPassed = report(page, runs) && allPassed;
    } finally {
      chrome.kill();
    }
  }
} finally {
  await server.close();
}
process.exit(allPassed ? 0 : 1);
