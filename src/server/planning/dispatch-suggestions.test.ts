import { describe, expect, it } from 'vitest';
import type { RunOrderFacts } from '#shared/run-stops';
import type { CandidateTruckRow } from './dispatch-suggestion-queries';
import {
  fitsAtRunEnd,
  insertOrder,
  rankCandidates,
  type PlannedRunStops,
} from './dispatch-suggestions';

const TODAY = '2026-11-28';
const CASABLANCA = { lat: 33.5731, lng: -7.5898 };
const RABAT = { lat: 34.0209, lng: -6.8416 };

let next = 0;
function orderOf(overrides: Partial<RunOrderFacts> = {}): RunOrderFacts {
  next += 1;
  return {
    id: `order-${next}`,
    trackingNumber: `MA-${next}`,
    weightKg: '10',
    lengthCm: '100',
    widthCm: '100',
    heightCm: '10',
    quantity: 1,
    pickupLat: CASABLANCA.lat,
    pickupLng: CASABLANCA.lng,
    deliveryLat: RABAT.lat,
    deliveryLng: RABAT.lng,
    distanceKm: '90',
    durationMinutes: 80,
    ...overrides,
  };
}

function candidate(
  truckNumber: string,
  position: { lat: number; lng: number } | null,
  extra: { capacityKg?: string; capacityM3?: string | null; run?: CandidateTruckRow['run'] } = {},
): CandidateTruckRow {
  return {
    truck: {
      id: `truck-${truckNumber}`,
      truckNumber,
      status: extra.run ? 'ON_DELIVERY' : 'AVAILABLE',
      capacityKg: extra.capacityKg ?? '1000',
      capacityM3: extra.capacityM3 ?? null,
      technicalDate: '2026-06-01',
    },
    driver: {
      id: `driver-${truckNumber}`,
      fullName: `Driver ${truckNumber}`,
      licenseExpire: '2030-01-01',
    },
    run: extra.run ?? null,
    position,
  };
}

const numbers = (ranked: ReturnType<typeof rankCandidates>) =>
  ranked.map(({ suggestion }) => suggestion.truckNumber);

describe('rankCandidates', () => {
  it('ranks by distance to the pickup, ties by plate, unknown distances last', () => {
    const ranked = rankCandidates(
      orderOf(),
      [
        candidate('C-3', null),
        candidate('B-2', RABAT),
        candidate('Z-9', CASABLANCA),
        candidate('A-1', CASABLANCA),
      ],
      new Map(),
      TODAY,
    );
    expect(numbers(ranked)).toEqual(['A-1', 'Z-9', 'B-2', 'C-3']);
    expect(ranked[3]!.suggestion.distanceKm).toBeNull();
  });

  it('leaves out a started run, a lapsed licence and a truck too small by weight or volume', () => {
    const lapsed = candidate('L-1', CASABLANCA);
    lapsed.driver.licenseExpire = '2026-01-01';
    const ranked = rankCandidates(
      orderOf(),
      [
        candidate('S-1', CASABLANCA, { run: { id: 'run-s', status: 'started' } }),
        lapsed,
        candidate('K-1', CASABLANCA, { capacityKg: '9' }),
        candidate('V-1', CASABLANCA, { capacityM3: '0.05' }),
        candidate('OK-1', CASABLANCA, { capacityM3: '1' }),
      ],
      new Map(),
      TODAY,
    );
    expect(numbers(ranked)).toEqual(['OK-1']);
    expect(ranked[0]!.suggestion).toMatchObject({ capacityLeftKg: 990, capacityLeftM3: 0.9 });
  });

  it("measures a planned run's detour and its distance from the run's last stop without a position", () => {
    const onRun = orderOf();
    const runs = new Map<string, PlannedRunStops>([
      [
        'run-p',
        {
          stops: [
            { orderId: onRun.id, kind: 'pickup' },
            { orderId: onRun.id, kind: 'delivery' },
          ],
          orders: [onRun],
        },
      ],
    ]);
    const [planned] = rankCandidates(
      orderOf(),
      [candidate('P-1', null, { run: { id: 'run-p', status: 'planned' } })],
      runs,
      TODAY,
    );
    // The run ends in Rabat; the new order is picked up in Casablanca.
    expect(planned!.suggestion.distanceKm).toBeGreaterThan(100);
    // Side by side with the run's order: the same road, nothing added.
    expect(planned!.suggestion).toMatchObject({ runId: 'run-p', detourKm: 0, capacityLeftKg: 980 });
    expect(planned!.reasons.map((reason) => reason.code)).toEqual([
      'runs.suggest_fits',
      'runs.suggest_documents',
      'runs.suggest_driver_active',
      'runs.suggest_distance_from_run',
      'runs.suggest_detour',
    ]);
  });
});

describe('insertOrder and fitsAtRunEnd', () => {
  it('keep an order too heavy to ride alongside apart from the run, and refuse one heavier than the truck', () => {
    const onRun = orderOf({ weightKg: '60' });
    const run: PlannedRunStops = {
      stops: [
        { orderId: onRun.id, kind: 'pickup' },
        { orderId: onRun.id, kind: 'delivery' },
      ],
      orders: [onRun],
    };
    const capacity = { kg: 100, m3: null };
    const heavy = orderOf({ weightKg: '50' });
    // 110 kg together: the heavy order rides before or after the run's, never with it.
    const { stops } = insertOrder(heavy, run, capacity, CASABLANCA)!;
    const at = (kind: 'pickup' | 'delivery') =>
      stops.findIndex((stop) => stop.orderId === heavy.id && stop.kind === kind);
    expect(at('delivery')).toBe(at('pickup') + 1);
    expect(fitsAtRunEnd(heavy, run, capacity)).toBe(true);
    const tooHeavy = orderOf({ weightKg: '101' });
    expect(insertOrder(tooHeavy, run, capacity, CASABLANCA)).toBeNull();
    expect(fitsAtRunEnd(tooHeavy, run, capacity)).toBe(false);
  });
});
