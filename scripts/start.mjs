/**
 * `npm start`: build what is older than its sources (the web app with Vite, the server with
 * esbuild, scripts/build-server.mjs), then run the compiled server, `node dist/server/main.js`,
 * which serves the app and the API on one port. Plain JavaScript, so nothing compiles at start.
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServer, serverOutDir } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const lockfile = 'package-lock.json';
const builds = [
  {
    name: 'the web app',
    output: path.join(root, 'dist/web/index.html'),
    inputs: ['src/web', 'src/shared', 'vite.config.ts', lockfile],
    run: buildWebApp,
  },
  {
    name: 'the server',
    output: path.join(serverOutDir, 'main.js'),
    inputs: ['src/server', 'src/shared', 'scripts/build-server.mjs', lockfile],
    run: buildServer,
  },
];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    stats.mtimeMs,
  );
}

function isStale({ output, inputs }) {
  if (!existsSync(output)) return true;
  const builtAt = statSync(output).mtimeMs;
  return inputs.some((input) => newestChange(path.join(root, input)) > builtAt);
}

async function buildWebApp() {
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

// Vite sets NODE_ENV=production for its build; the server must see the operator's own value
// (production refuses to start without SMTP_URL or MAIL_MODE=log).
const serverEnv = { ...process.env };
for (const build of builds.filter(isStale)) {
  console.log(`Building ${build.name}…`);
  await build.run();
}

const server = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(serverOutDir, 'main.js')],
  { cwd: process.cwd(), env: serverEnv, stdio: 'inherit' },
);
// The server stops cleanly on either signal; this process only waits for it to finish.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 1));
