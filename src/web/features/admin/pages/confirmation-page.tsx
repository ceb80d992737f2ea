import '../admin-strings';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, Check } from 'lucide-react';
import { shortenIdForDashboard } from '#shared/format';
import { transitionsFor } from '#shared/order-lifecycle';
import type { AdminOrder } from '#shared/schemas/admin-schemas';
import { buttonClassName } from '../../../ui/button-styles';
import { AdminListScreen } from '../components/admin-list-screen';
import { CancelOrderDialog } from '../components/cancel-order-dialog';
import { ConfirmOrderDialog } from '../components/confirm-order-dialog';
import { useAdminOrderColumns, type OrderColumn } from '../components/order-columns';

type OpenDialog = { kind: 'confirm' | 'cancel'; order: AdminOrder } | null;

/** /admin/confirmation-order: pending orders, each confirmed onto a truck or cancelled. */
export function ConfirmationPage() {
  const { t } = useTranslation();
  const columns = useAdminOrderColumns();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);

  const actions: OrderColumn = {
    id: 'actions',
    header: t('admin.columns.actions'),
    cell: (order) => {
      const id = t('admin.common.hashId', { id: shortenIdForDashboard(order.id) });
      // What the lifecycle lets an admin do with this order: confirm it onto a truck, cancel it.
      const transitions = transitionsFor('admin', order.status);
      return (
        <span className="flex gap-2">
          {transitions.includes('dispatch') && (
            <button
              type="button"
              aria-label={t('admin.confirmation.confirmLabel', { id })}
              onClick={() => setDialog({ kind: 'confirm', order })}
              className={buttonClassName('primary')}
            >
              <Check aria-hidden="true" className="size-4" />
              {t('admin.confirmation.confirm')}
            </button>
          )}
          {transitions.includes('cancel') && (
            <button
              type="button"
              aria-label={t('admin.confirmation.cancelLabel', { id })}
              onClick={() => setDialog({ kind: 'cancel', order })}
              className={buttonClassName('secondary')}
            >
              <Ban aria-hidden="true" className="size-4" />
              {t('admin.confirmation.cancel')}
            </button>
          )}
        </span>
      );
    },
  };

  return (
    <AdminListScreen
      list="pending"
      title={t('admin.confirmation.title')}
      lead={t('admin.confirmation.lead')}
      caption={t('admin.confirmation.caption')}
      searchPlaceholder={t('admin.confirmation.searchPlaceholder')}
      emptyMessage={t('admin.confirmation.empty')}
      loadFailedMessage={t('admin.lists.loadFailed.pending')}
      columns={[
        columns.orderId,
        columns.company,
        columns.route,
        columns.weightKg,
        columns.price,
        columns.placedOn,
        actions,
      ]}
      rowKey={(order) => order.id}
    >
      {dialog?.kind === 'confirm' && <ConfirmOrderDialog order={dialog.order} onClose={close} />}
      {dialog?.kind === 'cancel' && (
        <CancelOrderDialog
          order={dialog.order}
          reasonRequired
          successMessage={t('admin.toasts.cancelled')}
          failureMessage={t('admin.toasts.cancelFailed')}
          onClose={close}
        />
      )}
    </AdminListScreen>
  );
}
