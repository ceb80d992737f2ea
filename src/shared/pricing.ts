import { formatDecimal, roundTo, roundToCents } from './numbers';

// docs/product.md, section 9, calculator rule.
export const BASE_PRICE = 50;
export const PRICE_PER_KM = 2;
export const MINIMUM_PRICE = 70;
export const EXPRESS_FACTOR = 1.5;

/** Weight factor: up to 5 kg ×1, up to 20 kg ×1.5, anything heavier ×2. */
export const WEIGHT_TIERS = [
  { maxWeightKg: 5, factor: 1 },
  { maxWeightKg: 20, factor: 1.5 },
] as const;
export const HEAVY_WEIGHT_FACTOR = 2;

/** Smallest first: chooseVehicle takes the first one that holds the parcel. */
export const VEHICLE_TYPES = ['motorcycle', 'car', 'van', 'truck'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export interface Vehicle {
  factor: number;
  maxWeightKg: number;
}

export const VEHICLES: Readonly<Record<VehicleType, Vehicle>> = {
  motorcycle: { factor: 0.8, maxWeightKg: 15 },
  car: { factor: 1, maxWeightKg: 50 },
  van: { factor: 1.5, maxWeightKg: 200 },
  // 1000 kg is the limit of the direct calculator only; the server takes trucks to 40 000 kg.
  truck: { factor: 2, maxWeightKg: 1000 },
};

/**
 * docs/product.md, decision 17: freight the server accepts, above the calculator's 1000 kg truck.
 */
export const SERVER_MAX_WEIGHT_KG = 40_000;

/*
 * The specification defines city multipliers and distance tiers but its price formula never applies
 * them (docs/product.md, decision 3 keeps it that way). They stay here as data so that the figures
 * live in one place should a future price rule use them; no price below reads them.
 */
export const CITY_MULTIPLIERS: Readonly<Record<string, number>> = {
  Casablanca: 1.2,
  Rabat: 1.15,
  Marrakech: 1.1,
  Tangier: 1.1,
};
export const DEFAULT_CITY_MULTIPLIER = 1;
export const DISTANCE_TIERS = [
  { maxKm: 10, factor: 1.2 },
  { maxKm: 50, factor: 1 },
  { maxKm: 200, factor: 0.8 },
] as const;
export const LONG_DISTANCE_FACTOR = 0.7;

export const PRIORITIES = ['normal', 'express', 'urgent'] as const;
export type Priority = (typeof PRIORITIES)[number];

/**
 * The server's priority takes the place of the calculator's express checkbox
 * (docs/product.md, decision 3).
 */
export const PRIORITY_FACTORS: Readonly<Record<Priority, number>> = {
  normal: 1,
  express: EXPRESS_FACTOR,
  urgent: 2,
};

// docs/product.md, section 9, the wizard's local price, shown only when the
// server's price call fails.
export const CARGO_TYPES = ['general', 'fragile', 'hazardous', 'refrigerated'] as const;
export type CargoType = (typeof CARGO_TYPES)[number];

export const CARGO_BASE_PRICES: Readonly<Record<CargoType, number>> = {
  general: 1000,
  fragile: 1500,
  hazardous: 2000,
  refrigerated: 1800,
};
export const DEFAULT_CARGO_BASE_PRICE = 1000;
export const WIZARD_PRICE_PER_KG = 20;
export const WIZARD_PRICE_PER_CUBIC_METRE = 500;

// docs/product.md, section 9, the straight-line fallback when no routing service answers.
export const EARTH_RADIUS_KM = 6371;
/** Roads are longer than the great circle; the specification allows 30 %. */
export const ROAD_FACTOR = 1.3;
export const FALLBACK_SPEED_KMH = 60;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Thrown by the direct calculator when the parcel is heavier than the chosen vehicle carries. */
export class VehicleWeightLimitError extends RangeError {
  readonly vehicle: VehicleType;
  readonly maxWeightKg: number;

  constructor(vehicle: VehicleType, weightKg: number) {
    const { maxWeightKg } = VEHICLES[vehicle];
    super(`A ${vehicle} carries at most ${maxWeightKg} kg; this parcel weighs ${weightKg} kg`);
    this.name = 'VehicleWeightLimitError';
    this.vehicle = vehicle;
    this.maxWeightKg = maxWeightKg;
  }
}

export interface PriceBreakdown {
  basePrice: number;
  /** PRICE_PER_KM × distance, to the centime. */
  distanceCost: number;
  /** basePrice + distanceCost, before any factor. */
  subtotal: number;
  weightFactor: number;
  vehicleFactor: number;
  /** True when the factored subtotal fell below MINIMUM_PRICE and the minimum was charged. */
  minimumApplied: boolean;
  /** MAD, rounded to 2 decimals. */
  price: number;
}

export interface DirectPriceBreakdown extends PriceBreakdown {
  expressFactor: number;
}

export interface ServerPriceBreakdown extends PriceBreakdown {
  vehicle: VehicleType;
  priorityFactor: number;
}

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/**
 * Road distance estimate: the great-circle (haversine) distance times ROAD_FACTOR, in km rounded
 * to 2 decimals, so that a price recomputed from the distance shown gives the same figure.
 */
export function straightLineDistanceKm(a: LatLng, b: LatLng): number {
  const halfDeltaLat = toRadians(b.lat - a.lat) / 2;
  const halfDeltaLng = toRadians(b.lng - a.lng) / 2;
  const h =
    Math.sin(halfDeltaLat) ** 2 +
    Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(halfDeltaLng) ** 2;
  const centralAngle = 2 * Math.atan2(Math.sqrt(h), Math.sqrt(1 - h));
  return roundToCents(EARTH_RADIUS_KM * centralAngle * ROAD_FACTOR);
}

/** Whole minutes at FALLBACK_SPEED_KMH. */
export function estimateDurationMinutes(km: number): number {
  return roundTo((km / FALLBACK_SPEED_KMH) * 60, 0);
}

/** '112.4 km'. */
export function formatDistanceText(km: number): string {
  return `${formatDecimal(km, 1, 1)} km`;
}

/** '45 min', '2 h', '1 h 52 min'. */
export function formatDurationText(minutes: number): string {
  const total = roundTo(minutes, 0);
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

export function getWeightFactor(weightKg: number): number {
  return WEIGHT_TIERS.find((tier) => weightKg <= tier.maxWeightKg)?.factor ?? HEAVY_WEIGHT_FACTOR;
}

function assertDistance(distanceKm: number): void {
  if (!Number.isFinite(distanceKm) || distanceKm < 0) {
    throw new RangeError(`Distance must be a number of km at least 0, got ${distanceKm}`);
  }
}

function assertWeight(weightKg: number, maxWeightKg: number): void {
  if (!Number.isFinite(weightKg) || weightKg <= 0 || weightKg > maxWeightKg) {
    throw new RangeError(`Weight must be above 0 and at most ${maxWeightKg} kg, got ${weightKg}`);
  }
}

/**
 * The calculator rule of docs/product.md, section 9, shared by both callers: max(MINIMUM_PRICE,
 * (BASE_PRICE + PRICE_PER_KM × km) × weight × vehicle × service factor).
 */
function applyPriceRule(
  distanceKm: number,
  weightKg: number,
  vehicleFactor: number,
  serviceFactor: number,
): PriceBreakdown {
  const distanceCost = PRICE_PER_KM * distanceKm;
  const subtotal = BASE_PRICE + distanceCost;
  const weightFactor = getWeightFactor(weightKg);
  const factored = subtotal * weightFactor * vehicleFactor * serviceFactor;
  return {
    basePrice: BASE_PRICE,
    distanceCost: roundToCents(distanceCost),
    subtotal: roundToCents(subtotal),
    weightFactor,
    vehicleFactor,
    minimumApplied: factored < MINIMUM_PRICE,
    price: roundToCents(Math.max(MINIMUM_PRICE, factored)),
  };
}

/**
 * The /test-direct-calculator rule: the customer picks the vehicle and the express checkbox.
 * Throws VehicleWeightLimitError when the parcel is heavier than that vehicle carries, so that a
 * price is never shown for a load the vehicle cannot take; RangeError for a meaningless input.
 */
export function calculateDirectPrice(input: {
  distanceKm: number;
  weightKg: number;
  vehicle: VehicleType;
  express: boolean;
}): DirectPriceBreakdown {
  const { distanceKm, weightKg, vehicle, express } = input;
  assertDistance(distanceKm);
  assertWeight(weightKg, Number.POSITIVE_INFINITY);
  if (weightKg > VEHICLES[vehicle].maxWeightKg) {
    throw new VehicleWeightLimitError(vehicle, weightKg);
  }
  const expressFactor = express ? EXPRESS_FACTOR : 1;
  return {
    ...applyPriceRule(distanceKm, weightKg, VEHICLES[vehicle].factor, expressFactor),
    expressFactor,
  };
}

/**
 * The server's automatic choice (docs/product.md, decisions 3 and 17): the smallest vehicle that
 * holds the parcel, a truck for anything above the van's 200 kg up to SERVER_MAX_WEIGHT_KG. Throws
 * RangeError outside (0, SERVER_MAX_WEIGHT_KG].
 */
export function chooseVehicle(weightKg: number): VehicleType {
  assertWeight(weightKg, SERVER_MAX_WEIGHT_KG);
  return VEHICLE_TYPES.find((type) => weightKg <= VEHICLES[type].maxWeightKg) ?? 'truck';
}

/**
 * The price the server stores (docs/product.md, decision 3): the calculator rule with the vehicle
 * chosen by weight and the priority factor in place of the express checkbox. Throws RangeError for
 * a negative distance or a weight outside (0, SERVER_MAX_WEIGHT_KG].
 */
export function calculateServerPrice(input: {
  distanceKm: number;
  weightKg: number;
  priority: Priority;
}): ServerPriceBreakdown {
  const { distanceKm, weightKg, priority } = input;
  assertDistance(distanceKm);
  const vehicle = chooseVehicle(weightKg);
  const priorityFactor = PRIORITY_FACTORS[priority];
  return {
    ...applyPriceRule(distanceKm, weightKg, VEHICLES[vehicle].factor, priorityFactor),
    vehicle,
    priorityFactor,
  };
}

function getCargoBasePrice(cargoType: string | null | undefined): number {
  return cargoType && Object.hasOwn(CARGO_BASE_PRICES, cargoType)
    ? CARGO_BASE_PRICES[cargoType as CargoType]
    : DEFAULT_CARGO_BASE_PRICE;
}

/**
 * The wizard's local price (docs/product.md, section 9), in whole MAD: cargo base + weight × 20 +
 * volume in m³ × 500, times the priority factor. A missing or unknown cargo type uses the default
 * base, as the specification's form does before a type is picked.
 */
export function calculateWizardFallbackPrice(input: {
  cargoType?: string | null;
  weightKg: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  priority: Priority;
}): number {
  const { cargoType, weightKg, lengthCm, widthCm, heightCm, priority } = input;
  const volumeCubicMetres = (lengthCm * widthCm * heightCm) / 1_000_000;
  const beforePriority =
    getCargoBasePrice(cargoType) +
    weightKg * WIZARD_PRICE_PER_KG +
    volumeCubicMetres * WIZARD_PRICE_PER_CUBIC_METRE;
  return roundTo(beforePriority * PRIORITY_FACTORS[priority], 0);
}
