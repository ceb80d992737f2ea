/**
 * Prints `N passed, N failed` over every suite: tests from the Vitest and Playwright JSON
 * reports, and each check step (typecheck, lint, …) as one.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface StepReport {
  step: string;
  passed: boolean;
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

for (const file of readdirSync(folder).filter((name) => name.startsWith('step-'))) {
  const step = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as StepReport;
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
