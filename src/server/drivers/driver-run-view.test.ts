import { describe, expect, it } from 'vitest';
import { estimateDurationMinutes, straightLineDistanceKm } from '#shared/pricing';
import type { DriverRunStopRow } from './driver-run-queries';
import { toDriverRun } from './driver-run-view';

const now = new Date('2026-03-02T08:00:00.000Z');
const minutesLater = (minutes: number) => new Date(now.getTime() + minutes * 60_000).toISOString();
const casablanca = { lat: 33.5731, lng: -7.5898 };
const rabat = { lat: 34.0209, lng: -6.8416 };
const kenitra = { lat: 34.261, lng: -6.5802 };

function orderTo(id: string, delivery: { lat: number; lng: number }, durationMinutes: number) {
  return {
    id,
    trackingNumber: `MA-${id}`,
    pickupLoc: 'Casablanca',
    deliveryLoc: id,
    pickupAddress: null,
    deliveryAddress: `1 rue ${id}`,
    pickupLat: casablanca.lat,
    pickupLng: casablanca.lng,
    deliveryLat: delivery.lat,
    deliveryLng: delivery.lng,
    weightKg: '12',
    lengthCm: '40',
    widthCm: '30',
    heightCm: '20',
    quantity: 1,
    distanceKm: '90',
    durationMinutes,
  };
}
const a = orderTo('a', rabat, 80);
const b = orderTo('b', kenitra, 110);

type Outcome = DriverRunStopRow['stop']['outcome'];
const row = (
  order: typeof a,
  kind: 'pickup' | 'delivery',
  outcome: Outcome = null,
  doneAt: Date | null = null,
): DriverRunStopRow => ({ stop: { orderId: order.id, kind, outcome, doneAt }, order });

const header = {
  id: 'run',
  runDate: '2026-03-02',
  status: 'started',
  truckNumber: '1-A-2',
} as const;
const leg = (from: { lat: number; lng: number }, to: { lat: number; lng: number }) =>
  estimateDurationMinutes(straightLineDistanceKm(from, to));
const earlier = new Date(now.getTime() - 10 * 60_000);

describe('toDriverRun', () => {
  it('times a run from its first stop, reached now, when nothing says where the truck is', () => {
    const run = toDriverRun(
      header,
      [row(a, 'pickup'), row(a, 'delivery'), row(b, 'pickup'), row(b, 'delivery')],
      null,
      now,
    );
    expect(run.etaFrom).toBe('first-stop');
    expect(run.nextStopPosition).toBe(1);
    expect(run.stops.map((stop) => stop.etaAt)).toEqual([
      minutesLater(0),
      minutesLater(80),
      minutesLater(80 + leg(rabat, casablanca)),
      minutesLater(80 + leg(rabat, casablanca) + 110),
    ]);
  });

  it('counts a failed stop as done and times the rest from it', () => {
    const run = toDriverRun(
      header,
      [
        row(a, 'pickup', 'done', earlier),
        row(a, 'delivery', 'failed', earlier),
        row(b, 'pickup'),
        row(b, 'delivery'),
      ],
      { ...casablanca, recordedAt: new Date(earlier.getTime() - 1) },
      now,
    );
    expect(run).toMatchObject({
      etaFrom: 'last-stop',
      nextStopPosition: 3,
      progress: { done: 2, total: 4 },
    });
    expect(run.stops.map((stop) => stop.etaAt)).toEqual([
      null,
      null,
      minutesLater(leg(rabat, casablanca)),
      minutesLater(leg(rabat, casablanca) + 110),
    ]);
  });

  it('times the rest from a position newer than the last stop, and ignores a dropped stop', () => {
    const onTheWay = { lat: 33.8, lng: -7.2 };
    const run = toDriverRun(
      header,
      [
        row(a, 'pickup', 'dropped', now),
        row(a, 'delivery', 'dropped', now),
        row(b, 'pickup', 'done', earlier),
        row(b, 'delivery'),
      ],
      { ...onTheWay, recordedAt: new Date(earlier.getTime() + 1) },
      now,
    );
    expect(run.etaFrom).toBe('position');
    expect(run.stops[3]).toMatchObject({
      etaAt: minutesLater(leg(onTheWay, kenitra)),
      navigationUrl: `https://www.google.com/maps/dir/?api=1&destination=${kenitra.lat},${kenitra.lng}`,
      city: 'b',
      address: '1 rue b',
    });
  });

  it('has no next stop once every stop is done', () => {
    const run = toDriverRun(
      header,
      [row(a, 'pickup', 'done', earlier), row(a, 'delivery', 'done', now)],
      null,
      now,
    );
    expect(run).toMatchObject({ nextStopPosition: null, progress: { done: 2, total: 2 } });
    expect(run.stops.every((stop) => stop.etaAt === null)).toBe(true);
  });
});
