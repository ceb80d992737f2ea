/**
 * `npm run bench`: what a user feels, at 50 connections, for the hot reads and the login, each
 * beside a hand-written Fastify + node-postgres service doing the same SQL (the ceiling,
 * ceiling-server.ts), at 10 000 and 1 000 000 orders seeded in SQL on PostgreSQL. Prints req/s,
 * p50, p99 and the ratio of each, how flat the figures stay from one scale to the other, the
 * order list's p99 during a login storm, the worst ratio and the targets; writes it all to
 * dist/bench-results.json. Before the servers start, it times a 500-line statement PDF
 * (statement-pdf.ts, in this process).
 *
 *   BENCH_DATABASE_URL  PostgreSQL server for the scratch databases
 *                       (postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_SCALES        orders per scale, comma-separated (10000,1000000)
 *   BENCH_CONNECTIONS, BENCH_WARMUP_SECONDS, BENCH_SECONDS   the load (50, 2, 8)
 *   BENCH_APP_ENTRY     the app's entry (dist/server/main.js, built afresh)
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { compareAnswers } from './answer-check';
import { connectToBenchServer, createScratchDatabase } from './bench-database';
import {
  checkTargets,
  flatnessOf,
  printEnding,
  printFlatness,
  printScale,
  ratioOf,
  worstRatioOf,
  writeResults,
  type Flatness,
  type ScaleResult,
  type ScenarioResult,
  type StormResult,
} from './bench-report';
import {
  APP_ENTRY,
  BENCH_ADMIN_EMAIL,
  APP_LOG_LEVEL,
  CEILING_LOG_LEVEL,
  buildAppUnlessGiven,
  logIn,
  startApp,
  startCeiling,
} from './bench-servers';
import { LOAD_SETTINGS, measureLoad, type LoadFigures, type LoadTarget } from './load';
import {
  buildScenarios,
  deepPages,
  loginTarget,
  stepToDeepPages,
  type Scenario,
} from './scenarios';
import { seedBenchData, type SeededData } from './seed-bench-data';
import type { ServerProcess } from './server-process';
import { benchStatementPdf, printStatementPdf, statementPdfTarget } from './statement-pdf';

const DEFAULT_SCALES = [10_000, 1_000_000];
/** A load average above this before the bench starts means other work shares the cores. */
const BUSY_LOAD_AVERAGE = 0.5;

function readScales(): number[] {
  const text = process.env.BENCH_SCALES;
  if (!text) return DEFAULT_SCALES;
  const scales = text.split(',').map((part) => Number(part.trim()));
  if (scales.some((scale) => !Number.isInteger(scale) || scale < 1_000)) {
    console.error(`BENCH_SCALES must be whole numbers of orders, 1000 or more: ${text}`);
    process.exit(1);
  }
  return scales;
}

const describe = (figures: LoadFigures) =>
  figures.failures > 0
    ? `FAILED (${figures.failures} failures)`
    : `${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`;

/**
 * One scenario on both servers, one after the other (never at once: the load runs on the same
 * cores); who goes first alternates from one scenario to the next, so that drift cancels out.
 */
async function measureScenario(
  scenario: Scenario,
  appFirst: boolean,
  app: ServerProcess,
  ceiling: ServerProcess,
): Promise<ScenarioResult> {
  const answers = await compareAnswers(
    app.baseUrl,
    ceiling.baseUrl,
    scenario.target,
    scenario.kind !== 'login',
  );
  const figures = new Map<ServerProcess, LoadFigures>();
  for (const server of appFirst ? [app, ceiling] : [ceiling, app]) {
    figures.set(server, await measureLoad(server.baseUrl, scenario.target));
  }
  const result = {
    key: scenario.key,
    title: scenario.title,
    kind: scenario.kind,
    app: figures.get(app)!,
    ceiling: figures.get(ceiling)!,
    answers,
  };
  const ratio = ratioOf(result.app, result.ceiling);
  console.log(
    `  ${scenario.title}: app ${describe(result.app)}; ceiling ${describe(result.ceiling)}` +
      (ratio === null ? '' : `; ratio ${ratio.toFixed(2)}`),
  );
  return { ...result, ratio };
}

/** The order list alone, then again while a second load signs customers in as fast as it can. */
async function measureStorm(
  server: ServerProcess,
  list: LoadTarget,
  logins: LoadTarget,
): Promise<StormResult> {
  const alone = await measureLoad(server.baseUrl, list);
  const [duringStorm, storm] = await Promise.all([
    measureLoad(server.baseUrl, list),
    measureLoad(server.baseUrl, logins),
  ]);
  console.log(
    `  login storm on ${server.name}: list alone ${describe(alone)}; during the storm ` +
      `${describe(duringStorm)}; logins ${describe(storm)}`,
  );
  return { alone, duringStorm, logins: storm };
}

