import { createDeliveryCodes, deriveDeliveryCodeKey } from '../../src/server/drivers/delivery-code';
import { createMessagesService } from '../../src/server/messages/messages-service';
import { createNotificationsService } from '../../src/server/notifications/notifications-service';
import {
  createOrderLifecycle,
  type OrderActor,
  type OrderLifecycle,
} from '../../src/server/orders/order-lifecycle';
import { createReceiverTokens } from '../../src/server/returns/receiver-tokens';
import type { LoggedIn } from './factories';
import type { TestApp } from './helpers';

/** The secret of the test lifecycle's delivery codes: a test derives the codes it must give. */
const SECRET = 'lifecycle test secret';

export const testDeliveryCodes = createDeliveryCodes(deriveDeliveryCodeKey(SECRET));

/**
 * The order lifecycle on a test app's database, driven directly for steps whose routes another
 * feature owns or cannot show (a refusal's return, the office's record of a return), on the
 * given clock.
 */
export function createTestLifecycle(
  testApp: TestApp,
  clock: () => Date = () => new Date(),
): OrderLifecycle {
  const { db } = testApp.database;
  return createOrderLifecycle({
    db,
    clock,
    notificationsService: createNotificationsService({
      db,
      messagesService: createMessagesService({ db }),
      clock,
    }),
    deliveryCodes: testDeliveryCodes,
    log: testApp.app.log,
    publicUrl: 'http://localhost:3000',
    receiverTokens: createReceiverTokens(SECRET, 'http://localhost:3000'),
  });
}

/** An admin as the lifecycle sees them: an office action, audited under their account. */
export const officeActor = (admin: LoggedIn): OrderActor => ({
  kind: 'admin',
  userId: admin.user.id,
  office: { userId: admin.user.id, role: 'ADMIN', ip: '127.0.0.1' },
});

export const driverActor = (driverId: string): OrderActor => ({
  kind: 'driver',
  userId: null,
  driverId,
});
