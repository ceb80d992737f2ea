import { describe, expect, it } from 'vitest';
import { findCity } from './cities';
import {
  BASE_PRICE,
  calculateDirectPrice,
  calculateServerPrice,
  calculateWizardFallbackPrice,
  CARGO_TYPES,
  chooseVehicle,
  CITY_MULTIPLIERS,
  DISTANCE_TIERS,
  estimateDurationMinutes,
  formatDistanceText,
  formatDurationText,
  getWeightFactor,
  LONG_DISTANCE_FACTOR,
  MINIMUM_PRICE,
  PRICE_PER_KM,
  PRIORITIES,
  PRIORITY_FACTORS,
  SERVER_MAX_WEIGHT_KG,
  straightLineDistanceKm,
  VEHICLE_TYPES,
  VEHICLES,
  VehicleWeightLimitError,
} from './pricing';

function getCityPoint(name: string) {
  const city = findCity(name);
  if (!city) throw new Error(`${name} is missing from the city list`);
  return { lat: city.lat, lng: city.lng };
}

describe('constants of docs/product.md, section 9', () => {
  it('pins the calculator figures', () => {
    expect({ BASE_PRICE, PRICE_PER_KM, MINIMUM_PRICE, SERVER_MAX_WEIGHT_KG }).toEqual({
      BASE_PRICE: 50,
      PRICE_PER_KM: 2,
      MINIMUM_PRICE: 70,
      SERVER_MAX_WEIGHT_KG: 40_000,
    });
    expect(VEHICLES).toEqual({
      motorcycle: { factor: 0.8, maxWeightKg: 15 },
      car: { factor: 1, maxWeightKg: 50 },
      van: { factor: 1.5, maxWeightKg: 200 },
      truck: { factor: 2, maxWeightKg: 1000 },
    });
    expect(PRIORITY_FACTORS).toEqual({ normal: 1, express: 1.5, urgent: 2 });
  });

  it('keeps the unused city multipliers and distance tiers, naming cities of the list', () => {
    expect(CITY_MULTIPLIERS).toEqual({
      Casablanca: 1.2,
      Rabat: 1.15,
      Marrakech: 1.1,
      Tangier: 1.1,
    });
    for (const name of Object.keys(CITY_MULTIPLIERS)) expect(findCity(name)?.city).toBe(name);
    expect(DISTANCE_TIERS).toEqual([
      { maxKm: 10, factor: 1.2 },
      { maxKm: 50, factor: 1 },
      { maxKm: 200, factor: 0.8 },
    ]);
    expect(LONG_DISTANCE_FACTOR).toBe(0.7);
  });
});

describe('straight-line fallback distance', () => {
  it('measures one degree of longitude on the equator', () => {
    // 6371 × π / 180 = 111.1949 km of great circle; × 1.3 road factor = 144.5534 → 144.55 km
    expect(straightLineDistanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 1 })).toBe(144.55);
  });

  it('is zero between a point and itself, and the same both ways', () => {
    const casablanca = getCityPoint('Casablanca');
    const rabat = getCityPoint('Rabat');
    expect(straightLineDistanceKm(casablanca, casablanca)).toBe(0);
    expect(straightLineDistanceKm(rabat, casablanca)).toBe(
      straightLineDistanceKm(casablanca, rabat),
    );
  });

  it('measures Casablanca to Rabat from the city list', () => {
    // Casablanca (33.5731, -7.5898) → Rabat (34.0209, -6.8416)
    // Δlat = 0.4478° × 111.195 km/° = 49.79 km
    // Δlng = 0.7482° × 111.195 km/° × cos(33.797°) = 0.7482 × 111.195 × 0.8310 = 69.14 km
    // great circle ≈ √(49.79² + 69.14²) = √(2479.0 + 4780.3) = √7259.3 = 85.20 km
    // × 1.3 = 110.76 km
    const km = straightLineDistanceKm(getCityPoint('Casablanca'), getCityPoint('Rabat'));
    expect(km).toBeCloseTo(110.76, 1);
    expect(km).toBe(110.76);
  });

  it('estimates the duration at 60 km/h in whole minutes', () => {
    // 144.55 km / 60 km/h = 2.409 h = 144.55 min → 145 min = 2 h 25 min
    expect(estimateDurationMinutes(144.55)).toBe(145);
    expect(formatDurationText(estimateDurationMinutes(144.55))).toBe('2 h 25 min');
    // 110.76 km → 110.76 min → 111 min = 1 h 51 min
    expect(estimateDurationMinutes(110.76)).toBe(111);
    expect(formatDurationText(111)).toBe('1 h 51 min');
    // 30 km → 30 min
    expect(estimateDurationMinutes(30)).toBe(30);
  });

  it('writes distances to one decimal and durations in hours and minutes', () => {
    expect(formatDistanceText(110.76)).toBe('110.8 km');
    expect(formatDistanceText(112.4)).toBe('112.4 km');
    expect(formatDistanceText(0)).toBe('0.0 km');
    expect(formatDistanceText(2345.67)).toBe('2,345.7 km');
    expect(formatDurationText(45)).toBe('45 min');
    expect(formatDurationText(112)).toBe('1 h 52 min');
    expect(formatDurationText(120)).toBe('2 h');
    expect(formatDurationText(0)).toBe('0 min');
  });
});

