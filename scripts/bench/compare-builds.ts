/**
 * Two builds of the app under the same scenarios, on one seeded database, their runs alternating
 * (A B B A …) so that the machine's drift cancels: for telling whether a change is faster when
 * two separate `npm run bench` runs differ by more than the change does.
 *
 *   npx tsx scripts/bench/compare-builds.ts <entry A> <entry B> <scenario key>…
 *   BENCH_ORDERS   orders seeded first (10000);  BENCH_ROUNDS   runs of each build (4)
 *
 * An entry is a built server, such as a copy of dist/server as `dist/server-a/main.js` (its paths
 * to dist/web hold from any folder two levels down).
 */
import { BENCH_ADMIN_EMAIL, logIn, startApp } from './bench-servers';
import { connectToBenchServer, createScratchDatabase } from './bench-database';
import { measureLoad, type LoadFigures } from './load';
import { buildScenarios, deepPages, stepToDeepPages } from './scenarios';
import { seedBenchData } from './seed-bench-data';

const [entryA, entryB, ...keys] = process.argv.slice(2);
if (!entryA || !entryB || keys.length === 0) {
  console.error('usage: compare-builds.ts <entry A> <entry B> <scenario key>…');
  process.exit(1);
}
const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);

const server = await connectToBenchServer();
const database = await createScratchDatabase(server);
try {
  const seeded = await seedBenchData(database.url, ORDER_COUNT);
  const deep = await stepToDeepPages(database.url, seeded, deepPages(ORDER_COUNT));
  const apps = [await startApp(database.url, [], entryA), await startApp(database.url, [], entryB)];
  try {
    const scenariosOf = async (baseUrl: string) =>
      buildScenarios(
        seeded,
        {
          heavyCustomer: await logIn(baseUrl, seeded.heavyCustomerEmail),
          admin: await logIn(baseUrl, BENCH_ADMIN_EMAIL),
        },
        deep,
      );
    const scenarios = [await scenariosOf(apps[0]!.baseUrl), await scenariosOf(apps[1]!.baseUrl)];
    for (const key of keys) {
      const figures: LoadFigures[][] = [[], []];
      for (let round = 0; round < ROUNDS; round += 1) {
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        for (const side of order) {
          const scenario = scenarios[side]!.find((candidate) => candidate.key === key);
          if (!scenario) throw new Error(`No scenario ${key}`);
          figures[side]!.push(await measureLoad(apps[side]!.baseUrl, scenario.target));
        }
      }
      const describe = (runs: LoadFigures[]) =>
        runs
          .map((run) => `${Math.round(run.requestsPerSecond)}/${run.p50Ms}/${run.p99Ms}`)
          .join('  ') + (runs.some((run) => run.failures > 0) ? '  FAILURES' : '');
      console.log(
        `${key} (req/s/p50/p99)\n  A ${describe(figures[0]!)}\n  B ${describe(figures[1]!)}`,
      );
    }
  } finally {
    await Promise.all(apps.map((app) => app.stop()));
  }
} finally {
  await database.drop();
  await server.end();
}
process.exit(0);
