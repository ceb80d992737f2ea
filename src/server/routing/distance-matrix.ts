import type { FastifyBaseLogger } from 'fastify';
import { straightLineDistanceKm, type LatLng } from '#shared/pricing';

/** Road metres from each point to each other: `metres[from][to]`. */
export interface DistanceMatrix {
  metres: number[][];
  source: 'routing' | 'straight-line';
}

export type DistanceMatrixLookup = (points: readonly LatLng[]) => Promise<DistanceMatrix>;

/** OSRM's table service answers at most this many points a side by default (max-table-size). */
const TABLE_BLOCK = 100;
const ROUTING_TIMEOUT_MS = 5_000;

interface OsrmTableResponse {
  code?: string;
  distances?: Array<Array<number | null>>;
}

/** The straight line times the road factor (#shared/pricing), in metres. */
function straightLineMatrix(points: readonly LatLng[]): DistanceMatrix {
  return {
    metres: points.map((from) => points.map((to) => straightLineDistanceKm(from, to) * 1000)),
    source: 'straight-line',
  };
}

/**
 * Road distances between many points for the planner (docs/decisions/0024-runs-and-planning.md):
 * an OSRM server's table service (`ROUTING_URL`) when one is set, asked block by block; the
 * straight-line estimate when there is none or any block fails.
 */
export function createDistanceMatrixLookup(
  routingUrl: string | undefined,
  log: FastifyBaseLogger,
): DistanceMatrixLookup {
  if (!routingUrl) return async (points) => straightLineMatrix(points);
  const base = routingUrl.replace(/\/+$/, '');
  return async (points) => {
    if (points.length < 2) return straightLineMatrix(points);
    const coordinates = points.map((point) => `${point.lng},${point.lat}`).join(';');
    const indexes = (start: number) =>
      Array.from({ length: Math.min(TABLE_BLOCK, points.length - start) }, (_, i) => start + i);
    const metres = points.map(() => new Array<number>(points.length).fill(0));
    try {
      for (let from = 0; from < points.length; from += TABLE_BLOCK) {
        for (let to = 0; to < points.length; to += TABLE_BLOCK) {
          const sources = indexes(from);
          const destinations = indexes(to);
          const url =
            `${base}/table/v1/driving/${coordinates}?annotations=distance` +
            `&sources=${sources.join(';')}&destinations=${destinations.join(';')}`;
          const response = await fetch(url, { signal: AbortSignal.timeout(ROUTING_TIMEOUT_MS) });
          if (!response.ok) throw new Error(`routing service answered ${response.status}`);
          const body = (await response.json()) as OsrmTableResponse;
          if (body.code !== 'Ok' || !body.distances) {
            throw new Error(`routing service found no table (${body.code ?? 'no code'})`);
          }
          body.distances.forEach((row, i) =>
            row.forEach((value, j) => {
              const a = sources[i]!;
              const b = destinations[j]!;
              // A pair the road network does not join keeps the straight-line estimate.
              metres[a]![b] = value ?? straightLineDistanceKm(points[a]!, points[b]!) * 1000;
            }),
          );
        }
      }
      return { metres, source: 'routing' };
    } catch (error) {
      log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'routing table failed, using straight-line distances',
      );
      return straightLineMatrix(points);
    }
  };
}