describe('weight factor', () => {
  it.each([
    [0.5, 1],
    [5, 1],
    [5.01, 1.5],
    [20, 1.5],
    [20.01, 2],
    [40_000, 2],
  ])('%s kg → ×%s', (weightKg, factor) => {
    expect(getWeightFactor(weightKg)).toBe(factor);
  });
});

describe('calculateDirectPrice (the /test-direct-calculator rule)', () => {
  it('prices a 12 kg parcel by van from Casablanca to Rabat', () => {
    // distance 110.76 km (above); 2 × 110.76 = 221.52; 50 + 221.52 = 271.52
    // weight 12 kg → ×1.5; van ×1.5; 271.52 × 1.5 × 1.5 = 271.52 × 2.25 = 610.92
    const km = straightLineDistanceKm(getCityPoint('Casablanca'), getCityPoint('Rabat'));
    expect(
      calculateDirectPrice({ distanceKm: km, weightKg: 12, vehicle: 'van', express: false }),
    ).toEqual({
      basePrice: 50,
      distanceCost: 221.52,
      subtotal: 271.52,
      weightFactor: 1.5,
      vehicleFactor: 1.5,
      expressFactor: 1,
      minimumApplied: false,
      price: 610.92,
    });
  });

  it('multiplies by 1.5 when express', () => {
    // 610.92 × 1.5 = 916.38
    const breakdown = calculateDirectPrice({
      distanceKm: 110.76,
      weightKg: 12,
      vehicle: 'van',
      express: true,
    });
    expect(breakdown.expressFactor).toBe(1.5);
    expect(breakdown.price).toBe(916.38);
  });

  it('charges the 70 MAD minimum on a short express order of a light parcel', () => {
    // 2 km, 1 kg, motorcycle, express: (50 + 2 × 2) × 1 × 0.8 × 1.5 = 54 × 1.2 = 64.80 < 70 → 70
    const breakdown = calculateDirectPrice({
      distanceKm: 2,
      weightKg: 1,
      vehicle: 'motorcycle',
      express: true,
    });
    expect(breakdown.subtotal).toBe(54);
    expect(breakdown.minimumApplied).toBe(true);
    expect(breakdown.price).toBe(70);
  });

  it.each([
    // 100 km, 3 kg (×1), no express: 50 + 200 = 250, times the vehicle factor
    ['motorcycle', 200], // 250 × 0.8
    ['car', 250], // 250 × 1
    ['van', 375], // 250 × 1.5
    ['truck', 500], // 250 × 2
  ] as const)('prices each vehicle: %s → %s', (vehicle, price) => {
    expect(
      calculateDirectPrice({ distanceKm: 100, weightKg: 3, vehicle, express: false }).price,
    ).toBe(price);
  });

  it.each([
    // 10 km by car, no express: 50 + 20 = 70, times the weight factor
    [5, 70, false], // 70 × 1 = 70, exactly the minimum, so not raised to it
    [5.01, 105, false], // 70 × 1.5
    [20, 105, false], // 70 × 1.5
    [20.01, 140, false], // 70 × 2
  ])('applies each weight tier boundary: %s kg → %s', (weightKg, price, minimumApplied) => {
    const breakdown = calculateDirectPrice({
      distanceKm: 10,
      weightKg,
      vehicle: 'car',
      express: false,
    });
    expect(breakdown.price).toBe(price);
    expect(breakdown.minimumApplied).toBe(minimumApplied);
  });

  it('rounds to the centime without float artefacts', () => {
    // 0.15 km: 50 + 0.3 = 50.3; 12 kg ×1.5, van ×1.5: 50.3 × 2.25 = 113.175 → 113.18
    // (in doubles the product is 113.17499999999998, which a bare Math.round takes to 113.17)
    expect(
      calculateDirectPrice({ distanceKm: 0.15, weightKg: 12, vehicle: 'van', express: false })
        .price,
    ).toBe(113.18);
  });

  it.each([
    ['motorcycle', 15, 16],
    ['car', 50, 51],
    ['van', 200, 201],
    ['truck', 1000, 1001],
  ] as const)('refuses a load above the %s limit of %s kg', (vehicle, maxWeightKg, tooHeavy) => {
    expect(() =>
      calculateDirectPrice({ distanceKm: 10, weightKg: maxWeightKg, vehicle, express: false }),
    ).not.toThrow();
    const attempt = () =>
      calculateDirectPrice({ distanceKm: 10, weightKg: tooHeavy, vehicle, express: false });
    expect(attempt).toThrow(VehicleWeightLimitError);
    expect(attempt).toThrow(`A ${vehicle} carries at most ${maxWeightKg} kg`);
  });

  it('exposes the vehicle and its limit on the refusal', () => {
    try {
      calculateDirectPrice({ distanceKm: 10, weightKg: 16, vehicle: 'motorcycle', express: false });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(VehicleWeightLimitError);
      expect(error).toBeInstanceOf(RangeError);
      expect(error).toMatchObject({ vehicle: 'motorcycle', maxWeightKg: 15 });
    }
  });

  it('refuses meaningless input', () => {
    const valid = { distanceKm: 10, weightKg: 3, vehicle: 'car', express: false } as const;
    expect(() => calculateDirectPrice({ ...valid, distanceKm: -1 })).toThrow(RangeError);
    expect(() => calculateDirectPrice({ ...valid, distanceKm: Number.NaN })).toThrow(RangeError);
    expect(() => calculateDirectPrice({ ...valid, weightKg: 0 })).toThrow(RangeError);
    expect(() => calculateDirectPrice({ ...valid, weightKg: -3 })).toThrow(RangeError);
  });
});

