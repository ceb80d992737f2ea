/**
 * `npm start`: build the web app when its sources are newer than the last build, then run
 * the server, which serves the app and the API on one port.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = path.join(root, 'dist/web/index.html');
const webInputs = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'];

function newestChange(target: string): number {
  if (!existsSync(target)) return 0;
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(target).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    stats.mtimeMs,
  );
}

function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return webInputs.some((input) => newestChange(path.join(root, input)) > builtAt);
}

if (webBuildIsStale()) {
  console.log('Building the web app…');
  // Vite sets NODE_ENV=production for its build; the server must see the operator's own value
  // (production refuses to start without SMTP_URL or MAIL_MODE=log).
  const nodeEnv = process.env.NODE_ENV;
  const { build } = await import('vite');
  await build({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
  if (nodeEnv === undefined) delete process.env.NODE_ENV;
  else process.env.NODE_ENV = nodeEnv;
}

await import('../src/server/main');
