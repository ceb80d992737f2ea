import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import type { AdminOrder } from '#shared/schemas/admin-schemas';
import { OfficeDeliveryReasonSchema } from '#shared/schemas/driver-schemas';
import { OrderReasonDialog } from './order-reason-dialog';

/**
 * docs/decisions/0009-drivers.md, "Proof of delivery": after too many wrong delivery codes the
 * driver cannot deliver; the office does, with a reason the timeline keeps.
 */
export function DeliveryCodeLockedNotice({ order }: { order: AdminOrder }) {
  const { t } = useTranslation();
  if (!order.deliveryCodeLocked) return null;
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-900"
    >
      <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      {t('admin.officeDelivery.locked')}
    </p>
  );
}

/** Asks why the office delivers the order, then delivers it and says how it went in a toast. */
export function OfficeDeliveryDialog({ order, onClose }: { order: AdminOrder; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <OrderReasonDialog
      orderId={order.id}
      status="DELIVERED"
      words="officeDelivery"
      lead={t('admin.officeDelivery.lead')}
      reasonLabel={t('admin.officeDelivery.reason')}
      reasonRequired
      rule={OfficeDeliveryReasonSchema}
      cancelLabel={t('admin.officeDelivery.back')}
      successMessage={t('admin.toasts.statusUpdated', { status: 'DELIVERED' })}
      failureMessage={t('admin.toasts.updateFailed')}
      onClose={onClose}
    />
  );
}
