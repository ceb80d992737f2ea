import { describe, expect, it } from 'vitest';
import {
  checkRunStops,
  orderVolumeM3,
  runLoadProfile,
  type RunLoadItem,
  type RunStopRef,
} from './run-loads';

const pickup = (orderId: string): RunStopRef => ({ orderId, kind: 'pickup' });
const delivery = (orderId: string): RunStopRef => ({ orderId, kind: 'delivery' });

const items: RunLoadItem[] = [
  { orderId: 'a', kg: 300, m3: 1.5, onBoard: false },
  { orderId: 'b', kg: 500, m3: 2, onBoard: false },
  { orderId: 'c', kg: 200, m3: 0.5, onBoard: true },
];

describe('runLoadProfile', () => {
  it('starts with the on-board items and adds pickups, takes off deliveries', () => {
    const profile = runLoadProfile(
      [pickup('a'), pickup('b'), delivery('c'), delivery('a'), delivery('b')],
      items,
    );
    expect(profile.map((load) => load.kg)).toEqual([200, 500, 1000, 800, 500, 0]);
    expect(profile[2]!.m3).toBeCloseTo(4);
  });
});

describe('checkRunStops', () => {
  const roomy = { kg: 1000, m3: null };

  it('accepts a run whose load fits exactly, decimals included', () => {
    const decimals: RunLoadItem[] = [
      { orderId: 'x', kg: 0.1, m3: 0.1, onBoard: false },
      { orderId: 'y', kg: 0.2, m3: 0.2, onBoard: false },
    ];
    const stops = [pickup('x'), pickup('y'), delivery('x'), delivery('y')];
    expect(checkRunStops(stops, decimals, { kg: 0.3, m3: 0.3 })).toEqual([]);
  });

  it('names the first stop after which the load is too heavy, or the start', () => {
    const stops = [pickup('a'), pickup('b'), delivery('c'), delivery('a'), delivery('b')];
    expect(checkRunStops(stops, items, { kg: 900, m3: null })).toEqual([
      { code: 'over-capacity', stopIndex: 1, load: { kg: 1000, m3: 4 } },
    ]);
    expect(checkRunStops(stops, items, { kg: 100, m3: null })[0]).toMatchObject({
      code: 'over-capacity',
      stopIndex: -1,
    });
  });

  it('limits the volume only when the truck has one', () => {
    const stops = [pickup('a'), pickup('b'), delivery('c'), delivery('a'), delivery('b')];
    expect(checkRunStops(stops, items, { kg: 5000, m3: 3.9 })).toMatchObject([
      { code: 'over-capacity', stopIndex: 1 },
    ]);
    expect(checkRunStops(stops, items, { kg: 5000, m3: null })).toEqual([]);
  });

  it('refuses a delivery before its pickup', () => {
    const stops = [delivery('a'), pickup('a'), pickup('b'), delivery('b'), delivery('c')];
    expect(checkRunStops(stops, items, { kg: 5000, m3: null })).toContainEqual({
      code: 'delivery-before-pickup',
      orderId: 'a',
    });
  });

  it('names missing, duplicate and unknown stops', () => {
    const stops = [pickup('a'), pickup('a'), delivery('a'), delivery('zz'), pickup('c')];
    expect(checkRunStops(stops, items, { kg: 5000, m3: null })).toEqual([
      { code: 'duplicate-stop', orderId: 'a', kind: 'pickup' },
      { code: 'unknown-order', orderId: 'zz' },
      { code: 'duplicate-stop', orderId: 'c', kind: 'pickup' },
      { code: 'missing-stop', orderId: 'b', kind: 'pickup' },
      { code: 'missing-stop', orderId: 'b', kind: 'delivery' },
      { code: 'missing-stop', orderId: 'c', kind: 'delivery' },
    ]);
    expect(checkRunStops([], [], roomy)).toEqual([]);
  });
});

describe('orderVolumeM3', () => {
  it('multiplies the dimensions in cm and the quantity into m³', () => {
    expect(orderVolumeM3({ lengthCm: 120, widthCm: 80, heightCm: 100, quantity: 2 })).toBeCloseTo(
      1.92,
    );
  });
});
