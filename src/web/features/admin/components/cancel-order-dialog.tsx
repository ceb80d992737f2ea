import { useTranslation } from 'react-i18next';
import { CancellationReasonSchema, type AdminOrder } from '#shared/schemas/admin-schemas';
import { OrderReasonDialog } from './order-reason-dialog';

interface CancelOrderDialogProps {
  order: AdminOrder;
  /**
   * A pending order needs a reason; one on the road may go without (docs/product.md, decision 15).
   */
  reasonRequired: boolean;
  /** The toasts of the screen that opened the dialog (docs/product.md, section 8). */
  successMessage: string;
  failureMessage: string;
  onClose(): void;
}

/** Asks why the order is cancelled, then cancels it and says how it went in a toast. */
export function CancelOrderDialog({
  order,
  reasonRequired,
  successMessage,
  failureMessage,
  onClose,
}: CancelOrderDialogProps) {
  const { t } = useTranslation();
  return (
    <OrderReasonDialog
      orderId={order.id}
      status="CANCELLED"
      words="cancelDialog"
      lead={
        reasonRequired ? t('admin.cancelDialog.leadPending') : t('admin.cancelDialog.leadInTransit')
      }
      reasonLabel={
        reasonRequired ? t('admin.cancelDialog.reason') : t('admin.cancelDialog.reasonOptional')
      }
      reasonRequired={reasonRequired}
      rule={CancellationReasonSchema}
      cancelLabel={t('admin.cancelDialog.keep')}
      variant="danger"
      successMessage={successMessage}
      failureMessage={failureMessage}
      onClose={onClose}
    />
  );
}
