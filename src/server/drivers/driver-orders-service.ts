import {
  DRIVER_STEP_DONE_MESSAGES,
  type DeliverOrder,
  type DriverOrderList,
  type DriverStepResult,
  type FailedAttempt,
} from '#shared/schemas/driver-schemas';
import type { ReturnCode } from '#shared/schemas/returns-schemas';
import type { Database } from '../db/open-database';
import { englishText } from '#shared/i18n/message-catalogs';
import type { MessageCode } from '#shared/i18n/message-key';
import { notFound } from '../http/errors';
import type { OrderActor, OrderLifecycle } from '../orders/order-lifecycle';
import { findDriverOrder, listDriverOrders } from '../orders/order-reads';
import { toDriverOrder } from './driver-orders-view';

/** The signed-in driver: their account and the driver record the orders name. */
export interface DriverCaller {
  userId: string;
  driverId: string;
}

interface DriverOrdersServiceDeps {
  db: Database;
  lifecycle: OrderLifecycle;
  clock: () => Date;
}

/**
 * The driver's page (docs/decisions/0009-drivers.md, "The driver's orders"): their own orders
 * and the steps they take on them, every one through the order lifecycle, which refuses a
 * malformed id and another driver's order as unknown.
 */
export function createDriverOrdersService({ db, lifecycle, clock }: DriverOrdersServiceDeps) {
  const actorOf = ({ userId, driverId }: DriverCaller): OrderActor => ({
    kind: 'driver',
    userId,
    driverId,
  });

  async function answer(caller: DriverCaller, orderId: string, done: MessageCode) {
    const row = await findDriverOrder(db, caller.driverId, orderId);
    if (!row) throw notFound('order.not_found');
    return {
      message: englishText({ code: done, params: {} }),
      order: toDriverOrder(row),
    } satisfies DriverStepResult;
  }

  return {
    async listOrders(caller: DriverCaller): Promise<DriverOrderList> {
      const { onTheRoad, delivered } = await listDriverOrders(db, caller.driverId, clock());
      return { onTheRoad: onTheRoad.map(toDriverOrder), delivered: delivered.map(toDriverOrder) };
    },

    async pickUp(caller: DriverCaller, orderId: string): Promise<DriverStepResult> {
      await lifecycle.pickUp(orderId, actorOf(caller));
      return answer(caller, orderId, DRIVER_STEP_DONE_MESSAGES.pickup);
    },

    async deliver(
      caller: DriverCaller,
      orderId: string,
      input: DeliverOrder,
    ): Promise<DriverStepResult> {
      await lifecycle.deliver(orderId, actorOf(caller), {
        code: input.code,
        cashCollected: input.cashCollected,
      });
      return answer(caller, orderId, DRIVER_STEP_DONE_MESSAGES.deliver);
    },

    async reportFailedAttempt(
      caller: DriverCaller,
      orderId: string,
      input: FailedAttempt,
    ): Promise<DriverStepResult> {
      await lifecycle.failDelivery(orderId, actorOf(caller), input);
      return answer(caller, orderId, DRIVER_STEP_DONE_MESSAGES['attempt-failed']);
    },

    /** The sender has the parcel back: their return code proves it (docs/decisions/0023). */
    async deliverReturn(
      caller: DriverCaller,
      orderId: string,
      input: ReturnCode,
    ): Promise<DriverStepResult> {
      await lifecycle.deliverReturn(orderId, actorOf(caller), { code: input.code });
      return answer(caller, orderId, DRIVER_STEP_DONE_MESSAGES['return-delivered']);
    },
  };
}

export type DriverOrdersService = ReturnType<typeof createDriverOrdersService>;
