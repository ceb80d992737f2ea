import type { FastifyBaseLogger } from 'fastify';
import { roundToCents } from '#shared/numbers';
import { estimateDurationMinutes, straightLineDistanceKm, type LatLng } from '#shared/pricing';

export interface RouteDistance {
  km: number;
  minutes: number;
  source: 'routing' | 'straight-line';
}

export type RouteDistanceLookup = (from: LatLng, to: LatLng) => Promise<RouteDistance>;

const ROUTING_TIMEOUT_MS = 2_500;

interface OsrmRouteResponse {
  code?: string;
  routes?: Array<{ distance?: number; duration?: number }>;
}

function straightLine(from: LatLng, to: LatLng): RouteDistance {
  const km = straightLineDistanceKm(from, to);
  return { km, minutes: estimateDurationMinutes(km), source: 'straight-line' };
}

/**
 * Road distance from an OSRM server (`ROUTING_URL`, its /route/v1/driving service) when one is
 * configured, with a short time-out; the straight-line estimate when there is none or it fails.
 */
export function createRouteDistanceLookup(
  routingUrl: string | undefined,
  log: FastifyBaseLogger,
): RouteDistanceLookup {
  if (!routingUrl) return async (from, to) => straightLine(from, to);
  const base = routingUrl.replace(/\/+$/, '');
  return async (from, to) => {
    const url = `${base}/route/v1/driving/${from.lng},${from.lat};${to.lng},${to.lat}?overview=false`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(ROUTING_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`routing service answered ${response.status}`);
      const body = (await response.json()) as OsrmRouteResponse;
      const route = body.routes?.[0];
      if (body.code !== 'Ok' || !route?.distance || route.duration === undefined) {
        throw new Error(`routing service found no route (${body.code ?? 'no code'})`);
      }
      return {
        km: roundToCents(route.distance / 1000),
        minutes: Math.round(route.duration / 60),
        source: 'routing',
      };
    } catch (error) {
      log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'routing failed, using the straight-line distance',
      );
      return straightLine(from, to);
    }
  };
}
