import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { shortenIdForDashboard } from '#shared/format';
import type { AdminOrder } from '#shared/schemas/admin-schemas';
import { OfficeDeliveryReasonSchema } from '#shared/schemas/driver-schemas';
import { FormDialog } from '../../../ui/form-dialog';
import { FormField } from '../../../ui/form-field';
import { inputClassName } from '../../../ui/input-styles';
import { describeActionError } from '../admin-errors';
import { useUpdateOrderStatus } from '../api/admin-api';
import { notifyError, notifySuccess } from '../../../ui/toasts';

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
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateOrderStatus();
  const shortId = t('admin.common.hashId', { id: shortenIdForDashboard(order.id) });

  const submit = () => {
    const checked = OfficeDeliveryReasonSchema.safeParse(reason);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      field.current?.focus();
      return;
    }
    update.mutate(
      { orderId: order.id, body: { status: 'DELIVERED', reason: checked.data } },
      {
        onSuccess: () => {
          notifySuccess(t('admin.toasts.statusUpdated', { status: 'DELIVERED' }));
          onClose();
        },
        onError: (failure) =>
          notifyError(describeActionError(failure, t('admin.toasts.updateFailed'))),
      },
    );
  };

  return (
    <FormDialog
      title={t('admin.officeDelivery.title', { id: shortId })}
      lead={t('admin.officeDelivery.lead')}
      onClose={onClose}
      onSubmit={submit}
      initialFocus={field}
      cancelLabel={t('admin.officeDelivery.back')}
      submitLabel={t('admin.officeDelivery.submit')}
      busyLabel={t('admin.officeDelivery.submitting')}
      busy={update.isPending}
    >
      <FormField label={t('admin.officeDelivery.reason')} error={error}>
        {(control) => (
          <textarea
            ref={field}
            {...control}
            rows={3}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            aria-required
            className={inputClassName(Boolean(error))}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