describe('chooseVehicle (the server picks the smallest vehicle that holds the parcel)', () => {
  it('picks a motorcycle for the 12 kg parcel', () => {
    expect(chooseVehicle(12)).toBe('motorcycle');
  });

  it.each([
    [0.1, 'motorcycle'],
    [15, 'motorcycle'],
    [15.01, 'car'],
    [16, 'car'],
    [50, 'car'],
    [51, 'van'],
    [200, 'van'],
    [201, 'truck'],
    [1000, 'truck'],
    [1001, 'truck'],
    [40_000, 'truck'],
  ] as const)('%s kg → %s', (weightKg, vehicle) => {
    expect(chooseVehicle(weightKg)).toBe(vehicle);
  });

  it('refuses weights outside (0, 40 000] kg', () => {
    expect(() => chooseVehicle(40_000.01)).toThrow(RangeError);
    expect(() => chooseVehicle(0)).toThrow(RangeError);
    expect(() => chooseVehicle(-1)).toThrow(RangeError);
    expect(() => chooseVehicle(Number.NaN)).toThrow(RangeError);
  });

  it('lists vehicles from the smallest', () => {
    expect(VEHICLE_TYPES).toEqual(['motorcycle', 'car', 'van', 'truck']);
  });
});

describe('calculateServerPrice (docs/product.md, decision 3)', () => {
  it('prices the 12 kg Casablanca to Rabat parcel by motorcycle', () => {
    // 271.52 (above) × weight 1.5 × motorcycle 0.8 × normal 1 = 271.52 × 1.2 = 325.824 → 325.82
    expect(calculateServerPrice({ distanceKm: 110.76, weightKg: 12, priority: 'normal' })).toEqual({
      basePrice: 50,
      distanceCost: 221.52,
      subtotal: 271.52,
      weightFactor: 1.5,
      vehicle: 'motorcycle',
      vehicleFactor: 0.8,
      priorityFactor: 1,
      minimumApplied: false,
      price: 325.82,
    });
  });

  it.each([
    // 271.52 × 1.2 = 325.824, times the priority factor
    ['normal', 1, 325.82], // 325.824
    ['express', 1.5, 488.74], // 325.824 × 1.5 = 488.736
    ['urgent', 2, 651.65], // 325.824 × 2 = 651.648
  ] as const)('applies the %s priority factor ×%s', (priority, priorityFactor, price) => {
    const breakdown = calculateServerPrice({ distanceKm: 110.76, weightKg: 12, priority });
    expect(breakdown.priorityFactor).toBe(priorityFactor);
    expect(breakdown.price).toBe(price);
  });

  it('charges the 70 MAD minimum on a short express order', () => {
    // 2 km, 1 kg → motorcycle: (50 + 4) × 1 × 0.8 × 1.5 = 64.80 < 70 → 70
    const breakdown = calculateServerPrice({ distanceKm: 2, weightKg: 1, priority: 'express' });
    expect(breakdown.minimumApplied).toBe(true);
    expect(breakdown.price).toBe(70);
  });

  it('prices freight beyond the calculator truck limit', () => {
    // 1500 kg, 300 km, normal: (50 + 600) × weight 2 × truck 2 × 1 = 2600
    expect(
      calculateServerPrice({ distanceKm: 300, weightKg: 1500, priority: 'normal' }),
    ).toMatchObject({ vehicle: 'truck', price: 2600 });
    // 40 000 kg, 500 km, urgent: (50 + 1000) × 2 × 2 × 2 = 8400
    expect(
      calculateServerPrice({ distanceKm: 500, weightKg: 40_000, priority: 'urgent' }).price,
    ).toBe(8400);
  });

  it('refuses more than 40 000 kg and a negative distance', () => {
    expect(() =>
      calculateServerPrice({ distanceKm: 10, weightKg: 40_001, priority: 'normal' }),
    ).toThrow(RangeError);
    expect(() =>
      calculateServerPrice({ distanceKm: -5, weightKg: 10, priority: 'normal' }),
    ).toThrow(RangeError);
  });
});

