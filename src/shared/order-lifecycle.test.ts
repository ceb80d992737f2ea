import { describe, expect, it } from 'vitest';
import {
  canChangeStatus,
  findTransitionRefusal,
  ORDER_ACTORS,
  ORDER_LIFECYCLE,
  transitionsFor,
  type OrderTransitionName,
} from './order-lifecycle';
import { ORDER_STATUSES, type OrderStatus } from './order-status';

describe('the order lifecycle table', () => {
  const statusChanges: [OrderStatus, OrderStatus][] = [
    ['PENDING', 'IN_TRANSIT'],
    ['PENDING', 'CANCELLED'],
    ['IN_TRANSIT', 'DELIVERED'],
    ['IN_TRANSIT', 'CANCELLED'],
    ['IN_TRANSIT', 'RETURNING'],
    ['DELIVERED', 'RETURNING'],
    ['RETURNING', 'RETURNED'],
  ];

  it('changes status only from pending to on the road or cancelled, from on the road to delivered, cancelled or returning, a delivered exchange to returning, and returning to returned', () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const expected = statusChanges.some(([a, b]) => a === from && b === to);
        expect({ from, to, allowed: canChangeStatus(from, to) }).toEqual({
          from,
          to,
          allowed: expected,
        });
      }
    }
  });

  it('lets each actor make only its own transitions', () => {
    const allowed: Record<OrderTransitionName, string[]> = {
      place: ['customer'],
      dispatch: ['admin'],
      pickUp: ['driver'],
      deliver: ['admin', 'driver'],
      failDelivery: ['driver'],
      reschedule: ['receiver'],
      reattempt: ['customer'],
      addInstructions: ['receiver'],
      startReturn: ['customer', 'admin', 'receiver', 'system'],
      returnExchanged: ['system'],
      deliverReturn: ['driver', 'admin'],
      cancel: ['admin'],
      cancelByCustomer: ['customer'],
    };
    for (const name of Object.keys(ORDER_LIFECYCLE) as OrderTransitionName[]) {
      const from = ORDER_LIFECYCLE[name].from[0] ?? 'PENDING';
      for (const actor of ORDER_ACTORS) {
        const refusedActor = findTransitionRefusal(name, from, actor) === 'actor';
        expect({ name, actor, refusedActor }).toEqual({
          name,
          actor,
          refusedActor: !allowed[name].includes(actor),
        });
      }
    }
  });

  it("refuses every transition out of a cancelled or returned order, and all but the exchange's return out of a delivered one", () => {
    for (const name of Object.keys(ORDER_LIFECYCLE) as OrderTransitionName[]) {
      for (const actor of ORDER_ACTORS) {
        for (const final of ['CANCELLED', 'RETURNED'] as const) {
          expect(findTransitionRefusal(name, final, actor)).toBeDefined();
        }
        const fromDelivered = findTransitionRefusal(name, 'DELIVERED', actor);
        expect({ name, actor, allowed: fromDelivered === undefined }).toEqual({
          name,
          actor,
          allowed: name === 'returnExchanged' && actor === 'system',
        });
      }
    }
  });

  it('keeps a failed attempt and a pickup on the road', () => {
    expect(ORDER_LIFECYCLE.pickUp).toMatchObject({ from: ['IN_TRANSIT'], to: 'IN_TRANSIT' });
    expect(ORDER_LIFECYCLE.failDelivery).toMatchObject({ from: ['IN_TRANSIT'], to: 'IN_TRANSIT' });
  });
});

describe('transitionsFor', () => {
  it('offers the admin confirming or cancelling a pending order, delivering or cancelling one on the road', () => {
    expect(transitionsFor('admin', 'PENDING')).toEqual(['dispatch', 'cancel']);
    expect(transitionsFor('admin', 'IN_TRANSIT')).toEqual(['deliver', 'startReturn', 'cancel']);
    expect(transitionsFor('admin', 'RETURNING')).toEqual(['deliverReturn']);
  });

  it('offers the driver picking up, delivering or a failed attempt on the road, and nothing before', () => {
    expect(transitionsFor('driver', 'IN_TRANSIT')).toEqual(['pickUp', 'deliver', 'failDelivery']);
    expect(transitionsFor('driver', 'PENDING')).toEqual([]);
  });

  it("offers nobody anything on a closed order but the system an exchange's return", () => {
    for (const actor of ORDER_ACTORS) {
      expect(transitionsFor(actor, 'DELIVERED')).toEqual(
        actor === 'system' ? ['returnExchanged'] : [],
      );
      expect(transitionsFor(actor, 'CANCELLED')).toEqual([]);
      expect(transitionsFor(actor, 'RETURNED')).toEqual([]);
    }
  });

  it('agrees with findTransitionRefusal for every actor and status', () => {
    for (const actor of ORDER_ACTORS) {
      for (const status of ORDER_STATUSES) {
        const names = Object.keys(ORDER_LIFECYCLE) as OrderTransitionName[];
        expect(transitionsFor(actor, status)).toEqual(
          names.filter((name) => !findTransitionRefusal(name, status, actor)),
        );
      }
    }
  });
});
