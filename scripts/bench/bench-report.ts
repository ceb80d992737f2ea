import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoadFigures } from './load';
import type { ScenarioKind } from './scenarios';

/*
 * What `npm run bench` prints and writes to dist/bench-results.json: per scale the app beside
 * its ceiling, then how flat each figure stays from the smallest scale to the largest, the login
 * storm, the worst ratio and the targets, each passed or failed.
 */

/** The targets of docs/decisions/0012-speed-at-scale.md. */
export const TARGETS = {
  /** Every hot read at least this share of its ceiling's requests per second. */
  minRatio: 0.6,
  /** And its p99 at most this, at 50 connections. */
  maxP99Ms: 50,
  /** Lists and dashboards: p50 at the largest scale at most this many times the smallest's. */
  maxFlatness: 1.5,
  /** The order list's p99 during a login storm at most this many times its p99 alone. */
  maxStormSlowdown: 2,
};

export interface ScenarioResult {
  key: string;
  title: string;
  kind: ScenarioKind;
  app: LoadFigures;
  ceiling: LoadFigures;
  /** App requests per second ÷ the ceiling's; null when either run had failures. */
  ratio: number | null;
  /** 'same', or where the ceiling's answer departs from the app's (answer-check.ts). */
  answers: string;
}

export interface StormResult {
  alone: LoadFigures;
  duringStorm: LoadFigures;
  logins: LoadFigures;
}

export interface ScaleResult {
  orders: number;
  seedSeconds: number;
  scenarios: ScenarioResult[];
  /**
   * The one-minute load average after each scenario, lowest and highest. The bench keeps about
   * two cores busy itself; much more means other work shared them.
   */
  loadAverage: { min: number; max: number };
  storm: { app: StormResult; ceiling: StormResult };
}

export interface TargetCheck {
  target: string;
  pass: boolean;
  detail: string;
}

const failed = (figures: LoadFigures) => figures.failures > 0;

export function ratioOf(app: LoadFigures, ceiling: LoadFigures): number | null {
  if (failed(app) || failed(ceiling) || ceiling.requestsPerSecond === 0) return null;
  return app.requestsPerSecond / ceiling.requestsPerSecond;
}

const integer = (value: number) => Math.round(value).toLocaleString('en');
const twoDecimals = (value: number | null) => (value === null ? '–' : value.toFixed(2));
const ms = (value: number) => `${Math.round(value)} ms`;

function row(cells: string[], widths: number[]): string {
  return cells
    .map((cell, index) => (index === 0 ? cell.padEnd(widths[0]!) : cell.padStart(widths[index]!)))
    .join('  ');
}

function figureCells(figures: LoadFigures): string[] {
  if (failed(figures)) {
    const refusals = Object.keys(figures.statusCounts).filter((status) => !status.startsWith('2'));
    return ['FAILED', `${figures.failures}×`, refusals.join(',') || 'errors'];
  }
  return [integer(figures.requestsPerSecond), ms(figures.p50Ms), ms(figures.p99Ms)];
}

export function printScale(scale: ScaleResult): void {
  const widths = [34, 9, 8, 8, 9, 8, 8, 6];
  console.log(
    `\n${integer(scale.orders)} orders (seeded in ${scale.seedSeconds.toFixed(0)} s; load ` +
      `average ${scale.loadAverage.min.toFixed(1)}–${scale.loadAverage.max.toFixed(1)} ` +
      `during the runs, about 2 of it the bench's own)\n` +
      row(
        [
          'scenario',
          'app req/s',
          'app p50',
          'app p99',
          'ceil req/s',
          'ceil p50',
          'ceil p99',
          'ratio',
        ],
        widths,
      ),
  );
  for (const result of scale.scenarios) {
    console.log(
      row(
        [
          result.title,
          ...figureCells(result.app),
          ...figureCells(result.ceiling),
          twoDecimals(result.ratio),
        ],
        widths,
      ),
    );
  }
  const departures = scale.scenarios.filter((result) => result.answers !== 'same');
  for (const result of departures) {
    console.log(`  ! ${result.title}: the ceiling's answer differs at ${result.answers}`);
  }
  for (const [server, storm] of Object.entries(scale.storm)) {
    console.log(stormLine(server, storm));
  }
}

