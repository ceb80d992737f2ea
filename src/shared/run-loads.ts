/**
 * The load rules of a run (issue 27, docs/decisions/0024-runs-and-planning.md): a truck's ordered
 * pickups and deliveries, what it carries at each point, and every reason the product refuses a
 * list of stops. The server checks runs and plans with it; the plan editor shows the same loads.
 */

export type RunStopKind = 'pickup' | 'delivery';

export interface RunStopRef {
  orderId: string;
  kind: RunStopKind;
}

export interface RunLoadItem {
  orderId: string;
  kg: number;
  m3: number;
  /** Already in the truck when the run starts: it has a delivery stop only, no pickup stop. */
  onBoard: boolean;
}

/** `m3: null`: the truck's volume is not limited. */
export interface RunCapacity {
  kg: number;
  m3: number | null;
}

export interface RunLoad {
  kg: number;
  m3: number;
}

export type RunProblem =
  /** The first point where the load exceeds the capacity; stopIndex -1 is the start. */
  | { code: 'over-capacity'; stopIndex: number; load: RunLoad }
  | { code: 'delivery-before-pickup'; orderId: string }
  | { code: 'missing-stop'; orderId: string; kind: RunStopKind }
  | { code: 'duplicate-stop'; orderId: string; kind: RunStopKind }
  | { code: 'unknown-order'; orderId: string };

/** Sums of decimal weights and volumes may land a hair above an exact fit: that still fits. */
export const LOAD_TOLERANCE = 1e-6;

/** Load at the start (index 0: on-board items) then after each stop (index i+1). */
export function runLoadProfile(stops: RunStopRef[], items: RunLoadItem[]): RunLoad[] {
  const byOrder = new Map(items.map((item) => [item.orderId, item]));
  let kg = 0;
  let m3 = 0;
  for (const item of items) {
    if (!item.onBoard) continue;
    kg += item.kg;
    m3 += item.m3;
  }
  const profile: RunLoad[] = [{ kg, m3 }];
  for (const stop of stops) {
    const item = byOrder.get(stop.orderId);
    if (item) {
      const sign = stop.kind === 'pickup' ? 1 : -1;
      kg += sign * item.kg;
      m3 += sign * item.m3;
    }
    profile.push({ kg, m3 });
  }
  return profile;
}

/** Whether a load fits a capacity, with LOAD_TOLERANCE. */
export function isWithinCapacity(load: RunLoad, capacity: RunCapacity): boolean {
  if (load.kg > capacity.kg + LOAD_TOLERANCE) return false;
  return capacity.m3 === null || load.m3 <= capacity.m3 + LOAD_TOLERANCE;
}

/**
 * Every problem of these stops (empty = a run the product accepts). A pickup stop for an item
 * already on board counts as a duplicate: its load is in the truck from the start.
 */
export function checkRunStops(
  stops: RunStopRef[],
  items: RunLoadItem[],
  capacity: RunCapacity,
): RunProblem[] {
  const problems: RunProblem[] = [];
  const byOrder = new Map(items.map((item) => [item.orderId, item]));
  const pickupAt = new Map<string, number>();
  const deliveryAt = new Map<string, number>();
  stops.forEach((stop, index) => {
    const item = byOrder.get(stop.orderId);
    if (!item) {
      problems.push({ code: 'unknown-order', orderId: stop.orderId });
      return;
    }
    const seen = stop.kind === 'pickup' ? pickupAt : deliveryAt;
    if (seen.has(stop.orderId) || (stop.kind === 'pickup' && item.onBoard)) {
      problems.push({ code: 'duplicate-stop', orderId: stop.orderId, kind: stop.kind });
      return;
    }
    seen.set(stop.orderId, index);
  });
  for (const item of items) {
    const delivery = deliveryAt.get(item.orderId);
    const pickup = pickupAt.get(item.orderId);
    if (!item.onBoard && pickup === undefined) {
      problems.push({ code: 'missing-stop', orderId: item.orderId, kind: 'pickup' });
    }
    if (delivery === undefined) {
      problems.push({ code: 'missing-stop', orderId: item.orderId, kind: 'delivery' });
    } else if (pickup !== undefined && delivery < pickup) {
      problems.push({ code: 'delivery-before-pickup', orderId: item.orderId });
    }
  }
  const profile = runLoadProfile(stops, items);
  const overIndex = profile.findIndex((load) => !isWithinCapacity(load, capacity));
  if (overIndex >= 0) {
    problems.push({ code: 'over-capacity', stopIndex: overIndex - 1, load: profile[overIndex] });
  }
  return problems;
}

/** An order's volume: length × width × height (cm) × quantity, in m³. */
export function orderVolumeM3(order: {
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  quantity: number;
}): number {
  return (order.lengthCm * order.widthCm * order.heightCm * order.quantity) / 1_000_000;
}
