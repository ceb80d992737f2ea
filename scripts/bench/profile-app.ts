/**
 * Where the app spends its CPU under one scenario of `npm run bench`: the app runs with
 * `--cpu-prof` while the scenario's load runs (warm-up, then BENCH_SECONDS), and the profile's
 * self time is summed per function and per package.
 *
 *   npx tsx scripts/bench/profile-app.ts [scenario key]   (customer-orders by default)
 *   BENCH_ORDERS   orders seeded first (10000)
 *
 * The .cpuprofile stays in the printed folder, for Chrome's DevTools (Performance, Load profile).
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN_EMAIL, logIn, withSeededApp } from './bench-servers';
import { measureLoad } from './load';
import { buildScenarios, deepPages, stepToDeepPages } from './scenarios';

const ORDER_COUNT = Number(process.env.BENCH_ORDERS ?? 10_000);
const SCENARIO = process.argv[2] ?? 'customer-orders';
const TOP = 25;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a function comes from: a package, Node itself, or the app's own code. */
function originOf(url: string): string {
  const inPackage = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (inPackage) return inPackage[1]!;
  if (url.startsWith('node:') || (!url.includes('/') && url !== '')) return 'node';
  if (url === '') return '(runtime)';
  return 'app';
}

function printTop(title: string, totals: Map<string, number>, all: number): void {
  console.log(`\n${title}`);
  const sorted = [...totals].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  for (const [name, micros] of sorted) {
    const share = ((micros / all) * 100).toFixed(1).padStart(5);
    console.log(`${share} %  ${(micros / 1000).toFixed(0).padStart(6)} ms  ${name}`);
  }
}

function summarize(profile: CpuProfile): void {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let all = 0;
  profile.samples.forEach((id, index) => {
    const micros = profile.timeDeltas[index] ?? 0;
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    const file = url.replace(/^file:\/\//, '').replace(/^.*\/(node_modules|src|dist)\//, '$1/');
    const name = `${functionName || '(anonymous)'}  ${file ? `${file}:${lineNumber + 1}` : ''}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byOrigin.set(originOf(url), (byOrigin.get(originOf(url)) ?? 0) + micros);
    all += micros;
  });
  printTop('Self time by package', byOrigin, all);
  printTop(`Self time by function (top ${TOP})`, byFunction, all);
}

const profileDir = mkdtempSync(path.join(tmpdir(), 'atlas-profile-'));
await withSeededApp(
  ORDER_COUNT,
  ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  async (app, seeded, databaseUrl) => {
    const tokens = {
      heavyCustomer: await logIn(app.baseUrl, seeded.heavyCustomerEmail),
      admin: await logIn(app.baseUrl, BENCH_ADMIN_EMAIL),
    };
    const deep = await stepToDeepPages(databaseUrl, seeded, deepPages(ORDER_COUNT));
    const scenario = buildScenarios(seeded, tokens, deep).find(
      (candidate) => candidate.key === SCENARIO,
    );
    if (!scenario) throw new Error(`No scenario ${SCENARIO} in scripts/bench/scenarios.ts`);
    const figures = await measureLoad(app.baseUrl, scenario.target);
    console.log(
      `${scenario.title} at ${ORDER_COUNT} orders, profiled: ` +
        `${Math.round(figures.requestsPerSecond)} req/s, p50 ${figures.p50Ms} ms, ` +
        `p99 ${figures.p99Ms} ms, ${figures.failures} failures`,
    );
  },
);
const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
if (!file) throw new Error(`The app wrote no profile in ${profileDir}`);
summarize(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile);
console.log(`\nProfile: ${path.join(profileDir, file)}`);
process.exit(0);
