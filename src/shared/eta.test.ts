import { describe, expect, it } from 'vitest';
import { estimateArrival, remainingRoadKm, type EtaInput } from './eta';

// One degree of latitude along a meridian is 111.19 km of great circle; 144.55 km with the
// 1.3 road factor. The order drives 289 km in 289 minutes: one km a minute.
const pickup = { lat: 31, lng: -7 };
const delivery = { lat: 33, lng: -7 };
const dispatchedAt = new Date('2026-03-02T08:00:00Z');
const seenAt = new Date('2026-03-02T10:00:00Z');
const minutesAfter = (date: Date, minutes: number) => date.getTime() + minutes * 60_000;

const order = (overrides: Partial<EtaInput> = {}): EtaInput => ({
  status: 'IN_TRANSIT',
  exitDate: dispatchedAt,
  distanceKm: 289,
  durationMinutes: 289,
  pickup,
  delivery,
  pickedUpAt: new Date('2026-03-02T09:00:00Z'),
  position: null,
  ...overrides,
});

describe('remainingRoadKm', () => {
  it('is the straight line to the delivery point times the road factor once picked up', () => {
    expect(remainingRoadKm({ lat: 32, lng: -7 }, order())).toBeCloseTo(144.55, 1);
    expect(remainingRoadKm(delivery, order())).toBe(0);
  });

  it('goes through the pickup point while the parcel is not picked up', () => {
    const km = remainingRoadKm({ lat: 32, lng: -7 }, order({ pickedUpAt: null }));
    expect(km).toBeCloseTo(144.55 * 3, 0);
  });
});

describe('estimateArrival', () => {
  it('drives the remaining road at the order’s average speed from the position’s time', () => {
    const eta = estimateArrival(order({ position: { lat: 32, lng: -7, at: seenAt } }));
    expect(eta!.getTime()).toBeCloseTo(minutesAfter(seenAt, 144.55), -4);
  });

  it('is the time of the position when the truck is at the delivery point', () => {
    expect(estimateArrival(order({ position: { ...delivery, at: seenAt } }))).toEqual(seenAt);
  });

  it('is twice as far off on an order half as fast', () => {
    const position = { lat: 32, lng: -7, at: seenAt };
    const fast = estimateArrival(order({ position }))!.getTime() - seenAt.getTime();
    const slow =
      estimateArrival(order({ position, durationMinutes: 578 }))!.getTime() - seenAt.getTime();
    expect(slow / fast).toBeCloseTo(2, 3);
  });

  it('is the dispatch plus the route’s duration without a position', () => {
    expect(estimateArrival(order())!.getTime()).toBe(minutesAfter(dispatchedAt, 289));
  });

  it('falls back to the dispatch plus duration when the route has no speed', () => {
    const position = { lat: 32, lng: -7, at: seenAt };
    const eta = estimateArrival(order({ position, distanceKm: 0, durationMinutes: 0 }));
    expect(eta).toEqual(dispatchedAt);
  });

  it('is null for an order that is not on the road', () => {
    const position = { lat: 32, lng: -7, at: seenAt };
    for (const status of ['PENDING', 'CONFIRMED', 'DELIVERED', 'CANCELLED'] as const) {
      expect(estimateArrival(order({ status, position }))).toBeNull();
    }
    expect(estimateArrival(order({ exitDate: null }))).toBeNull();
  });
});
