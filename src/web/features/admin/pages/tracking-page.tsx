import '../admin-strings';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { shortenIdForDashboard } from '#shared/format';
import { transitionsFor } from '#shared/order-lifecycle';
import type { AdminOrder } from '#shared/schemas/admin-schemas';
import { inputClassName } from '../../../ui/input-styles';
import { describeActionError } from '../admin-errors';
import { useUpdateOrderStatus } from '../api/admin-api';
import type { ListFilterOption } from '../../../ui/list-screen';
import { AdminListScreen } from '../components/admin-list-screen';
import { notifyError, notifySuccess } from '../../../ui/toasts';
import { CancelOrderDialog } from '../components/cancel-order-dialog';
import { OfficeReturnDialog } from '../components/office-return';
import { useAdminOrderColumns, type OrderColumn } from '../components/order-columns';

const DELIVER = 'DELIVERED';
const CANCEL = 'CANCELLED';
const RECORD_RETURN = 'RETURNED';
type TrackingAction = typeof DELIVER | typeof CANCEL | typeof RECORD_RETURN;

/**
 * The Actions select of docs/product.md, section 2: Update Status is the empty choice and is
 * ignored; the select always shows it again, since the row leaves the list once its status changes.
 * It offers delivering, cancelling and recording a return where the lifecycle lets an admin make
 * them.
 */
function OrderActionSelect({
  order,
  busy,
  onAction,
}: {
  order: AdminOrder;
  busy: boolean;
  onAction(action: TrackingAction): void;
}) {
  const { t } = useTranslation();
  const transitions = transitionsFor('admin', order.status);
  return (
    <span className="relative block min-w-44">
      <select
        value=""
        disabled={busy}
        aria-label={t('admin.tracking.actions.label', {
          id: t('admin.common.hashId', { id: shortenIdForDashboard(order.id) }),
        })}
        onChange={(event) => {
          const action = event.target.value;
          if (action === DELIVER || action === CANCEL || action === RECORD_RETURN) {
            onAction(action);
          }
        }}
        className={`${inputClassName()} min-h-10 appearance-none py-1.5 pe-9 text-sm`}
      >
        <option value="">{t('admin.tracking.actions.placeholder')}</option>
        {transitions.includes('deliver') && (
          <option value={DELIVER}>{t('admin.tracking.actions.deliver')}</option>
        )}
        {transitions.includes('cancel') && (
          <option value={CANCEL}>{t('admin.tracking.actions.cancel')}</option>
        )}
        {transitions.includes('deliverReturn') && (
          <option value={RECORD_RETURN}>{t('admin.returns.actions.return-delivered')}</option>
        )}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute end-2.5 top-1/2 size-4 -translate-y-1/2 text-slate-400"
      />
    </span>
  );
}

/**
 * /admin/tracking: orders on the road, delivered or cancelled from here, and the parcels on
 * their way back to their sender, whose return is recorded from the returns screen.
 */
export function TrackingPage() {
  const { t } = useTranslation();
  const columns = useAdminOrderColumns();
  const update = useUpdateOrderStatus();
  const [cancelling, setCancelling] = useState<AdminOrder | null>(null);
  const [recordingReturn, setRecordingReturn] = useState<AdminOrder | null>(null);

  const stateOptions = useMemo<ListFilterOption[]>(
    () => [
      { value: 'ALL', label: t('admin.tracking.states.all') },
      { value: 'ON_THE_ROAD', label: t('admin.tracking.states.onTheRoad'), status: 'IN_TRANSIT' },
      // Parcels on their way back to their sender (docs/decisions/0023).
      { value: 'RETURNING', label: t('admin.tracking.states.returning'), status: 'RETURNING' },
      // docs/product.md, section 4: the option exists, but no order is ever in that state.
      { value: 'LOADING', label: t('admin.tracking.states.loading'), matchesNothing: true },
    ],
    [t],
  );

  const deliver = (order: AdminOrder) =>
    update.mutate(
      { orderId: order.id, body: { status: DELIVER } },
      {
        onSuccess: () => notifySuccess(t('admin.toasts.statusUpdated', { status: DELIVER })),
        onError: (error) => notifyError(describeActionError(error, t('admin.toasts.updateFailed'))),
      },
    );

  const actions: OrderColumn = {
    id: 'actions',
    header: t('admin.columns.actions'),
    cell: (order) => (
      <OrderActionSelect
        order={order}
        busy={update.isPending && update.variables?.orderId === order.id}
        onAction={(action) => {
          if (action === DELIVER) deliver(order);
          else if (action === CANCEL) setCancelling(order);
          else setRecordingReturn(order);
        }}
      />
    ),
  };

  return (
    <AdminListScreen
      list="inTransit"
      title={t('admin.tracking.title')}
      lead={t('admin.tracking.lead')}
      caption={t('admin.tracking.caption')}
      searchPlaceholder={t('admin.tracking.searchPlaceholder')}
      emptyMessage={t('admin.tracking.empty')}
      loadFailedMessage={t('admin.lists.loadFailed.inTransit')}
      columns={[
        columns.company,
        columns.id,
        columns.origin,
        columns.arrow,
        columns.destination,
        columns.weightKg,
        columns.price,
        columns.status,
        actions,
      ]}
      rowKey={(order) => order.id}
      filter={{ label: t('admin.tracking.stateLabel'), options: stateOptions }}
    >
      {cancelling && (
        <CancelOrderDialog
          order={cancelling}
          reasonRequired={false}
          successMessage={t('admin.toasts.statusUpdated', { status: CANCEL })}
          failureMessage={t('admin.toasts.updateFailed')}
          onClose={() => setCancelling(null)}
        />
      )}
      {recordingReturn && (
        <OfficeReturnDialog
          orderId={recordingReturn.id}
          action="return-delivered"
          onClose={() => setRecordingReturn(null)}
        />
      )}
    </AdminListScreen>
  );
}
