import { describe, expect, it } from 'vitest';
import type { RunPlan, RunPlanOrder } from '#shared/schemas/run-schemas';
import {
  isEdited,
  measureRun,
  moveOrderTo,
  moveStopWithin,
  readProposedStops,
  toConfirmBody,
} from './plan-editor';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const TRUCK_1 = '00000000-0000-4000-8000-000000000001';
const TRUCK_2 = '00000000-0000-4000-8000-000000000002';

const order = (id: string, weightKg: number, lng: number): RunPlanOrder => ({
  id,
  trackingNumber: `MA-${id.slice(-1).toUpperCase()}`,
  pickupLoc: 'Casablanca',
  deliveryLoc: 'Rabat',
  weightKg,
  lengthCm: 100,
  widthCm: 100,
  heightCm: 100,
  quantity: 1,
  pickupLat: 33.57,
  pickupLng: -7.59,
  deliveryLat: 34.02,
  deliveryLng: lng,
  distanceKm: 87,
  durationMinutes: 75,
});

const orders = [order(A, 600, -6.84), order(B, 300, -6.5), order(C, 200, -6.2)];
const ordersById = new Map(orders.map((item) => [item.id, item]));

const truck = (id: string, number: string) => ({
  truck: { id, truckNumber: number, capacityKg: 1000, capacityM3: null },
  driver: { id, fullName: `Driver ${number}` },
  startLoad: { kg: 0, m3: 0 },
  durationMinutes: 120,
});

const stop = (orderId: string, kind: 'pickup' | 'delivery') => ({
  position: 0,
  orderId,
  trackingNumber: ordersById.get(orderId)!.trackingNumber,
  kind,
  city: 'Casablanca',
  address: null,
  lat: 0,
  lng: 0,
  loadAfter: { kg: 0, m3: 0 },
  legKm: 0,
});

const plan: RunPlan = {
  id: '00000000-0000-4000-8000-0000000000ff',
  date: '2026-03-02',
  runs: [
    {
      ...truck(TRUCK_1, '1-A-1'),
      stops: [stop(A, 'pickup'), stop(B, 'pickup'), stop(A, 'delivery'), stop(B, 'delivery')],
      distanceKm: 100,
    },
    { ...truck(TRUCK_2, '2-B-2'), stops: [stop(C, 'pickup'), stop(C, 'delivery')], distanceKm: 90 },
  ],
  orders,
  unplanned: [],
  distanceKm: 190,
};
const proposed = readProposedStops(plan);

describe('moveStopWithin', () => {
  it('moves one stop within its run, leaving the others', () => {
    const moved = moveStopWithin(proposed, TRUCK_1, 3, 1);
    expect(moved[0]!.stops).toEqual([
      { orderId: A, kind: 'pickup' },
      { orderId: B, kind: 'delivery' },
      { orderId: B, kind: 'pickup' },
      { orderId: A, kind: 'delivery' },
    ]);
    expect(moved[1]).toBe(proposed[1]);
  });

  it('ignores a move outside the run', () => {
    expect(moveStopWithin(proposed, TRUCK_1, 0, 4)).toEqual(proposed);
    expect(moveStopWithin(proposed, TRUCK_1, -1, 0)).toEqual(proposed);
  });
});

describe('moveOrderTo', () => {
  it("moves the order's pickup and delivery to the end of the other truck's run", () => {
    const moved = moveOrderTo(proposed, B, TRUCK_2);
    expect(moved[0]!.stops).toEqual([
      { orderId: A, kind: 'pickup' },
      { orderId: A, kind: 'delivery' },
    ]);
    expect(moved[1]!.stops).toEqual([
      { orderId: C, kind: 'pickup' },
      { orderId: C, kind: 'delivery' },
      { orderId: B, kind: 'pickup' },
      { orderId: B, kind: 'delivery' },
    ]);
  });

  it('leaves the plan as it is for its own truck or an unknown one', () => {
    expect(moveOrderTo(proposed, B, TRUCK_1)).toBe(proposed);
    expect(moveOrderTo(proposed, B, C)).toBe(proposed);
  });
});

describe('isEdited and toConfirmBody', () => {
  it('sends {} as proposed and every truck’s stops once edited', () => {
    expect(isEdited(proposed, proposed)).toBe(false);
    expect(toConfirmBody(proposed, proposed)).toEqual({});
    const edited = moveOrderTo(proposed, C, TRUCK_1);
    expect(isEdited(edited, proposed)).toBe(true);
    expect(toConfirmBody(edited, proposed)).toEqual({
      runs: [{ truckId: TRUCK_1, stops: edited[0]!.stops }],
    });
  });
});

describe('measureRun', () => {
  it('gives the proposal’s figures for its stops, and no problem', () => {
    const measured = measureRun(plan, TRUCK_1, proposed[0]!.stops, ordersById);
    expect(measured.loads.map((load) => load.kg)).toEqual([600, 900, 300, 0]);
    expect(measured.distanceKm).toBe(100);
    expect(measured.durationMinutes).toBe(120);
    expect(measured.problems).toEqual([]);
  });

  it('names the stop over capacity and the delivery before its pickup', () => {
    const heavy = moveOrderTo(proposed, C, TRUCK_1);
    const overloaded = moveStopWithin(heavy, TRUCK_1, 4, 2)[0]!.stops;
    const over = measureRun(plan, TRUCK_1, overloaded, ordersById);
    expect(over.loads.map((load) => load.kg)).toEqual([600, 900, 1100, 500, 200, 0]);
    expect(over.problems).toEqual(['runs.over_capacity?stop=3&kg=1100&capacity=1000']);

    const backwards = moveStopWithin(proposed, TRUCK_2, 1, 0)[1]!.stops;
    expect(measureRun(plan, TRUCK_2, backwards, ordersById).problems).toEqual([
      'runs.delivery_before_pickup?trackingNumber=MA-C',
    ]);
  });

  it('moves the distance by what the edit changes', () => {
    const reordered = moveStopWithin(proposed, TRUCK_1, 2, 1)[0]!.stops;
    const measured = measureRun(plan, TRUCK_1, reordered, ordersById);
    expect(measured.distanceKm).not.toBe(100);
    expect(measured.durationMinutes).not.toBe(120);
    expect(measureRun(plan, TRUCK_1, [], ordersById).distanceKm).toBe(0);
  });
});
