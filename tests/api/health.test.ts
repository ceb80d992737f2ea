import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';
import { usesPostgres } from './test-database-mode';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

describe('GET /api/health', () => {
  it('answers ok after a real database query', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('sends security headers', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('reports the database as down when it stops answering', async () => {
    const broken = await buildTestApp();
    await broken.database.close();
    const response = await broken.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', db: 'error' });
    await broken.close();
  });
});

// PGlite runs statements on the event loop itself: a long one holds every answer, health's too.
describe.skipIf(!usesPostgres())('GET /api/health with every connection busy', () => {
  it('answers 503 within 2 s, and 200 again as soon as a connection is free', async () => {
    // The pool has ten connections: ten long statements leave the ping waiting for one.
    const busy = Array.from({ length: 10 }, async () => {
      await testApp.database.db.execute(sql`select pg_sleep(2.5)`);
    });
    const start = performance.now();
    const response = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(performance.now() - start).toBeLessThan(2_000);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'error', db: 'error' });

    await Promise.all(busy);
    const after = await testApp.app.inject({ method: 'GET', url: '/api/health' });
    expect(after.statusCode).toBe(200);
  });
});

describe('unknown API paths', () => {
  it('answer 404 in JSON', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'not_found', message: 'Not found' });
  });
});

describe('OpenAPI document', () => {
  it('is served as JSON at /api/docs/json and lists the health route', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { openapi: string; paths: Record<string, unknown> };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toContain('/api/health');
  });

  it('is browsable at /api/docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});
