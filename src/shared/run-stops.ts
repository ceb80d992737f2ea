import { message, type Message } from './i18n/message-key';
import { roundToCents } from './numbers';
import { estimateDurationMinutes, straightLineDistanceKm, type LatLng } from './pricing';
import {
  orderVolumeM3,
  type RunCapacity,
  type RunLoadItem,
  type RunProblem,
  type RunStopKind,
  type RunStopRef,
} from './run-loads';

/*
 * What a run's stops weigh and measure (docs/decisions/0024-runs-and-planning.md): the same rules
 * for a dispatch, an edited plan and a run's screen.
 */

/** What the rules read of an order: its weight, dimensions and both addresses' points. */
export interface RunOrderFacts {
  id: string;
  trackingNumber: string;
  weightKg: string | number;
  lengthCm: string | number;
  widthCm: string | number;
  heightCm: string | number;
  quantity: number;
  pickupLat: number;
  pickupLng: number;
  deliveryLat: number;
  deliveryLng: number;
  /** The order's own route, as priced: pickup to delivery. */
  distanceKm: string | number;
  durationMinutes: number;
}

export function loadItemOf(order: RunOrderFacts): RunLoadItem {
  return {
    orderId: order.id,
    kg: Number(order.weightKg),
    m3: orderVolumeM3({
      lengthCm: Number(order.lengthCm),
      widthCm: Number(order.widthCm),
      heightCm: Number(order.heightCm),
      quantity: order.quantity,
    }),
    onBoard: false,
  };
}

export function capacityOf(truck: {
  capacityKg: string | number;
  capacityM3: string | number | null;
}): RunCapacity {
  return {
    kg: Number(truck.capacityKg),
    m3: truck.capacityM3 === null ? null : Number(truck.capacityM3),
  };
}

export function pointOf(order: RunOrderFacts, kind: RunStopKind): LatLng {
  return kind === 'pickup'
    ? { lat: order.pickupLat, lng: order.pickupLng }
    : { lat: order.deliveryLat, lng: order.deliveryLng };
}

/** Each new order's pickup then delivery, after the stops the run already has. */
export function appendOrders(
  stops: readonly RunStopRef[],
  orderIds: readonly string[],
): RunStopRef[] {
  return [
    ...stops,
    ...orderIds.flatMap((orderId) => [
      { orderId, kind: 'pickup' as const },
      { orderId, kind: 'delivery' as const },
    ]),
  ];
}

export interface RunMeasure {
  distanceKm: number;
  durationMinutes: number;
  /** Road km of each stop's leg (from the start for the first). */
  legsKm: number[];
  /** Minutes from the start to each order's delivery. */
  deliveryMinutes: Map<string, number>;
}

/**
 * The run's road distance and time, stop after stop. A leg from an order's pickup straight to its
 * own delivery is its route as priced (a routing server's when there is one); any other leg is
 * the straight line times the road factor at the fallback speed (#shared/pricing). Without a start
 * point the run starts at its first stop.
 */
export function measureStops(
  start: LatLng | null,
  stops: readonly RunStopRef[],
  ordersById: ReadonlyMap<string, RunOrderFacts>,
): RunMeasure {
  let previous = start;
  let previousStop: RunStopRef | undefined;
  let distanceKm = 0;
  let minutes = 0;
  const legsKm: number[] = [];
  const deliveryMinutes = new Map<string, number>();
  for (const stop of stops) {
    const order = ordersById.get(stop.orderId);
    if (!order) continue;
    const point = pointOf(order, stop.kind);
    const ownRoute =
      stop.kind === 'delivery' &&
      previousStop?.orderId === stop.orderId &&
      previousStop.kind === 'pickup';
    const legKm = ownRoute
      ? Number(order.distanceKm)
      : previous
        ? straightLineDistanceKm(previous, point)
        : 0;
    legsKm.push(legKm);
    distanceKm += legKm;
    minutes += ownRoute ? order.durationMinutes : estimateDurationMinutes(legKm);
    if (stop.kind === 'delivery') deliveryMinutes.set(stop.orderId, minutes);
    previous = point;
    previousStop = stop;
  }
  return {
    distanceKm: roundToCents(distanceKm),
    durationMinutes: Math.round(minutes),
    legsKm,
    deliveryMinutes,
  };
}

/** A run's problems in the office's words, naming each order by its tracking number. */
export function describeRunProblems(
  problems: readonly RunProblem[],
  ordersById: ReadonlyMap<string, { trackingNumber: string }>,
  capacity: RunCapacity,
): Message[] {
  const trackingNumber = (orderId: string) => ordersById.get(orderId)?.trackingNumber ?? orderId;
  return problems.map((problem) => {
    switch (problem.code) {
      case 'over-capacity': {
        const stop = problem.stopIndex + 1;
        if (problem.load.kg > capacity.kg || capacity.m3 === null) {
          return message('runs.over_capacity', {
            stop,
            kg: roundToCents(problem.load.kg),
            capacity: capacity.kg,
          });
        }
        return message('runs.over_volume', {
          stop,
          m3: roundToCents(problem.load.m3),
          capacity: capacity.m3,
        });
      }
      case 'delivery-before-pickup':
        return message('runs.delivery_before_pickup', {
          trackingNumber: trackingNumber(problem.orderId),
        });
      case 'missing-stop':
        return message(
          problem.kind === 'pickup' ? 'runs.pickup_missing' : 'runs.delivery_missing',
          {
            trackingNumber: trackingNumber(problem.orderId),
          },
        );
      case 'duplicate-stop':
        return message('runs.stop_repeated', { trackingNumber: trackingNumber(problem.orderId) });
      case 'unknown-order':
        return message('runs.stop_unknown_order');
    }
  });
}
