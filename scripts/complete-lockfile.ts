/**
 * The npm registry mirror on these machines lacks the non-Linux builds of Tailwind's native
 * engine (@tailwindcss/oxide-*), so `npm install` leaves them out of package-lock.json and
 * `npm ci` then refuses the lock as out of sync. This adds the missing entries with their
 * platform constraints, which npm honours by skipping them on Linux. Run it after
 * regenerating the lock from scratch (`npx tsx scripts/complete-lockfile.ts`).
 */
import { readFileSync, writeFileSync } from 'node:fs';

interface LockEntry {
  version: string;
  optionalDependencies?: Record<string, string>;
  [key: string]: unknown;
}

const platforms: Record<string, { cpu: string[]; os?: string[] }> = {
  'android-arm64': { cpu: ['arm64'], os: ['android'] },
  'darwin-arm64': { cpu: ['arm64'], os: ['darwin'] },
  'darwin-x64': { cpu: ['x64'], os: ['darwin'] },
  'freebsd-x64': { cpu: ['x64'], os: ['freebsd'] },
  'linux-arm-gnueabihf': { cpu: ['arm'], os: ['linux'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { cpu: ['arm64'], os: ['win32'] },
  'win32-x64-msvc': { cpu: ['x64'], os: ['win32'] },
};

const lockPath = 'package-lock.json';
const lock = JSON.parse(readFileSync(lockPath, 'utf8')) as { packages: Record<string, LockEntry> };
const oxide = lock.packages['node_modules/@tailwindcss/oxide'];
if (!oxide) throw new Error('No @tailwindcss/oxide in the lock');

let added = 0;
for (const [platform, constraints] of Object.entries(platforms)) {
  const key = `node_modules/@tailwindcss/oxide-${platform}`;
  if (lock.packages[key]) continue;
  lock.packages[key] = {
    version: oxide.version,
    ...constraints,
    dev: true,
    license: 'MIT',
    optional: true,
    engines: { node: '>= 20' },
  };
  added += 1;
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
);
writeFileSync(lockPath, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(`Added ${added} missing lock entries.`);
