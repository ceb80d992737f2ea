/**
 * Prints how long each step took, then `N passed, N failed` over every suite: tests from the
 * Vitest and Playwright JSON reports, and each check step (typecheck, lint, …) as one.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

interface StepReport {
  step: string;
  passed: boolean;
  seconds: number;
}

function countTests(report: unknown): { passed: number; failed: number } {
  if (typeof report === 'object' && report && 'numPassedTests' in report) {
    const vitest = report as { numPassedTests: number; numFailedTests: number };
    return { passed: vitest.numPassedTests, failed: vitest.numFailedTests };
  }
  if (typeof report === 'object' && report && 'stats' in report) {
    const { stats } = report as { stats: { expected: number; unexpected: number; flaky: number } };
    return { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  }
  return { passed: 0, failed: 0 };
}

const folder = process.argv[2] ?? '.tmp/reports';
let passed = 0;
let failed = 0;

// In the order they ran: each step's report is written as it ends.
const steps = readdirSync(folder)
  .filter((name) => name.startsWith('step-'))
  .map((name) => path.join(folder, name))
  .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs)
  .map((file) => JSON.parse(readFileSync(file, 'utf8')) as StepReport);

// The three static checks run side by side before the rest: one time for the three.
const staticTimeFile = path.join(folder, 'static-checks-time.json');
const times = [
  ...(existsSync(staticTimeFile)
    ? [
        `static checks ${(JSON.parse(readFileSync(staticTimeFile, 'utf8')) as { seconds: number }).seconds} s`,
      ]
    : []),
  ...steps.filter((step) => step.seconds > 0).map((step) => `${step.step} ${step.seconds} s`),
];
console.log(`Step times: ${times.join(', ')}`);

for (const step of steps) {
  const testReport = path.join(folder, `${step.step}.json`);
  if (!existsSync(testReport)) {
    // A check without tests (typecheck, lint, …) counts once.
    if (step.passed) passed += 1;
    else failed += 1;
    continue;
  }
  const counts = countTests(JSON.parse(readFileSync(testReport, 'utf8')));
  passed += counts.passed;
  // A suite that failed without a failing test (it crashed, or found nothing) still fails.
  failed += step.passed ? counts.failed : Math.max(1, counts.failed);
}

console.log(`${passed} passed, ${failed} failed`);
