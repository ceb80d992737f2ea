import { describe, expect, it } from 'vitest';
import { findCity } from './cities';
import { estimateStraightLinePrice } from './price-estimate';
import { calculateServerPrice, straightLineDistanceKm } from './pricing';

describe('estimateStraightLinePrice', () => {
  it('prices the straight-line distance with the server rule', () => {
    const origin = findCity('Agadir')!;
    const destination = findCity('Marrakech')!;
    const distance = straightLineDistanceKm(origin, destination);
    const estimate = estimateStraightLinePrice({ origin, destination, weight: 10, type: 'normal' });
    expect(estimate).toMatchObject({
      distance,
      price: calculateServerPrice({ distanceKm: distance, weightKg: 10, priority: 'normal' }).price,
      vehicle: 'motorcycle',
      distanceSource: 'straight-line',
    });
    expect(estimate.distanceText).toMatch(/^\d[\d,]*\.\d km$/);
    expect(estimate.duration).toMatch(/h/);
  });
});
