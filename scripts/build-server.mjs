/**
 * The server's production build: `src/server/main.ts` and the password-hashing worker bundled
 * into `dist/server/` (packages stay in node_modules), beside a copy of the migrations, so that
 * what the server finds from `import.meta.url` is there too: `../../dist/web` (main.ts, two
 * folders down in both), `./migrations` (db/open-database.ts) and the worker beside
 * password-hashing.ts. Run by `npm run build` and, when the sources are newer, by `npm start`.
 */
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
export const serverOutDir = path.join(root, 'dist/server');

/**
 * Built beside the old build and swapped in whole: a server still running from it (a worker
 * restarting, its hashing thread starting) never finds a file missing or half written.
 */
export async function buildServer() {
  const nextDir = `${serverOutDir}-next-${process.pid}`;
  const oldDir = `${serverOutDir}-old-${process.pid}`;
  rmSync(nextDir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: {
      main: 'src/server/main.ts',
      'password-hashing-worker': 'src/server/auth/password-hashing-worker.ts',
    },
    outdir: nextDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'src/server/db/migrations'), path.join(nextDir, 'migrations'), {
    recursive: true,
  });
  if (existsSync(serverOutDir)) renameSync(serverOutDir, oldDir);
  renameSync(nextDir, serverOutDir);
  rmSync(oldDir, { recursive: true, force: true });
  // esbuild's service process would otherwise stay beside `npm start`'s launcher as long as it runs.
  await stop();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await buildServer();
}
