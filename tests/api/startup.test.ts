import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('starting the server with bad configuration', () => {
  it('stops with one clear line and a failing exit code', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { ...process.env, PORT: 'not-a-port', DATABASE_URL: '' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a number');
    expect(result.stdout).toBe('');
  });
});