function stormLine(server: string, storm: StormResult): string {
  if (failed(storm.alone) || failed(storm.duringStorm) || failed(storm.logins)) {
    return `login storm (${server}): FAILED (${storm.alone.failures} + ${storm.duringStorm.failures} failures on the list, ${storm.logins.failures} on the logins)`;
  }
  if (storm.logins.requests === 0) {
    return `login storm (${server}): no login was answered while the list ran (list p99 ${ms(storm.alone.p99Ms)} alone, ${ms(storm.duringStorm.p99Ms)} then)`;
  }
  const slowdown = storm.duringStorm.p99Ms / Math.max(storm.alone.p99Ms, 1);
  return (
    `login storm (${server}): order list p99 ${ms(storm.alone.p99Ms)} alone, ` +
    `${ms(storm.duringStorm.p99Ms)} during ${integer(storm.logins.requestsPerSecond)} logins/s ` +
    `(×${slowdown.toFixed(2)}; list ${integer(storm.duringStorm.requestsPerSecond)} req/s, ` +
    `login p50 ${ms(storm.logins.p50Ms)}, p99 ${ms(storm.logins.p99Ms)})`
  );
}

export interface Flatness {
  title: string;
  kind: ScenarioKind;
  /** Null where the app's run had failures. */
  smallP50Ms: number | null;
  largeP50Ms: number | null;
  ratio: number | null;
}

const p50Of = (figures: LoadFigures) => (failed(figures) ? null : figures.p50Ms);

/** Each scenario's p50 at the largest scale over the smallest's. */
export function flatnessOf(small: ScaleResult, large: ScaleResult): Flatness[] {
  return small.scenarios.flatMap((before) => {
    const after = large.scenarios.find((result) => result.key === before.key);
    if (!after) return [];
    const smallP50Ms = p50Of(before.app);
    const largeP50Ms = p50Of(after.app);
    const ratio =
      smallP50Ms === null || largeP50Ms === null ? null : largeP50Ms / Math.max(smallP50Ms, 1);
    return [{ title: before.title, kind: before.kind, smallP50Ms, largeP50Ms, ratio }];
  });
}

export function printFlatness(small: ScaleResult, large: ScaleResult, flatness: Flatness[]): void {
  const widths = [34, 10, 10, 6];
  const cell = (value: number | null) => (value === null ? 'FAILED' : ms(value));
  console.log(
    `\nFlatness (app p50)\n` +
      row(
        ['scenario', `at ${integer(small.orders)}`, `at ${integer(large.orders)}`, 'ratio'],
        widths,
      ),
  );
  for (const entry of flatness) {
    console.log(
      row(
        [entry.title, cell(entry.smallP50Ms), cell(entry.largeP50Ms), twoDecimals(entry.ratio)],
        widths,
      ),
    );
  }
}

/** The lowest ratio over every scale and scenario, or undefined when none has one. */
/** The lowest ratio of the scenarios `counted` keeps (all by default), and where it was. */
export function worstRatioOf(
  scales: ScaleResult[],
  counted: (kind: ScenarioKind) => boolean = () => true,
) {
  let worst: { ratio: number; title: string; orders: number } | undefined;
  for (const scale of scales) {
    for (const result of scale.scenarios) {
      if (!counted(result.kind) || result.ratio === null) continue;
      if (!worst || result.ratio < worst.ratio) {
        worst = { ratio: result.ratio, title: result.title, orders: scale.orders };
      }
    }
  }
  return worst;
}

