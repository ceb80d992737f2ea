import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { ZodApp } from '../../src/server/http/zod-app';
import { buildTestApp, type TestApp } from './helpers';

/*
 * The build writes Brotli and gzip copies of its text files (scripts/web-build-plugins.ts) and
 * the server sends them, the page shell of client-side routes included
 * (docs/decisions/0006-what-the-landing-page-loads.md).
 */
const page = '<!doctype html><div id="root"></div>';
const script = 'console.log("the app");';

let testApp: TestApp;
let webRoot: string;
let webApp: ZodApp;

beforeAll(async () => {
  testApp = await buildTestApp();
  webRoot = mkdtempSync(path.join(tmpdir(), 'atlas-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  for (const [file, content] of [
    ['index.html', page],
    ['assets/index-4f2a9c1b.js', script],
  ]) {
    writeFileSync(path.join(webRoot, file), content);
    writeFileSync(path.join(webRoot, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(webRoot, `${file}.gz`), gzipSync(content));
  }
  webApp = await buildApp({
    config: testApp.config,
    db: testApp.database.db,
    channels: testApp.database.channels,
    webRoot,
    runOutboxWorker: false,
  });
  await webApp.ready();
});
afterAll(async () => {
  await webApp.close();
  await testApp.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('the web app is sent compressed', () => {
  it.each(['/', '/login', '/admin/orders', '/assets/index-4f2a9c1b.js'])(
    '%s in Brotli to a browser that takes it',
    async (url) => {
      const response = await webApp.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toContain('accept-encoding');
      const text = brotliDecompressSync(response.rawPayload).toString();
      expect(text).toBe(url.endsWith('.js') ? script : page);
    },
  );

  it('in gzip, or as it is, to a client that takes no Brotli', async () => {
    const gzipped = await webApp.inject({ url: '/login', headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await webApp.inject({
      url: '/login',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(page);
  });

  it('keeps its caching rules: assets for a year, the page shell revalidated', async () => {
    const headers = { 'accept-encoding': 'br' };
    const asset = await webApp.inject({ url: '/assets/index-4f2a9c1b.js', headers });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const shell = await webApp.inject({ url: '/track-shipment', headers });
    expect(shell.headers['cache-control']).toBe('no-cache');
  });
});
