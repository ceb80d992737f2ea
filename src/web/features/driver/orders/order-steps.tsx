import '../driver-strings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Undo2 } from 'lucide-react';
import type { DriverOrder } from '#shared/schemas/driver-schemas';
import { transitionsFor } from '#shared/order-lifecycle';
import { ApiError } from '../../../lib/api-client';
import { buttonClassName } from '../../../ui/button-styles';
import { nextStepAfterPending, pendingStepsOf } from '../offline/step-queue';
import type { StepQueue } from '../offline/use-step-queue';
import { DeliverDialog } from './deliver-dialog';
import { FailedAttemptDialog } from './failed-attempt-dialog';
import { ReturnDialog } from './return-dialog';

/**
 * The driver's next step on an order (docs/decisions/0009-drivers.md, "The driver's orders"):
 * the one big button, its dialogs, the steps waiting for the network and the server's refusal.
 * A stop of a run (docs/decisions/0024-runs-and-planning.md, "The driver's run") offers only its
 * own step: `only` is the stop's kind.
 */
export function OrderSteps({
  order,
  queue,
  only,
}: {
  order: DriverOrder;
  queue: StepQueue;
  only?: 'pickup' | 'delivery';
}) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<'deliver' | 'failed' | 'return' | null>(null);
  const [pickingUp, setPickingUp] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const pending = pendingStepsOf(queue.pending, order.id);
  const nextStep = nextStepAfterPending(order.nextStep, pending);
  // The server says which step comes next (picked up yet or not); the lifecycle table which
  // transitions a driver may make from the order's status at all.
  const transitions = transitionsFor('driver', order.status);

  const pickUp = async () => {
    setRefusal(null);
    setPickingUp(true);
    try {
      await queue.submit({
        orderId: order.id,
        trackingNumber: order.trackingNumber,
        step: 'pickup',
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      setRefusal(error.message);
    } finally {
      setPickingUp(false);
    }
  };

  return (
    <>
      {pending.map((step, index) => (
        <p
          key={`${step}-${index}`}
          className="rounded-lg bg-slate-100 px-3 py-2 text-sm font-medium text-slate-700"
        >
          {t(`driver.card.pending.${step}`)}
        </p>
      ))}
      {refusal && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
          {refusal}
        </p>
      )}

      {nextStep === 'pickup' && only !== 'delivery' && transitions.includes('pickUp') && (
        <button
          type="button"
          onClick={() => void pickUp()}
          disabled={pickingUp}
          aria-busy={pickingUp || undefined}
          className={`${buttonClassName('primary', 'lg')} w-full`}
        >
          {pickingUp ? t('driver.card.sending') : t('driver.card.pickedUp')}
        </button>
      )}
      {nextStep === 'deliver' && only !== 'pickup' && !order.deliveryCodeLocked && (
        <div className="flex flex-col gap-2">
          {transitions.includes('deliver') && (
            <button
              type="button"
              onClick={() => setDialog('deliver')}
              className={`${buttonClassName('primary', 'lg')} w-full`}
            >
              {t('driver.card.deliver')}
            </button>
          )}
          {transitions.includes('failDelivery') && (
            <button
              type="button"
              onClick={() => setDialog('failed')}
              className={`${buttonClassName('secondary')} w-full`}
            >
              {t('driver.card.deliveryFailed')}
            </button>
          )}
        </div>
      )}

      {nextStep === 'return' &&
        only === undefined &&
        !order.deliveryCodeLocked &&
        transitions.includes('deliverReturn') && (
          <button
            type="button"
            onClick={() => setDialog('return')}
            className={`${buttonClassName('primary', 'lg')} w-full`}
          >
            <Undo2 aria-hidden="true" className="size-5 rtl:-scale-x-100" />
            {t('driver.card.returned')}
          </button>
        )}

      {dialog === 'return' && (
        <ReturnDialog order={order} queue={queue} onClose={() => setDialog(null)} />
      )}
      {dialog === 'deliver' && (
        <DeliverDialog order={order} queue={queue} onClose={() => setDialog(null)} />
      )}
      {dialog === 'failed' && (
        <FailedAttemptDialog order={order} queue={queue} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
