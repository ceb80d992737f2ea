import { useTranslation } from 'react-i18next';
import { OfficeReturnSchema } from '#shared/schemas/returns-schemas';
import { OfficeReturnReasonDialog } from './order-reason-dialog';

/**
 * The office sends a parcel on the road back to its sender (a merchant silent for too long, a
 * parcel that cannot be delivered), or records that the sender has it back when the return code
 * is lost (docs/decisions/0023-failed-deliveries-and-returns.md). Both ask why; the audit trail
 * keeps it.
 */
export function OfficeReturnDialog({
  orderId,
  action,
  onClose,
}: {
  orderId: string;
  action: 'return' | 'return-delivered';
  onClose(): void;
}) {
  const { t } = useTranslation();
  const words = action === 'return' ? 'officeReturn' : 'officeReturnDelivered';
  return (
    <OfficeReturnReasonDialog
      orderId={orderId}
      action={action}
      words={words}
      lead={t(`admin.${words}.lead`)}
      reasonLabel={t(`admin.${words}.reason`)}
      reasonRequired
      rule={OfficeReturnSchema.shape.reason}
      cancelLabel={t(`admin.${words}.back`)}
      successMessage={t(`admin.${words}.done`)}
      failureMessage={t('admin.toasts.updateFailed')}
      onClose={onClose}
    />
  );
}