describe('calculateWizardFallbackPrice (docs/product.md, section 9, wizard local price)', () => {
  // The calculator defaults: 10 kg, 20 × 15 × 10 cm.
  // weight 10 × 20 = 200; volume 20 × 15 × 10 = 3000 cm³ = 0.003 m³ × 500 = 1.5
  const parcel = { weightKg: 10, lengthCm: 20, widthCm: 15, heightCm: 10 };

  it.each([
    ['general', 1202], // 1000 + 200 + 1.5 = 1201.5 → 1202
    ['fragile', 1702], // 1500 + 200 + 1.5 = 1701.5 → 1702
    ['hazardous', 2202], // 2000 + 200 + 1.5 = 2201.5 → 2202
    ['refrigerated', 2002], // 1800 + 200 + 1.5 = 2001.5 → 2002
  ] as const)('bases a %s cargo at its price: %s', (cargoType, price) => {
    expect(calculateWizardFallbackPrice({ ...parcel, cargoType, priority: 'normal' })).toBe(price);
  });

  it('uses the default base 1000 for a missing or unknown cargo type', () => {
    // 1000 + 200 + 1.5 = 1201.5 → 1202
    expect(calculateWizardFallbackPrice({ ...parcel, priority: 'normal' })).toBe(1202);
    expect(calculateWizardFallbackPrice({ ...parcel, cargoType: '', priority: 'normal' })).toBe(
      1202,
    );
    expect(
      calculateWizardFallbackPrice({ ...parcel, cargoType: 'livestock', priority: 'normal' }),
    ).toBe(1202);
    expect(
      calculateWizardFallbackPrice({ ...parcel, cargoType: 'toString', priority: 'normal' }),
    ).toBe(1202);
  });

  it.each([
    ['normal', 1202], // 1201.5 × 1 → 1202
    ['express', 1802], // 1201.5 × 1.5 = 1802.25 → 1802
    ['urgent', 2403], // 1201.5 × 2 = 2403
  ] as const)('applies the %s priority: %s', (priority, price) => {
    expect(calculateWizardFallbackPrice({ ...parcel, cargoType: 'general', priority })).toBe(price);
  });

  it('prices a large refrigerated urgent load', () => {
    // 1800 + 250 × 20 + (120 × 100 × 80 / 1 000 000 = 0.96 m³) × 500 = 1800 + 5000 + 480 = 7280
    // × 2 = 14 560
    expect(
      calculateWizardFallbackPrice({
        cargoType: 'refrigerated',
        weightKg: 250,
        lengthCm: 120,
        widthCm: 100,
        heightCm: 80,
        priority: 'urgent',
      }),
    ).toBe(14_560);
  });

  it('knows the cargo types and priorities of the wizard', () => {
    expect(CARGO_TYPES).toEqual(['general', 'fragile', 'hazardous', 'refrigerated']);
    expect(PRIORITIES).toEqual(['normal', 'express', 'urgent']);
  });
});