export function checkTargets(scales: ScaleResult[], flatness: Flatness[]): TargetCheck[] {
  const reads = scales.flatMap((scale) =>
    scale.scenarios
      .filter((result) => result.kind !== 'login')
      .map((result) => ({ ...result, where: `${result.title} at ${integer(scale.orders)}` })),
  );
  const failures = scales.flatMap((scale) =>
    scale.scenarios
      .filter((result) => failed(result.app) || failed(result.ceiling))
      .map((result) => `${result.title} at ${integer(scale.orders)}`),
  );
  const lowRatios = reads.filter((read) => read.ratio !== null && read.ratio < TARGETS.minRatio);
  const slowP99s = reads.filter((read) => !failed(read.app) && read.app.p99Ms > TARGETS.maxP99Ms);
  const notFlat = flatness.filter(
    (entry) =>
      (entry.kind === 'list' || entry.kind === 'dashboard') &&
      (entry.ratio === null || entry.ratio > TARGETS.maxFlatness),
  );
  const storms = scales.map((scale) => ({ orders: scale.orders, storm: scale.storm.app }));
  // A storm in which no login is answered shields the list by starving the logins: no pass.
  const badStorms = storms.filter(
    ({ storm }) =>
      failed(storm.alone) ||
      failed(storm.duringStorm) ||
      storm.logins.requests === 0 ||
      storm.duringStorm.p99Ms > TARGETS.maxStormSlowdown * Math.max(storm.alone.p99Ms, 1),
  );
  const check = (target: string, misses: string[]): TargetCheck => ({
    target,
    pass: misses.length === 0,
    detail: misses.length === 0 ? 'all' : misses.join('; '),
  });
  return [
    check('every request answered 2xx, by the app and its ceiling', failures),
    check(
      `every hot read ≥ ${TARGETS.minRatio}× its ceiling (req/s)`,
      lowRatios.map((read) => `${read.where}: ${twoDecimals(read.ratio)}`),
    ),
    check(
      `every hot read p99 ≤ ${TARGETS.maxP99Ms} ms at 50 connections`,
      slowP99s.map((read) => `${read.where}: ${ms(read.app.p99Ms)}`),
    ),
    flatness.length === 0
      ? {
          target: `lists and dashboards: p50 at the largest scale ≤ ${TARGETS.maxFlatness}× the smallest's`,
          pass: false,
          detail: 'not measured (one scale only)',
        }
      : check(
          `lists and dashboards: p50 at the largest scale ≤ ${TARGETS.maxFlatness}× the smallest's`,
          notFlat.map((entry) =>
            entry.ratio === null
              ? `${entry.title}: failed at a scale`
              : `${entry.title}: ×${entry.ratio.toFixed(2)}`,
          ),
        ),
    check(
      `login storm: the order list's p99 ≤ ${TARGETS.maxStormSlowdown}× its p99 alone`,
      badStorms.map(
        ({ orders, storm }) =>
          `at ${integer(orders)}: ${ms(storm.duringStorm.p99Ms)} vs ${ms(storm.alone.p99Ms)}` +
          (storm.logins.requests === 0 ? ', no login answered' : ''),
      ),
    ),
  ];
}

export function printEnding(scales: ScaleResult[], targets: TargetCheck[]): void {
  const describeWorst = (worst: ReturnType<typeof worstRatioOf>) =>
    worst
      ? `${worst.ratio.toFixed(2)} (${worst.title}, ${integer(worst.orders)} orders)`
      : 'none measured';
  console.log(`\nworst ratio: ${describeWorst(worstRatioOf(scales))}`);
  // Logins are slow by design (argon2id, and a hashing thread that rests half the time:
  // docs/decisions/0012-speed-at-scale.md), so the reads' worst is the one the target is about.
  console.log(
    `worst ratio of the hot reads: ${describeWorst(worstRatioOf(scales, (kind) => kind !== 'login'))}`,
  );
  for (const check of targets) {
    console.log(`${check.pass ? 'PASS' : 'FAIL'}  ${check.target}: ${check.detail}`);
  }
}

const resultsFile = fileURLToPath(new URL('../../dist/bench-results.json', import.meta.url));

/** dist/bench-results.json (dist/ is git-ignored), for the figures quoted in the README. */
export function writeResults(results: object): string {
  mkdirSync(path.dirname(resultsFile), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
  return resultsFile;
}
