import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { straightLineDistanceKm, type LatLng } from '#shared/pricing';
import { createDistanceMatrixLookup } from './distance-matrix';

/*
 * The planner's road distances (docs/decisions/0024-runs-and-planning.md, "The solver"): an OSRM
 * table service asked in blocks of 100 × 100 points, the straight line × the road factor without
 * one, for a pair the roads do not join, and whenever the service fails.
 */

/** What the fake OSRM answers: a distance naming its pair, a refusal, or no route for one pair. */
let behaviour: 'ok' | 'error' = 'ok';
const asked: URL[] = [];
let server: Server;
let routingUrl: string;

/** Metres the fake service gives from point `a` to point `b` (their indexes in the request). */
const fakeMetres = (a: number, b: number) => (a + 1) * 1_000 + (b + 1);
/** The one pair the fake road network does not join. */
const UNJOINED: [number, number] = [1, 2];

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://osrm.test');
    asked.push(url);
    if (behaviour === 'error') {
      response.writeHead(500).end();
      return;
    }
    const list = (name: string) => url.searchParams.get(name)!.split(';').map(Number);
    const distances = list('sources').map((a) =>
      list('destinations').map((b) =>
        a === UNJOINED[0] && b === UNJOINED[1] ? null : fakeMetres(a, b),
      ),
    );
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code: 'Ok', distances }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  routingUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const warnings: unknown[] = [];
const log = { warn: (entry: unknown) => warnings.push(entry) } as unknown as FastifyBaseLogger;

const pointsAround = (count: number): LatLng[] =>
  Array.from({ length: count }, (_, index) => ({
    lat: 33.5 + (index % 13) * 0.01,
    lng: -7.6 + Math.floor(index / 13) * 0.01,
  }));
const straightMetres = (from: LatLng, to: LatLng) => straightLineDistanceKm(from, to) * 1_000;

describe('createDistanceMatrixLookup', () => {
  it('measures the straight line times the road factor without a routing service', async () => {
    const points = pointsAround(3);
    const matrix = await createDistanceMatrixLookup(undefined, log)(points);
    expect(matrix.source).toBe('straight-line');
    expect(matrix.metres[0]![2]).toBeCloseTo(straightMetres(points[0]!, points[2]!));
  });

  it('asks the table service block by block and keeps the straight line for an unjoined pair', async () => {
    behaviour = 'ok';
    asked.length = 0;
    const points = pointsAround(150);
    const matrix = await createDistanceMatrixLookup(routingUrl, log)(points);
    expect(matrix.source).toBe('routing');
    // 150 points: two blocks a side, four tables, each with every coordinate in lng,lat order.
    expect(asked).toHaveLength(4);
    expect(asked[0]!.pathname).toMatch(/^\/table\/v1\/driving\//);
    expect(asked[0]!.pathname).toContain(`${points[0]!.lng},${points[0]!.lat};`);
    expect(asked[0]!.searchParams.get('annotations')).toBe('distance');
    for (const [a, b] of [
      [0, 1],
      [120, 30],
      [30, 120],
      [149, 149],
    ] as const) {
      expect(matrix.metres[a]![b]).toBe(fakeMetres(a, b));
    }
    const [a, b] = UNJOINED;
    expect(matrix.metres[a]![b]).toBeCloseTo(straightMetres(points[a]!, points[b]!));
  });

  it('falls back to the straight line, and says so in the log, when the service fails', async () => {
    behaviour = 'error';
    warnings.length = 0;
    const points = pointsAround(4);
    const matrix = await createDistanceMatrixLookup(routingUrl, log)(points);
    expect(matrix.source).toBe('straight-line');
    expect(matrix.metres[3]![0]).toBeCloseTo(straightMetres(points[3]!, points[0]!));
    expect(warnings).toEqual([{ reason: 'routing service answered 500' }]);
  });
});