async function measureScale(
  appUrl: string,
  seeded: SeededData,
  servers: { app: ServerProcess; ceiling: ServerProcess },
  deep: Awaited<ReturnType<typeof stepToDeepPages>>,
): Promise<Omit<ScaleResult, 'orders' | 'seedSeconds'>> {
  const tokens = {
    heavyCustomer: await logIn(appUrl, seeded.heavyCustomerEmail),
    admin: await logIn(appUrl, BENCH_ADMIN_EMAIL),
  };
  const scenarios = buildScenarios(seeded, tokens, deep);
  const results: ScenarioResult[] = [];
  const loadAverages: number[] = [];
  for (const [index, scenario] of scenarios.entries()) {
    results.push(await measureScenario(scenario, index % 2 === 0, servers.app, servers.ceiling));
    loadAverages.push(os.loadavg()[0]!);
  }
  const list = scenarios.find((scenario) => scenario.key === 'customer-orders')!.target;
  const logins = loginTarget(seeded);
  return {
    scenarios: results,
    loadAverage: { min: Math.min(...loadAverages), max: Math.max(...loadAverages) },
    storm: {
      app: await measureStorm(servers.app, list, logins),
      ceiling: await measureStorm(servers.ceiling, list, logins),
    },
  };
}

/** Everything to undo if the run is interrupted: servers to stop, the scratch database to drop. */
const cleanups = new Set<() => Promise<void>>();
async function withCleanup<T>(cleanup: () => Promise<void>, work: () => Promise<T>): Promise<T> {
  cleanups.add(cleanup);
  try {
    return await work();
  } finally {
    cleanups.delete(cleanup);
    await cleanup();
  }
}
process.once('SIGINT', () => {
  console.error('\nInterrupted: stopping the servers and dropping the scratch database…');
  void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).then(() => process.exit(130));
});

async function benchScale(
  server: pg.Client,
  orders: number,
  deep: ReturnType<typeof deepPages>,
): Promise<ScaleResult> {
  console.log(`\n${orders.toLocaleString('en')} orders: seeding a scratch database…`);
  const database = await createScratchDatabase(server);
  return withCleanup(database.drop, async () => {
    const seeded = await seedBenchData(database.url, orders);
    console.log(`  seeded in ${seeded.seconds.toFixed(1)} s (VACUUM ANALYZE included)`);
    const app = await startApp(database.url);
    return withCleanup(app.stop, async () => {
      const ceiling = await startCeiling(database.url);
      return withCleanup(ceiling.stop, async () => ({
        orders,
        seedSeconds: seeded.seconds,
        ...(await measureScale(
          app.baseUrl,
          seeded,
          { app, ceiling },
          await stepToDeepPages(database.url, seeded, deep),
        )),
      }));
    });
  });
}

const started = performance.now();
const startedAt = new Date();
const scales = readScales();
const deep = deepPages(Math.min(...scales));
// The bench's own processes take both cores once it runs: only now does the load average tell
// whether something else is busy on the machine.
const loadAverageBefore = os.loadavg()[0]!;
buildAppUnlessGiven();
const server = await connectToBenchServer();
const { rows } = await server.query<{ server_version: string }>('show server_version');
console.log(
  `Bench: ${LOAD_SETTINGS.connections} connections, ${LOAD_SETTINGS.warmupSeconds} s warm-up ` +
    `then ${LOAD_SETTINGS.seconds} s per run; app (${APP_ENTRY}, one process) at LOG_LEVEL=` +
    `${APP_LOG_LEVEL} and ceiling (scripts/bench/ceiling-server.ts) at LOG_LEVEL=` +
    `${CEILING_LOG_LEVEL}; PostgreSQL ` +
    `${rows[0]!.server_version}; ${os.cpus().length} cores; load generated in this process.`,
);
if (loadAverageBefore > BUSY_LOAD_AVERAGE) {
  console.log(
    `Warning: the machine was already busy (load average ${loadAverageBefore.toFixed(1)} over ` +
      `the last minute): other work on these cores skews every figure below.`,
  );
}

// Documents need no database: timed first, before the servers share the cores.
const statementPdf = await benchStatementPdf();
printStatementPdf(statementPdf);

const results: ScaleResult[] = [];
try {
  for (const orders of scales) results.push(await benchScale(server, orders, deep));
} finally {
  await server.end();
}

for (const scale of results) printScale(scale);
const flatness: Flatness[] = results.length > 1 ? flatnessOf(results[0]!, results.at(-1)!) : [];
if (flatness.length > 0) printFlatness(results[0]!, results.at(-1)!, flatness);
const targets = [...checkTargets(results, flatness), statementPdfTarget(statementPdf)];
printEnding(results, targets);
const totalSeconds = (performance.now() - started) / 1000;
const file = writeResults({
  startedAt: startedAt.toISOString(),
  totalSeconds,
  machine: {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    node: process.version,
    loadAverageBefore,
  },
  postgres: rows[0]!.server_version,
  settings: {
    ...LOAD_SETTINGS,
    logLevel: APP_LOG_LEVEL,
    ceilingLogLevel: CEILING_LOG_LEVEL,
    appEntry: APP_ENTRY,
  },
  scales: results,
  flatness,
  worst: worstRatioOf(results) ?? null,
  worstRead: worstRatioOf(results, (kind) => kind !== 'login') ?? null,
  targets,
  statementPdf,
});
console.log(`\nWhole run: ${(totalSeconds / 60).toFixed(1)} min. Figures in ${file}`);
// The password-hashing thread the seeding started would keep the process alive.
process.exit(0);
