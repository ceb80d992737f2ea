/**
 * Fails when the JavaScript the landing page loads exceeds the budget, or when any of it
 * belongs to the dashboard or admin areas. Follows the Vite manifest from the entry and the
 * landing route's lazy modules through their static imports.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const webRoot = path.resolve('dist/web');
const manifestPath = path.join(webRoot, '.vite/manifest.json');
const landingModules = [
  'index.html',
  'features/public/public-layout.tsx',
  'features/public/pages/home-page.tsx',
];

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
}

if (!existsSync(manifestPath)) {
  console.error('No build found: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;

const chunkKeys = new Set<string>();
const visit = (key: string) => {
  if (chunkKeys.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no entry ${key}`);
  chunkKeys.add(key);
  for (const imported of chunk.imports ?? []) visit(imported);
};
landingModules.forEach(visit);

let totalBytes = 0;
const forbidden: string[] = [];
for (const key of chunkKeys) {
  const { file, src } = manifest[key]!;
  if (!file.endsWith('.js')) continue;
  totalBytes += gzipSync(readFileSync(path.join(webRoot, file))).length;
  if (/(^|\/)(dashboard|admin)/.test(src ?? key)) forbidden.push(src ?? key);
}

const totalKb = totalBytes / 1024;
console.log(
  `Landing page JavaScript: ${totalKb.toFixed(1)} KB gzipped in ${chunkKeys.size} chunks (budget ${BUDGET_KB} KB)`,
);
let failed = false;
if (totalKb > BUDGET_KB) {
  console.error(`Over budget by ${(totalKb - BUDGET_KB).toFixed(1)} KB.`);
  failed = true;
}
if (forbidden.length > 0) {
  console.error(`The landing page loads dashboard or admin code: ${forbidden.join(', ')}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
